// Live follow counters (spec-1 §4: "a 'followCountsChanged' event refreshes counts"). New counts
// arrive from the toggle's answer and from realtime profile.counts; they go into every cached copy
// of that profile (the key factory is profiles.ts's) and out as a window event for anything that
// keeps counts outside the query cache.
import type { QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { followCounts } from "../../../domain/contracts/follows";
import { profileKeys } from "./profiles";

export type FollowCounts = z.infer<typeof followCounts>;

export const FOLLOW_COUNTS_CHANGED = "followCountsChanged";

export interface FollowCountsChangedDetail {
  userId: string;
  counts: FollowCounts;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/** The cached profile's userId, whether the entry is the profile itself or `{ profile }`. */
function cachedUserId(data: unknown): string | undefined {
  if (!isRecord(data)) return undefined;
  if (typeof data.userId === "string") return data.userId;
  return isRecord(data.profile) && typeof data.profile.userId === "string"
    ? data.profile.userId
    : undefined;
}

function withCounts(data: unknown, counts: FollowCounts): unknown {
  if (!isRecord(data)) return data;
  if (typeof data.userId === "string") return { ...data, counts };
  return isRecord(data.profile) ? { ...data, profile: { ...data.profile, counts } } : data;
}

/** Puts `counts` on every cached profile of `userId` and announces the change. */
export function setProfileCounts(queryClient: QueryClient, userId: string, counts: FollowCounts) {
  queryClient.setQueriesData<unknown>(
    { queryKey: profileKeys.all, predicate: (query) => cachedUserId(query.state.data) === userId },
    (cached: unknown) => withCounts(cached, counts),
  );
  window.dispatchEvent(
    new CustomEvent<FollowCountsChangedDetail>(FOLLOW_COUNTS_CHANGED, {
      detail: { userId, counts },
    }),
  );
}
