// spec-1 §2 follower list modal: Friends, Following or Followers of a profile, opened by its owner
// or by whoever the list's audience lets see it (docs/social-and-realtime.md "Private accounts").

import { Link } from "react-router";
import type { FollowListKind } from "../../../domain/contracts/follows";
import { useFollowListQuery } from "../../state/queries/follow-lists";
import { LoadMore } from "../controls/load-more";
import { Dialog } from "../dialog/dialog";
import { LoadError } from "../feedback/load-error";
import { PersonIdentity } from "./person-identity";

const TITLES: Record<FollowListKind, string> = {
  friends: "Friends",
  following: "Following",
  followers: "Followers",
};

export function FollowListDialog({
  userId,
  whose,
  kind,
  onClose,
}: {
  userId: string;
  /** Whose list it is, as the description reads it: 'your', 'Grace Hopper's'. */
  whose: string;
  kind: FollowListKind | null;
  onClose: () => void;
}) {
  const query = useFollowListQuery(userId, kind ?? "followers", kind !== null);
  const people = query.data?.pages.flatMap((page) => page.items) ?? [];
  const title = kind ? TITLES[kind] : "";
  return (
    <Dialog
      open={kind !== null}
      onOpenChange={(open) => !open && onClose()}
      layout="sheet"
      title={title}
      description={`People in ${whose} ${title.toLowerCase()} list`}
      hideDescription
    >
      <div className="overflow-y-auto px-2 py-2">
        {query.isPending ? (
          <p className="px-3 py-6 text-center text-neutral-500">Loading...</p>
        ) : query.isError ? (
          <LoadError
            message="Could not load this list."
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
            className="px-3 py-6"
          />
        ) : people.length === 0 ? (
          <p className="px-3 py-6 text-center text-neutral-500">No {title.toLowerCase()} yet</p>
        ) : (
          <ul>
            {people.map((person) => (
              <li key={person.userId}>
                <Link
                  to={`/${person.handle}`}
                  onClick={onClose}
                  className="flex items-center gap-3 rounded-xl px-3 py-2 hover:bg-neutral-100 dark:hover:bg-neutral-800"
                >
                  <PersonIdentity person={person} />
                </Link>
              </li>
            ))}
          </ul>
        )}
        <LoadMore list={query} label="Load More" className="px-3 py-3" />
      </div>
    </Dialog>
  );
}
