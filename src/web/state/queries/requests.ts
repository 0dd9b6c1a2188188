// Requests (docs/notifications.md "Requests"): what the filter of new accounts held back from
// Activity, grouped by sender, and Accept and Dismiss. Kept with Activity's queries (their key is
// under it), so the realtime 'activity.created' and a reconnection ask again for both; polled as
// Activity is.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { okResponse } from "../../../domain/contracts/auth";
import type { requestsResponse } from "../../../domain/contracts/requests";
import { api } from "../../lib/api";
import { ACTIVITY_POLL_MS, activityKeys } from "./activity";
import { mailKeys } from "./mail";

export const requestKeys = {
  list: () => [...activityKeys.all, "requests"] as const,
};

export type RequestAnswer = "accept" | "dismiss";

const answerPath = (senderId: string, answer: RequestAnswer) =>
  `/api/requests/${encodeURIComponent(senderId)}/${answer}`;

/** The senders whose comments, replies and mentions wait, newest first. */
export function useRequestsQuery() {
  return useQuery({
    queryKey: requestKeys.list(),
    queryFn: ({ signal }) => api.get<typeof requestsResponse>("/api/requests", signal),
    refetchInterval: ACTIVITY_POLL_MS,
    select: (data) => data.senders,
  });
}

/**
 * Accept moves what waits from the sender into Activity and their message request into Mail
 * (both asked again); Dismiss drops what waits in Activity. Either way the sender leaves the list
 * at once, and comes back if the server refused.
 */
export function useAnswerRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ senderId, answer }: { senderId: string; answer: RequestAnswer }) =>
      api.post<typeof okResponse>(answerPath(senderId, answer), {}),
    onMutate: async ({ senderId }) => {
      await queryClient.cancelQueries({ queryKey: requestKeys.list() });
      const previous = queryClient.getQueryData<{ senders: { sender: { userId: string } }[] }>(
        requestKeys.list(),
      );
      if (previous) {
        queryClient.setQueryData(requestKeys.list(), {
          ...previous,
          senders: previous.senders.filter((s) => s.sender.userId !== senderId),
        });
      }
      return previous;
    },
    onError: (_error, _vars, previous) => {
      if (previous) queryClient.setQueryData(requestKeys.list(), previous);
    },
    onSettled: (_data, _error, { answer }) => {
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
      if (answer === "accept") void queryClient.invalidateQueries({ queryKey: mailKeys.all });
    },
  });
}
