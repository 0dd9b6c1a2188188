// Up to five overlapping avatars of the most recent actors (spec-2 §9). Decorative: the sentence
// next to it names the people.
import type { ActivityGroup } from "../../../domain/contracts/activity";
import { displayName } from "../../../domain/display-name";
import { Avatar } from "../../components/person/avatar";

const STRIP_MAX = 5;

export function AvatarStrip({ actors }: { actors: ActivityGroup["actorsRecent"] }) {
  const shown = actors.slice(0, STRIP_MAX);
  if (shown.length === 0) return null;
  return (
    <span aria-hidden="true" className="flex items-center">
      {shown.map((actor, index) => (
        <Avatar
          key={actor.userId}
          name={displayName(actor)}
          src={actor.profileImageUrl}
          initialsClassName="text-[0.625rem]"
          className={`size-8 ring-2 ring-white dark:ring-neutral-950 ${index > 0 ? "-ml-2.5" : ""}`}
        />
      ))}
    </span>
  );
}
