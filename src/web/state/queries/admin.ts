// The moderation queue (docs/safety.md "Moderate"): open or closed report groups, the actions
// on a target, and the audit log. The server answers 404 to anyone who is not a moderator, which
// the screen shows as its normal 'Page not found'; a 4xx is never retried.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  auditPage,
  moderationRequest,
  moderationResponse,
  reportQueuePage,
} from "../../../domain/contracts/safety";
import { ApiRequestError, api } from "../../lib/api";
import { postKeys } from "./posts";

export type QueueStatus = "open" | "closed";
export type ModerationInput = z.input<typeof moderationRequest>;

export const adminKeys = {
  all: ["admin"] as const,
  queue: (status: QueueStatus) => [...adminKeys.all, "reports", status] as const,
  audit: () => [...adminKeys.all, "audit"] as const,
};

const noRetryOn4xx = (failureCount: number, error: Error) =>
  !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
  failureCount < 3;

function withCursor(path: string, cursor: string | null): string {
  if (!cursor) return path;
  return `${path}${path.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}`;
}

export function useReportQueueQuery(status: QueueStatus) {
  return useInfiniteQuery({
    queryKey: adminKeys.queue(status),
    queryFn: ({ pageParam, signal }) =>
      api.get<typeof reportQueuePage>(
        withCursor(`/api/admin/reports?status=${status}`, pageParam),
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: noRetryOn4xx,
    // The screen and its Open tab read one entry: the tab mounting must not load it again.
    staleTime: 30_000,
  });
}

export function useAuditLogQuery() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(),
    queryFn: ({ pageParam, signal }) =>
      api.get<typeof auditPage>(withCursor("/api/admin/audit", pageParam), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: noRetryOn4xx,
  });
}

/** Dismiss, remove, restrict, suspend or restore. Afterwards the queue and the log are refetched,
 * and cached posts too: removed or restored content changes what lists hold. */
export function useModerationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ModerationInput) =>
      api.post<typeof moderationResponse>("/api/admin/actions", input),
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

/** Admins (ADMIN_EMAILS) make someone a moderator by their sign-up address; the log shows it. */
export function useGrantModeratorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api.post<typeof moderationResponse>("/api/admin/moderators", { email }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
  });
}
