// Conversations opened in this tab that have no message yet (the Message button, spec-1 §2). The
// server lists only threads with a message (docs/mail.md "Data"), so the thread list shows these
// as drafts, first, until the first message puts the thread in the list itself; the list of a
// phone's other pane shows them too. Signing out removes them with the rest of the cache.
import { skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { ThreadView } from "../../../domain/contracts/mail";
import { mailKeys } from "./mail";

const draftsKey = () => [...mailKeys.all, "drafts"] as const;

/** Remembers the open conversation as a draft while it has no message. */
export function useRememberDraft(thread: ThreadView | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!thread || thread.latestMessage) return;
    queryClient.setQueryData<ThreadView[]>(draftsKey(), (drafts = []) => [
      thread,
      ...drafts.filter((draft) => draft.id !== thread.id),
    ]);
  }, [queryClient, thread]);
}

/** The drafts not among `listed` (the threads the server listed), newest opened first. */
export function useDraftThreads(listed: ThreadView[]): ThreadView[] {
  // Nothing to fetch (skipToken): the cache entry is the state, so a refetch of every mail query
  // (a reconnect) keeps it.
  const { data = [] } = useQuery<ThreadView[]>({
    queryKey: draftsKey(),
    queryFn: skipToken,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const ids = new Set(listed.map((thread) => thread.id));
  return data.filter((draft) => !ids.has(draft.id));
}
