// Message requests (docs/mail.md "Message requests"): new threads from accounts the filter of new
// accounts holds, out of the thread list until their sender is accepted (requests.ts), and
// Dismiss. Under Mail's keys, so a reconnection asks again.
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { z } from "zod";
import type { okResponse } from "../../../domain/contracts/auth";
import type { messageRequestsCount, messageRequestsPage } from "../../../domain/contracts/mail";
import { api } from "../../lib/api";
import { mailKeys, threadPath } from "./mail";

export const messageRequestKeys = {
  list: () => [...mailKeys.all, "requests"] as const,
  count: () => [...mailKeys.all, "requests", "count"] as const,
};

type RequestsData = InfiniteData<z.infer<typeof messageRequestsPage>, string | null>;

export function useMessageRequestsQuery() {
  return useInfiniteQuery({
    queryKey: messageRequestKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      api.get<typeof messageRequestsPage>(
        pageParam
          ? `/api/mail/requests?cursor=${encodeURIComponent(pageParam)}`
          : "/api/mail/requests",
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** How many requests wait: Mail's 'Requests' link shows it. */
export function useMessageRequestCount() {
  return useQuery({
    queryKey: messageRequestKeys.count(),
    queryFn: ({ signal }) =>
      api.get<typeof messageRequestsCount>("/api/mail/requests/count", signal),
    staleTime: 30_000,
    select: (data) => data.count,
  });
}

/** Dismiss: the request leaves the list at once; the server's lists are asked again after. */
export function useDismissMessageRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threadId: string) =>
      api.post<typeof okResponse>(`${threadPath(threadId)}/dismiss`, {}),
    onMutate: async (threadId) => {
      await queryClient.cancelQueries({ queryKey: messageRequestKeys.list() });
      queryClient.setQueryData<RequestsData>(
        messageRequestKeys.list(),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.filter((t) => t.id !== threadId),
            })),
          },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
}
