// The signed-in person's account standing (docs/safety.md "Account standing", "Appeals"): every
// action taken on them, with its state and appeal, read once per visit to Settings; and an appeal,
// sent once (Idempotency-Key), after which the list is read again. A suspension's signed link
// ("Appealing a suspension") reads and appeals its one action the same way, signed out.
import {
  type UseMutationResult,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { z } from "zod";
import type {
  appealLinkResponse,
  appealResponse,
  standingActionsResponse,
} from "../../../domain/contracts/appeals";
import { apiRequest } from "../../lib/api";
import { sendOnce } from "../once-key";

export const standingKeys = {
  all: ["standing-actions"] as const,
  link: (token: string) => ["appeal-link", token] as const,
};

/** Sends one appeal: the signed-in person's, or through a suspension's link. */
export type AppealSender = UseMutationResult<
  z.output<typeof appealResponse>,
  Error,
  { actionId: string; text: string }
>;

export function useStandingActionsQuery() {
  return useQuery({
    queryKey: standingKeys.all,
    queryFn: ({ signal }) =>
      apiRequest<typeof standingActionsResponse>("/api/safety/standing/actions", { signal }),
  });
}

export function useAppealMutation(): AppealSender {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ actionId, text }: { actionId: string; text: string }) => {
      const path = `/api/safety/actions/${encodeURIComponent(actionId)}/appeal`;
      const body = { text };
      return sendOnce(path, body, (headers) =>
        apiRequest<typeof appealResponse>(path, { method: "POST", body, headers }),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: standingKeys.all }),
  });
}

const linkPath = (token: string) => `/api/safety/appeal-links/${encodeURIComponent(token)}`;

export function useAppealLinkQuery(token: string) {
  return useQuery({
    queryKey: standingKeys.link(token),
    queryFn: ({ signal }) => apiRequest<typeof appealLinkResponse>(linkPath(token), { signal }),
    retry: false,
  });
}

export function useLinkAppealMutation(token: string): AppealSender {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text }: { actionId: string; text: string }) => {
      const path = `${linkPath(token)}/appeal`;
      const body = { text };
      return sendOnce(path, body, (headers) =>
        apiRequest<typeof appealResponse>(path, { method: "POST", body, headers }),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: standingKeys.link(token) }),
  });
}
