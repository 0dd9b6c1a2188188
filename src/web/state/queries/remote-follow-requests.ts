// A private account's follow requests from people on other servers (docs/federation.md "Follows"):
// the list (the newest 200, one read) and Approve and Decline, which the server answers with Accept
// or Reject to their server. As with the requests from here (follow-requests.ts), an answered
// request leaves the list at once and comes back, with a toast, if the server refuses. No Activity
// item or realtime message announces one, so the list is read again as often as Activity is.
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  RemoteFollowRequestView,
  remoteFollowRequestsResponse,
} from "../../../domain/contracts/federation";
import type { followRequestApproveResponse } from "../../../domain/contracts/follow-requests";
import { api, apiRequest } from "../../lib/api";
import { ACTIVITY_POLL_MS, activityKeys, invalidateActivity } from "./activity";
import type { FollowAnswer } from "./follow-requests";
import { setProfileCounts } from "./profile-counts";
import { useSessionUser } from "./session";

export const remoteFollowRequestKeys = {
  list: () => [...activityKeys.all, "remote-follow-requests"] as const,
};

type RequestsData = z.infer<typeof remoteFollowRequestsResponse>;

const requestPath = (id: string) => `/api/federation/follow-requests/${encodeURIComponent(id)}`;

export function useRemoteFollowRequestsQuery() {
  return useQuery({
    queryKey: remoteFollowRequestKeys.list(),
    queryFn: ({ signal }) =>
      api.get<typeof remoteFollowRequestsResponse>("/api/federation/follow-requests", signal),
    refetchInterval: ACTIVITY_POLL_MS,
  });
}

/** Takes the request out of the cached list; answers the list as it was, for a rollback. */
async function removeRequest(
  queryClient: QueryClient,
  id: string,
): Promise<RequestsData | undefined> {
  const key = remoteFollowRequestKeys.list();
  await queryClient.cancelQueries({ queryKey: key });
  const previous = queryClient.getQueryData<RequestsData>(key);
  if (previous) {
    queryClient.setQueryData<RequestsData>(key, {
      items: previous.items.filter((item) => item.id !== id),
    });
  }
  return previous;
}

/** Approve or Decline one request from elsewhere. The caller says what to tell the person. */
export function useAnswerRemoteFollowRequestMutation() {
  const queryClient = useQueryClient();
  const { user } = useSessionUser();
  return useMutation({
    mutationFn: async ({
      request,
      answer,
    }: {
      request: RemoteFollowRequestView;
      answer: FollowAnswer;
    }) => {
      if (answer === "approve") {
        const path = `${requestPath(request.id)}/approve`;
        return (await api.post<typeof followRequestApproveResponse>(path, {})).counts;
      }
      await apiRequest(requestPath(request.id), { method: "DELETE" });
      return null;
    },
    onMutate: ({ request }) => removeRequest(queryClient, request.id),
    onError: (_error, _input, previous) => {
      if (previous) queryClient.setQueryData(remoteFollowRequestKeys.list(), previous);
    },
    // The counters move as for an approval of someone here (profile-counts.ts).
    onSuccess: (counts) => {
      if (counts && user) setProfileCounts(queryClient, user.id, counts);
    },
    onSettled: () => invalidateActivity(queryClient),
  });
}
