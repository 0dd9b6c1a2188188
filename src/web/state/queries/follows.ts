// Follow relations (spec-1 §4 "Follow", §7 follow-toggle): whether the viewer follows someone,
// and the toggle. The viewer's following set lives in three kinds of cache entries — the status per
// person, the `following` flag of search results and of people to follow — and `setFollowing`
// keeps them in step, for the optimistic toggle and for realtime follow.changed alike.
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { followStatusResponse, followToggleResponse } from "../../../domain/contracts/follows";
import { api } from "../../lib/api";
import { safetyRefusal } from "../../lib/safety-refusal";
import { toast } from "../../lib/toast";
import { setProfileCounts } from "./profile-counts";
import { searchResultsListing, setFollowingInSearchResults } from "./search";
import { useSessionUser } from "./session";
import { setFollowingInSuggestions } from "./suggestions";

export const FOLLOW_FAILED = "Could not update follow. Please try again.";

export const followKeys = {
  all: ["follows"] as const,
  statuses: () => [...followKeys.all, "status"] as const,
  status: (userId: string) => [...followKeys.statuses(), userId] as const,
};

type FollowStatus = z.infer<typeof followStatusResponse>;

/** Records that the viewer now does (or does not) follow `userId`, wherever that is cached. */
export function setFollowing(queryClient: QueryClient, userId: string, following: boolean): void {
  queryClient.setQueryData<FollowStatus>(followKeys.status(userId), { following });
  setFollowingInSearchResults(queryClient, userId, following);
  setFollowingInSuggestions(queryClient, userId, following);
}

/** Whether the signed-in viewer follows `userId`; idle when signed out or for oneself. */
export function useFollowStatus(userId: string | null | undefined) {
  const { user } = useSessionUser();
  return useQuery({
    queryKey: followKeys.status(userId ?? ""),
    queryFn: ({ signal }) =>
      api.get<typeof followStatusResponse>(
        `/api/follows/status/${encodeURIComponent(userId ?? "")}`,
        signal,
      ),
    enabled: Boolean(user && userId && user.id !== userId),
    select: (data) => data.following,
  });
}

export interface ToggleFollowInput {
  targetUserId: string;
  /** What the screen showed when the person pressed the button. */
  following: boolean;
}

/** Optimistic: the button flips at once and flips back (with a toast) if the server says no. */
export function useToggleFollowMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ targetUserId }: ToggleFollowInput) =>
      api.post<typeof followToggleResponse>("/api/follows/toggle", { targetUserId }),
    onMutate: async ({ targetUserId, following }) => {
      // An answer already on its way must not undo the optimistic flag when it lands. Only
      // entries that hold this person are stopped: they keep their data, nothing is left empty.
      await Promise.all([
        queryClient.cancelQueries({ queryKey: followKeys.status(targetUserId) }),
        queryClient.cancelQueries(searchResultsListing(targetUserId)),
      ]);
      setFollowing(queryClient, targetUserId, !following);
    },
    onError: (error, { targetUserId, following }) => {
      setFollowing(queryClient, targetUserId, following);
      // spec-1 §8 only logs follow errors; a person should still see that it did not work, and
      // why when it is a restriction or their own block (docs/safety.md).
      console.error("Follow toggle failed", error);
      toast.error(safetyRefusal(error) ?? FOLLOW_FAILED);
    },
    onSuccess: (data, { targetUserId }) => {
      setFollowing(queryClient, targetUserId, data.following);
      setProfileCounts(queryClient, targetUserId, data.counts);
    },
  });
}
