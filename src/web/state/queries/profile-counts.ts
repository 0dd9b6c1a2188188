// Live follow counters (spec-1 §4: "a 'followCountsChanged' event refreshes counts"). New counts
// arrive from the toggle's answer and from realtime profile.counts; they go into every cached copy
// of that profile (profiles.ts caches one per handle it was opened by) and out as a window event
// for anything that keeps counts outside the query cache.
import type { QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { followCounts } from "../../../domain/contracts/follows";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { profileKeys } from "./profiles";

export type FollowCounts = z.infer<typeof followCounts>;

export const FOLLOW_COUNTS_CHANGED = "followCountsChanged";

export interface FollowCountsChangedDetail {
  userId: string;
  counts: FollowCounts;
}

/** Puts `counts` on every cached profile of `userId` and announces the change. Other entries are
 * not written at all, so none looks freshly fetched. */
export function setProfileCounts(queryClient: QueryClient, userId: string, counts: FollowCounts) {
  const cached = queryClient.getQueriesData<ProfileView>({ queryKey: profileKeys.details() });
  for (const [queryKey, profile] of cached) {
    if (profile?.userId === userId) {
      queryClient.setQueryData<ProfileView>(queryKey, { ...profile, counts });
    }
  }
  window.dispatchEvent(
    new CustomEvent<FollowCountsChangedDetail>(FOLLOW_COUNTS_CHANGED, {
      detail: { userId, counts },
    }),
  );
}
