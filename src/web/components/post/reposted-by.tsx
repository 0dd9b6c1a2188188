// The line above a post in the home feed because someone the reader follows reposted it, and on the
// reposter's profile above each of their reposts (docs/feed.md "Reposts and quotes"): "Reposted
// by {name}", linking to the reposter's profile.
import { Repeat2 } from "lucide-react";
import { Link } from "react-router";
import type { PostView } from "../../../domain/contracts/posts";
import { PersonName } from "../person/person-name";

export function RepostedBy({ repost }: { repost: PostView["repostedBy"] }) {
  if (!repost) return null;
  return (
    <p className="mb-1 flex min-w-0 items-center gap-2 pl-7 text-sm text-neutral-500 dark:text-neutral-400">
      <Repeat2 aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 truncate">
        Reposted by{" "}
        <Link
          to={`/${repost.person.handle}`}
          className="font-semibold text-neutral-700 hover:underline dark:text-neutral-200"
        >
          <PersonName person={repost.person} />
        </Link>
      </span>
    </p>
  );
}
