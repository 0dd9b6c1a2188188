// Activity (spec-2 §2 "Activity page", §4 "Activity entries"): the groups, the unread count behind
// the menu badge, and marking read. Both lists are polled every 30 s (spec-1 §7, §9) and refetched
// at once when the realtime 'activity.created' message arrives (realtime-handler.ts).
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  ActivityGroup,
  activityResponse,
  markGroupReadBody,
  unreadCountResponse,
} from "../../../domain/contracts/activity";
import type { okResponse } from "../../../domain/contracts/auth";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";

export const ACTIVITY_POLL_MS = 30_000;

export const MARK_ALL_FAILED = "Could not mark activity as read. Please try again.";

export const activityKeys = {
  all: ["activity"] as const,
  unreadCount: () => [...activityKeys.all, "unread-count"] as const,
  groups: () => [...activityKeys.all, "groups"] as const,
};

type ActivityData = z.infer<typeof activityResponse>;
type UnreadCount = z.infer<typeof unreadCountResponse>;

export function useUnreadActivityCount(signedIn: boolean) {
  return useQuery({
    queryKey: activityKeys.unreadCount(),
    queryFn: ({ signal }) =>
      api.get<typeof unreadCountResponse>("/api/activity/unread-count", signal),
    enabled: signedIn,
    refetchInterval: ACTIVITY_POLL_MS,
    staleTime: ACTIVITY_POLL_MS,
    select: (data) => data.count,
  });
}

/** The reader's activity groups, as the server sends them (newest first). */
export function useActivityQuery() {
  return useQuery({
    queryKey: activityKeys.groups(),
    queryFn: ({ signal }) => api.get<typeof activityResponse>("/api/activity", signal),
    refetchInterval: ACTIVITY_POLL_MS,
  });
}

/** The realtime 'activity.created' message: something new, so ask again for both. */
export function invalidateActivity(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: activityKeys.all });
}

export type GroupRef = z.infer<typeof markGroupReadBody>;

/** A group's keys: its type, post, post from elsewhere, and a report outcome's action. */
export const groupRefOf = (group: ActivityGroup): GroupRef => ({
  groupType: group.groupType,
  postId: group.postId,
  noteId: group.noteId,
  actionId: group.reportOutcome?.actionId ?? null,
});

const sameGroup = (a: GroupRef, b: GroupRef) =>
  a.groupType === b.groupType &&
  a.postId === b.postId &&
  (a.noteId ?? null) === (b.noteId ?? null) &&
  (a.actionId ?? null) === (b.actionId ?? null);

interface Snapshot {
  groups: ActivityData | undefined;
  count: UnreadCount | undefined;
}

/** Stops answers already on their way (they would undo the optimistic change) and keeps the
 * current values for a rollback. */
async function snapshot(queryClient: QueryClient): Promise<Snapshot> {
  await Promise.all([
    queryClient.cancelQueries({ queryKey: activityKeys.groups() }),
    queryClient.cancelQueries({ queryKey: activityKeys.unreadCount() }),
  ]);
  return {
    groups: queryClient.getQueryData<ActivityData>(activityKeys.groups()),
    count: queryClient.getQueryData<UnreadCount>(activityKeys.unreadCount()),
  };
}

function restore(queryClient: QueryClient, previous: Snapshot | undefined): void {
  if (!previous) return;
  queryClient.setQueryData(activityKeys.groups(), previous.groups);
  queryClient.setQueryData(activityKeys.unreadCount(), previous.count);
}

/** Afterwards the server's own numbers win, whatever the guess was. */
function refetchActivity(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: activityKeys.all });
}

/**
 * Marks one group read (spec-2 §4: opening an entry marks its group read). Optimistic: the entry
 * loses its unread flag at once and the badge goes down. The badge counts unread events, not
 * groups, so the new number is an estimate: 0 when nothing is left unread, else lowered by the
 * group's actors but never below the number of groups still unread; the refetch then corrects it.
 */
export function useMarkGroupReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: GroupRef) =>
      // Only the group's keys go out, whatever else the caller's object carries.
      api.post<typeof okResponse>("/api/activity/read", {
        groupType: group.groupType,
        postId: group.postId,
        ...(group.noteId ? { noteId: group.noteId } : {}),
        ...(group.actionId ? { actionId: group.actionId } : {}),
      }),
    onMutate: async (group) => {
      const previous = await snapshot(queryClient);
      const groups = previous.groups?.groups;
      const target = groups?.find((g) => sameGroup(groupRefOf(g), group));
      if (groups) {
        queryClient.setQueryData<ActivityData>(activityKeys.groups(), {
          ...previous.groups,
          groups: groups.map((g) =>
            sameGroup(groupRefOf(g), group) ? { ...g, unread: false } : g,
          ),
        });
      }
      if (previous.count && (!target || target.unread)) {
        const stillUnread =
          groups?.filter((g) => g.unread && !sameGroup(groupRefOf(g), group)).length ?? 0;
        const lowered = previous.count.count - Math.max(1, target?.actorCount ?? 1);
        queryClient.setQueryData<UnreadCount>(activityKeys.unreadCount(), {
          count: groups && stillUnread === 0 ? 0 : Math.max(stillUnread, lowered, 0),
        });
      }
      return previous;
    },
    onError: (error, _group, previous) => {
      restore(queryClient, previous);
      // The reader has usually moved on to the post already; the entry simply stays unread.
      console.error("Marking activity read failed", error);
    },
    onSettled: () => refetchActivity(queryClient),
  });
}

/** 'Mark all as read': every entry read and the badge at 0 at once; put back if refused. */
export function useMarkAllReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<typeof okResponse>("/api/activity/read-all", {}),
    onMutate: async () => {
      const previous = await snapshot(queryClient);
      if (previous.groups) {
        queryClient.setQueryData<ActivityData>(activityKeys.groups(), {
          ...previous.groups,
          groups: previous.groups.groups.map((g) => (g.unread ? { ...g, unread: false } : g)),
        });
      }
      if (previous.count)
        queryClient.setQueryData<UnreadCount>(activityKeys.unreadCount(), { count: 0 });
      return previous;
    },
    onError: (error, _vars, previous) => {
      restore(queryClient, previous);
      console.error("Marking all activity read failed", error);
      toast.error(MARK_ALL_FAILED);
    },
    onSettled: () => refetchActivity(queryClient),
  });
}
