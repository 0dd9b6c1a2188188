// A private account's waiting follow requests (docs/social-and-realtime.md "Private accounts"):
// the list, page by page, and Approve and Decline. An answered request leaves the list at once and
// comes back, with a toast, if the server refuses. The list sits under the activity keys, so the
// realtime 'activity.created' of a new request and Activity's polling read it again with the rest.
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type { z } from "zod";
import type {
  FollowRequestView,
  followRequestApproveResponse,
  followRequestsResponse,
} from "../../../domain/contracts/follow-requests";
import { api } from "../../lib/api";
import { activityKeys, invalidateActivity } from "./activity";
import { setProfileCounts } from "./profile-counts";
import { useSessionUser } from "./session";

export const followRequestKeys = {
  list: () => [...activityKeys.all, "follow-requests"] as const,
};

const PAGE_SIZE = 30;

type RequestsPage = z.infer<typeof followRequestsResponse>;
type RequestsData = InfiniteData<RequestsPage, string | null>;

export function useFollowRequestsQuery() {
  return useInfiniteQuery({
    queryKey: followRequestKeys.list(),
    queryFn: ({ pageParam, signal }) => {
      const cursor = pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : "";
      return api.get<typeof followRequestsResponse>(
        `/api/follow-requests?limit=${PAGE_SIZE}${cursor}`,
        signal,
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Someone asked, or took a request back: the list is read again. */
export function invalidateFollowRequests(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: followRequestKeys.list() });
}

export type FollowAnswer = "approve" | "decline";

/** Takes the person out of the cached list; answers the list as it was, for a rollback. */
async function removeRequest(
  queryClient: QueryClient,
  userId: string,
): Promise<RequestsData | undefined> {
  await queryClient.cancelQueries({ queryKey: followRequestKeys.list() });
  const previous = queryClient.getQueryData<RequestsData>(followRequestKeys.list());
  if (previous) {
    queryClient.setQueryData<RequestsData>(followRequestKeys.list(), {
      ...previous,
      pages: previous.pages.map((page) => ({
        ...page,
        items: page.items.filter((item) => item.userId !== userId),
      })),
    });
  }
  return previous;
}

/** Approve or Decline one request. The caller says what to tell the person (toasts). */
export function useAnswerFollowRequestMutation() {
  const queryClient = useQueryClient();
  const { user } = useSessionUser();
  return useMutation({
    mutationFn: async ({ person, answer }: { person: FollowRequestView; answer: FollowAnswer }) => {
      const path = `/api/follow-requests/${encodeURIComponent(person.userId)}/${answer}`;
      if (answer === "approve") {
        return (await api.post<typeof followRequestApproveResponse>(path, {})).counts;
      }
      await api.post(path, {});
      return null;
    },
    onMutate: ({ person }) => removeRequest(queryClient, person.userId),
    onError: (_error, _input, previous) => {
      if (previous) queryClient.setQueryData(followRequestKeys.list(), previous);
    },
    onSuccess: (counts) => {
      if (counts && user) setProfileCounts(queryClient, user.id, counts);
    },
    // The Activity item of the requests goes once none waits; the server's list wins.
    onSettled: () => invalidateActivity(queryClient),
  });
}
