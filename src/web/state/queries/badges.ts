// Badge requests (docs/safety.md "Badges"): the person's own requests of each kind with their
// mutations, and the moderators' queue with its decisions. A decision that changes a mark
// refreshes cached profiles (the server publishes profile.changed, so its own caches drop them).
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BadgeDecision,
  BadgeKind,
  BadgeStatus,
  badgeQueuePage,
  orgEmailCodeResponse,
  ownBadgeRequest,
  ownBadgeRequests,
  queuedBadgeRequest,
  YellowRequestBody,
} from "../../../domain/contracts/badges";
import { ApiRequestError, api, apiRequest } from "../../lib/api";
import { adminKeys } from "./admin";
import { profileKeys } from "./profiles";

export const badgeKeys = {
  all: ["badges"] as const,
  mine: () => [...badgeKeys.all, "mine"] as const,
  queue: (status: BadgeStatus) => [...adminKeys.all, "badge-requests", status] as const,
};

export function useOwnBadgeRequestsQuery() {
  return useQuery({
    queryKey: badgeKeys.mine(),
    queryFn: ({ signal }) => api.get<typeof ownBadgeRequests>("/api/badges/requests", signal),
  });
}

function useOwnMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: badgeKeys.mine() }),
  });
}

export const useYellowRequestMutation = () =>
  useOwnMutation((body: YellowRequestBody) =>
    api.post<typeof ownBadgeRequest>("/api/badges/yellow", body),
  );

export const useOrgEmailConfirmMutation = () =>
  useOwnMutation((code: string) =>
    api.post<typeof ownBadgeRequest>("/api/badges/yellow/org-email", { code }),
  );

export function useOrgEmailResendMutation() {
  return useMutation({
    mutationFn: () =>
      api.post<typeof orgEmailCodeResponse>("/api/badges/yellow/org-email/code", {}),
  });
}

export const useVeteranRequestMutation = () =>
  useOwnMutation((file: File) => {
    const form = new FormData();
    form.append("file", file, file.name);
    return apiRequest<typeof ownBadgeRequest>("/api/badges/veteran", {
      method: "POST",
      body: form,
    });
  });

export const useAnswerMutation = (kind: BadgeKind) =>
  useOwnMutation((body: { answer: string; links: string[] }) =>
    api.post<typeof ownBadgeRequest>(`/api/badges/${kind}/answer`, body),
  );

const noRetryOn4xx = (failureCount: number, error: Error) =>
  !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
  failureCount < 3;

export function useBadgeQueueQuery(status: BadgeStatus) {
  return useInfiniteQuery({
    queryKey: badgeKeys.queue(status),
    queryFn: ({ pageParam, signal }) =>
      api.get<typeof badgeQueuePage>(
        `/api/admin/badge-requests?status=${status}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: noRetryOn4xx,
  });
}

export function useBadgeDecisionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: BadgeDecision }) =>
      api.post<typeof queuedBadgeRequest>(`/api/admin/badge-requests/${id}/decision`, decision),
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
