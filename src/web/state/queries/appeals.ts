// The moderators' appeals (docs/safety.md "Appeals"): open or decided, page by page, and a
// decision; afterwards the appeals, the report queue and the log are read again, and cached posts
// too (an approval may bring content back). 404 to anyone who is not a moderator, never retried.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  AppealDecision,
  appealDecisionResponse,
  appealQueuePage,
} from "../../../domain/contracts/appeals";
import { ApiRequestError, api } from "../../lib/api";
import { adminKeys } from "./admin";
import { postKeys } from "./posts";

export type AppealQueueStatus = "open" | "decided";

export const appealKeys = {
  queue: (status: AppealQueueStatus) => [...adminKeys.all, "appeals", status] as const,
};

const noRetryOn4xx = (failureCount: number, error: Error) =>
  !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
  failureCount < 3;

export function useAppealQueueQuery(status: AppealQueueStatus) {
  return useInfiniteQuery({
    queryKey: appealKeys.queue(status),
    queryFn: ({ pageParam, signal }) =>
      api.get<typeof appealQueuePage>(
        `/api/admin/appeals?status=${status}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: noRetryOn4xx,
  });
}

export function useAppealDecisionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: AppealDecision }) =>
      api.post<typeof appealDecisionResponse>(
        `/api/admin/appeals/${encodeURIComponent(id)}/decision`,
        decision,
      ),
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
