// The line above a post from elsewhere that is in the home feed because someone followed there
// boosted it (docs/federation.md "Posts from elsewhere"): "Boosted by {name}", linking to the
// booster's page here.
import { Repeat2 } from "lucide-react";
import { Link } from "react-router";
import type { PostView } from "../../../domain/contracts/posts";
import { PersonName } from "../person/person-name";

export function BoostedBy({ booster }: { booster: NonNullable<PostView["remote"]>["boostedBy"] }) {
  if (!booster) return null;
  return (
    <p className="mb-1 flex min-w-0 items-center gap-2 pl-7 text-sm text-neutral-500 dark:text-neutral-400">
      <Repeat2 aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 truncate">
        Boosted by{" "}
        <Link
          to={`/@${booster.handle}`}
          className="font-semibold text-neutral-700 hover:underline dark:text-neutral-200"
        >
          <PersonName person={{ fullName: booster.name, handle: `@${booster.handle}` }} />
        </Link>
      </span>
    </p>
  );
}
