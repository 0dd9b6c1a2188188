// Moderation across servers (docs/federation.md "Moderation"): the servers we know of with how our
// deliveries to them fare and their domain blocks, the reports that cross servers, and one of our
// people reporting someone elsewhere. The server answers 403 or 404 to anyone but moderators; a
// 4xx is never retried.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  DOMAIN_SEVERITIES,
  domainBlocksResponse,
  federationServersResponse,
  remoteFlagsResponse,
  remoteReportBody,
} from "../../../domain/contracts/federation";
import { ApiRequestError, api, apiRequest } from "../../lib/api";

export type DomainSeverity = (typeof DOMAIN_SEVERITIES)[number];
export type RemoteReportInput = z.input<typeof remoteReportBody>;

export const federationModerationKeys = {
  all: ["federation-moderation"] as const,
  servers: () => [...federationModerationKeys.all, "servers"] as const,
  reports: () => [...federationModerationKeys.all, "reports"] as const,
};

const noRetryOn4xx = (failureCount: number, error: Error) =>
  !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
  failureCount < 3;

export function useFederationServersQuery() {
  return useQuery({
    queryKey: federationModerationKeys.servers(),
    queryFn: ({ signal }) =>
      api.get<typeof federationServersResponse>("/api/federation/servers", signal),
    retry: noRetryOn4xx,
  });
}

const blockPath = (host: string) => `/api/federation/domain-blocks/${encodeURIComponent(host)}`;

/** Blocks a server at a level, changes the level, or (severity null) lifts the block. */
export function useDomainBlockMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { host: string; severity: DomainSeverity | null; note?: string }) =>
      apiRequest<typeof domainBlocksResponse>(blockPath(input.host), {
        method: input.severity ? "PUT" : "DELETE",
        body: input.severity ? { severity: input.severity, note: input.note ?? "" } : undefined,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: federationModerationKeys.all }),
  });
}

export function useRemoteReportsQuery() {
  return useQuery({
    queryKey: federationModerationKeys.reports(),
    queryFn: ({ signal }) => api.get<typeof remoteFlagsResponse>("/api/federation/reports", signal),
    retry: noRetryOn4xx,
  });
}

export function useCloseRemoteReportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<typeof remoteFlagsResponse>(
        `/api/federation/reports/${encodeURIComponent(id)}/close`,
        {},
      ),
    onSuccess: (answer) => queryClient.setQueryData(federationModerationKeys.reports(), answer),
  });
}

/** One of ours reports someone elsewhere (`personId`: our id for them), with `forward` sending
 * their server a Flag from this server. */
export function useRemoteReportMutation(personId: string) {
  return useMutation({
    mutationFn: (input: RemoteReportInput) =>
      api.post(`/api/federation/people/${encodeURIComponent(personId)}/report`, input),
  });
}
