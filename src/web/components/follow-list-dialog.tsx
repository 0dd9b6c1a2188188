// spec-1 §2 follower list modal: Friends, Following or Followers of the owner's own profile.

import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { Link } from "react-router";
import type { FollowListKind } from "../../domain/contracts/follows";
import { useFollowListQuery } from "../state/queries/follow-lists";
import { Avatar } from "./avatar";
import { Button } from "./button";
import { ProfileBadges } from "./profile-badges";

const TITLES: Record<FollowListKind, string> = {
  friends: "Friends",
  following: "Following",
  followers: "Followers",
};

export function FollowListDialog({
  userId,
  kind,
  onClose,
}: {
  userId: string;
  kind: FollowListKind | null;
  onClose: () => void;
}) {
  const query = useFollowListQuery(userId, kind ?? "followers", kind !== null);
  const people = query.data?.pages.flatMap((page) => page.items) ?? [];
  const title = kind ? TITLES[kind] : "";
  return (
    <Dialog.Root open={kind !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col rounded-t-2xl bg-white shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[min(28rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl dark:bg-neutral-900">
          <div className="flex items-center justify-between border-b border-neutral-200 px-5 py-3 dark:border-neutral-800">
            <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
            <Dialog.Description className="sr-only">
              People in your {title.toLowerCase()} list
            </Dialog.Description>
            <Dialog.Close
              aria-label="Close"
              className="flex size-10 items-center justify-center rounded-full hover:bg-neutral-100 dark:hover:bg-neutral-800"
            >
              <X aria-hidden="true" size={20} />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-2 py-2">
            {query.isPending ? (
              <p className="px-3 py-6 text-center text-neutral-500">Loading...</p>
            ) : query.isError ? (
              <div className="space-y-3 px-3 py-6 text-center">
                <p className="text-neutral-600 dark:text-neutral-400">Could not load this list.</p>
                <Button variant="secondary" onClick={() => query.refetch()}>
                  Retry
                </Button>
              </div>
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
                      <Avatar
                        name={person.fullName}
                        src={person.profileImageUrl}
                        className="size-10"
                      />
                      <span className="min-w-0">
                        <span className="flex items-center gap-1 font-semibold">
                          <span className="truncate">{person.fullName}</span>
                          <ProfileBadges
                            verificationType={person.verificationType}
                            veteran={person.veteran}
                            size={16}
                          />
                        </span>
                        <span className="block truncate text-sm text-neutral-500">
                          @{person.handle}
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {query.hasNextPage ? (
              <div className="px-3 py-3 text-center">
                <Button
                  variant="secondary"
                  busy={query.isFetchingNextPage}
                  onClick={() => query.fetchNextPage()}
                >
                  {query.isFetchingNextPage ? "Loading…" : "Load More"}
                </Button>
              </div>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
