// The owner's Friends / Following / Followers lists (spec-1 §2 follower list modal), page by page.
import { useInfiniteQuery } from "@tanstack/react-query";
import type { FollowListKind, followListResponse } from "../../../domain/contracts/follows";
import { api } from "../../lib/api";

export const followListKeys = {
  all: ["follow-lists"] as const,
  list: (userId: string, kind: FollowListKind) => [...followListKeys.all, userId, kind] as const,
};

const PAGE_SIZE = 30;

export function useFollowListQuery(userId: string, kind: FollowListKind, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: followListKeys.list(userId, kind),
    queryFn: ({ pageParam, signal }) => {
      const cursor = pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : "";
      return api.get<typeof followListResponse>(
        `/api/follows/${encodeURIComponent(userId)}/${kind}?limit=${PAGE_SIZE}${cursor}`,
        signal,
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    staleTime: 30_000,
  });
}
