// Badge requests (docs/safety.md "Badges"): the person's own requests of each kind with their
// mutations, and the moderators' queue with its decisions. A decision that changes a mark
// refreshes cached profiles (the server publishes profile.changed, so its own caches drop them).
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type BadgeDecision,
  type BadgeKind,
  type BadgeStatus,
  badgeQueuePage,
  orgEmailCodeResponse,
  ownBadgeRequest,
  ownBadgeRequests,
  queuedBadgeRequest,
  type YellowRequestBody,
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
    queryFn: ({ signal }) => api.get("/api/badges/requests", ownBadgeRequests, signal),
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
    api.post("/api/badges/yellow", body, ownBadgeRequest),
  );

export const useOrgEmailConfirmMutation = () =>
  useOwnMutation((code: string) =>
    api.post("/api/badges/yellow/org-email", { code }, ownBadgeRequest),
  );

export function useOrgEmailResendMutation() {
  return useMutation({
    mutationFn: () => api.post("/api/badges/yellow/org-email/code", {}, orgEmailCodeResponse),
  });
}

export const useVeteranRequestMutation = () =>
  useOwnMutation((file: File) => {
    const form = new FormData();
    form.append("file", file, file.name);
    return apiRequest("/api/badges/veteran", {
      method: "POST",
      body: form,
      schema: ownBadgeRequest,
    });
  });

export const useAnswerMutation = (kind: BadgeKind) =>
  useOwnMutation((body: { answer: string; links: string[] }) =>
    api.post(`/api/badges/${kind}/answer`, body, ownBadgeRequest),
  );

const noRetryOn4xx = (failureCount: number, error: Error) =>
  !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
  failureCount < 3;

export function useBadgeQueueQuery(status: BadgeStatus) {
  return useInfiniteQuery({
    queryKey: badgeKeys.queue(status),
    queryFn: ({ pageParam, signal }) =>
      api.get(
        `/api/admin/badge-requests?status=${status}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
        badgeQueuePage,
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
      api.post(`/api/admin/badge-requests/${id}/decision`, decision, queuedBadgeRequest),
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
