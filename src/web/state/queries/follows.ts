// Follow relations (spec-1 §4 "Follow", §7 follow-toggle; docs/social-and-realtime.md "Private
// accounts"): how the viewer stands to someone — no follow, a request waiting for a private
// account's owner, or a follow — and the toggle. The viewer's following set lives in three kinds
// of cache entries — the state per person, the `following` flag of search results and of people to
// follow — and `setFollowing` keeps them in step, for the optimistic toggle and for realtime
// follow.changed alike. Lists carry only the flag, so a waiting request is known from the state
// entry alone.
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  FollowState,
  followStatusResponse,
  followToggleResponse,
} from "../../../domain/contracts/follows";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { api } from "../../lib/api";
import { safetyRefusal } from "../../lib/safety-refusal";
import { toast } from "../../lib/toast";
import { sendOnce } from "../once-key";
import { postKeys } from "./posts";
import { setProfileCounts } from "./profile-counts";
import { profileKeys } from "./profiles";
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

/** Records how the viewer now stands to `userId`, wherever that is cached. */
export function setFollowing(queryClient: QueryClient, userId: string, state: FollowState): void {
  const following = state === "following";
  queryClient.setQueryData<FollowStatus>(followKeys.status(userId), { following, state });
  setFollowingInSearchResults(queryClient, userId, following);
  setFollowingInSuggestions(queryClient, userId, following);
}

/** A private profile on screen shows its posts only to followers: once a follow begins or ends,
 * it is read again for its `postsHidden`, and so are its posts (the page may have come with an
 * empty first page of them, page-data.ts). */
export function refreshPrivateProfile(queryClient: QueryClient, userId: string): void {
  const isPrivate = queryClient
    .getQueriesData<ProfileView>({ queryKey: profileKeys.details() })
    .some(([, profile]) => profile?.userId === userId && profile.privateAccount);
  if (!isPrivate) return;
  void queryClient.invalidateQueries({
    queryKey: profileKeys.details(),
    predicate: (query) => (query.state.data as ProfileView | undefined)?.userId === userId,
  });
  void queryClient.invalidateQueries({ queryKey: postKeys.userPosts(userId) });
}

/**
 * How the signed-in viewer stands to `userId`. `ask` false reads only what is cached (a list
 * already says whether the viewer follows); nothing is asked when signed out or for oneself.
 */
export function useFollowState(userId: string, ask: boolean) {
  const { user } = useSessionUser();
  return useQuery({
    queryKey: followKeys.status(userId),
    queryFn: ({ signal }) =>
      api.get<typeof followStatusResponse>(
        `/api/follows/status/${encodeURIComponent(userId)}`,
        signal,
      ),
    enabled: ask && Boolean(user && userId && user.id !== userId),
    select: (data) => data.state,
  });
}

export interface ToggleFollowInput {
  targetUserId: string;
  /** What the screen showed when the person pressed the button. */
  state: FollowState;
  /** Whether the person's account is private, when the screen knows: a follow becomes a request. */
  privateAccount?: boolean | undefined;
  /** The state came from a list's `following` flag, which cannot tell a waiting request from no
   * follow: the status is asked first, so pressing Follow never takes back a request unseen. */
  unsure?: boolean | undefined;
}

type ToggleAnswer = Omit<z.infer<typeof followToggleResponse>, "counts"> & {
  counts: z.infer<typeof followToggleResponse>["counts"] | null;
};

async function toggleFollow({ targetUserId, state, unsure }: ToggleFollowInput) {
  if (unsure && state === "none") {
    const known = await api.get<typeof followStatusResponse>(
      `/api/follows/status/${encodeURIComponent(targetUserId)}`,
    );
    // Already asked (or following): that is what pressing Follow wanted; nothing to change.
    if (known.state !== "none") return { ...known, counts: null } satisfies ToggleAnswer;
  }
  const path = "/api/follows/toggle";
  const body = { targetUserId };
  return sendOnce(
    path,
    body,
    (headers) => api.post<typeof followToggleResponse>(path, body, headers),
    `${path}/${targetUserId}`,
  );
}

/** What the button shows while the toggle runs: a request or a follow is taken back; otherwise a
 * follow, or a request when the account is known to be private (the answer corrects a guess). */
export function expectedState({ state, privateAccount }: ToggleFollowInput): FollowState {
  if (state !== "none") return "none";
  return privateAccount ? "requested" : "following";
}

/** Optimistic: the button changes at once and changes back (with a toast) if the server says no. */
export function useToggleFollowMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ToggleFollowInput): Promise<ToggleAnswer> => toggleFollow(input),
    onMutate: async (input) => {
      const { targetUserId } = input;
      // An answer already on its way must not undo the optimistic state when it lands. Only
      // entries that hold this person are stopped: they keep their data, nothing is left empty.
      await Promise.all([
        queryClient.cancelQueries({ queryKey: followKeys.status(targetUserId) }),
        queryClient.cancelQueries(searchResultsListing(targetUserId)),
      ]);
      setFollowing(queryClient, targetUserId, expectedState(input));
    },
    onError: (error, { targetUserId, state }) => {
      setFollowing(queryClient, targetUserId, state);
      // spec-1 §8 only logs follow errors; a person should still see that it did not work, and
      // why when it is a restriction or their own block (docs/safety.md).
      console.error("Follow toggle failed", error);
      toast.error(safetyRefusal(error) ?? FOLLOW_FAILED);
    },
    onSuccess: (data, { targetUserId }) => {
      setFollowing(queryClient, targetUserId, data.state);
      if (data.counts) setProfileCounts(queryClient, targetUserId, data.counts);
      refreshPrivateProfile(queryClient, targetUserId);
    },
  });
}
