// Activity (spec-2 §2): for now only the unread count behind the menu badge, polled every 30 s
// (spec-1 §9) and only while someone is signed in.
import { useQuery } from "@tanstack/react-query";
import { unreadCountResponse } from "../../../domain/contracts/activity";
import { api } from "../../lib/api";

const ACTIVITY_POLL_MS = 30_000;

export const activityKeys = {
  all: ["activity"] as const,
  unreadCount: () => [...activityKeys.all, "unread-count"] as const,
};

export function useUnreadActivityCount(signedIn: boolean) {
  return useQuery({
    queryKey: activityKeys.unreadCount(),
    queryFn: ({ signal }) => api.get("/api/activity/unread-count", unreadCountResponse, signal),
    enabled: signedIn,
    refetchInterval: ACTIVITY_POLL_MS,
    staleTime: ACTIVITY_POLL_MS,
    select: (data) => data.count,
  });
}
