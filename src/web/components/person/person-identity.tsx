// A person as a row shows them when the whole row is one control (a link, an option): avatar,
// name with badges, @handle. PersonLine is the same with links of its own.
import type { PersonSummary } from "../../../domain/contracts/follows";
import { displayName } from "../../../domain/display-name";
import { Avatar } from "./avatar";
import { PersonName } from "./person-name";
import { ProfileBadges } from "./profile-badges";

export function PersonIdentity({ person }: { person: PersonSummary }) {
  return (
    <>
      <Avatar name={displayName(person)} src={person.profileImageUrl} className="size-10" />
      <span className="flex min-w-0 flex-col">
        <span className="flex min-w-0 items-center gap-1">
          <span className="truncate font-semibold">
            <PersonName person={person} />
          </span>
          <ProfileBadges
            verificationType={person.verificationType}
            veteran={person.veteran}
            size={16}
          />
        </span>
        <span className="truncate text-sm text-neutral-500 dark:text-neutral-400">
          @{person.handle}
        </span>
      </span>
    </>
  );
}
