// The signed-in person's account standing (docs/safety.md "Account standing", "Appeals"): every
// action taken on them, with its state and appeal, read once per visit to Settings; and an appeal,
// sent once (Idempotency-Key), after which the list is read again.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { appealResponse, standingActionsResponse } from "../../../domain/contracts/appeals";
import { apiRequest } from "../../lib/api";
import { sendOnce } from "../once-key";

export const standingKeys = {
  all: ["standing-actions"] as const,
};

export function useStandingActionsQuery() {
  return useQuery({
    queryKey: standingKeys.all,
    queryFn: ({ signal }) =>
      apiRequest<typeof standingActionsResponse>("/api/safety/standing/actions", { signal }),
  });
}

export function useAppealMutation() {
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
