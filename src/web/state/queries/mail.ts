// Mail (spec-1 §2 mail screen, §4 mail states and realtime, §7 mail calls): the thread list, one
// thread, its messages, reading, and the unread count behind the menu's Mail badge; sending is
// mail-send.ts. A message, sent here or arriving live (realtime-handler.ts), goes
// straight into the cached conversation and thread list, once (by id), with no refetch; only a
// thread this tab has never seen makes the list ask again.
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { z } from "zod";
import type { okResponse } from "../../../domain/contracts/auth";
import type {
  MessageView,
  messagesPage,
  ThreadView,
  threadResponse,
  threadsPage,
  unreadMailResponse,
} from "../../../domain/contracts/mail";
import { api } from "../../lib/api";
import {
  insertMessage,
  loadedThreads,
  type MessagesData,
  moveToTop,
  type ThreadsData,
  withMessage,
} from "./mail-pages";

// spec-1 §8 "Mail": the screen's words for what went wrong while reading.
export const THREADS_FAILED = "Failed to fetch threads";
export const MESSAGES_FAILED = "Failed to fetch messages";
export const THREAD_FAILED = "Failed to create or find thread";
export const NOT_AUTHENTICATED = "Not authenticated";

export const mailKeys = {
  all: ["mail"] as const,
  threads: () => [...mailKeys.all, "threads"] as const,
  thread: (threadId: string) => [...mailKeys.all, "thread", threadId] as const,
  messages: (threadId: string) => [...mailKeys.all, "messages", threadId] as const,
  unreadCount: () => [...mailKeys.all, "unread-count"] as const,
  recipient: (address: string) => [...mailKeys.all, "recipient", address] as const,
};

type UnreadCount = z.infer<typeof unreadMailResponse>;
export const threadPath = (threadId: string) => `/api/mail/threads/${encodeURIComponent(threadId)}`;
const withCursor = (path: string, cursor: string | null) =>
  cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path;

export function useThreadsQuery() {
  return useInfiniteQuery({
    queryKey: mailKeys.threads(),
    queryFn: ({ pageParam, signal }) =>
      api.get<typeof threadsPage>(withCursor("/api/mail/threads", pageParam), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

const listedThread = (queryClient: QueryClient, threadId: string) =>
  loadedThreads(queryClient.getQueryData<ThreadsData>(mailKeys.threads())).find(
    (t) => t.id === threadId,
  );

/** One thread; shown at once from the list when it is there, then asked fresh. */
export function useThreadQuery(threadId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: mailKeys.thread(threadId),
    queryFn: async ({ signal }) =>
      (await api.get<typeof threadResponse>(threadPath(threadId), signal)).thread,
    initialData: () => listedThread(queryClient, threadId),
    initialDataUpdatedAt: () => queryClient.getQueryState(mailKeys.threads())?.dataUpdatedAt,
  });
}

export function useMessagesQuery(threadId: string) {
  return useInfiniteQuery({
    queryKey: mailKeys.messages(threadId),
    queryFn: ({ pageParam, signal }) =>
      api.get<typeof messagesPage>(
        withCursor(`${threadPath(threadId)}/messages`, pageParam),
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The menu badge: threads with something unread. Kept current by the realtime messages. */
export function useUnreadMailCount(signedIn: boolean) {
  return useQuery({
    queryKey: mailKeys.unreadCount(),
    queryFn: ({ signal }) => api.get<typeof unreadMailResponse>("/api/mail/unread-count", signal),
    enabled: signedIn,
    staleTime: 30_000,
    select: (data) => data.count,
  });
}

function changeUnreadCount(queryClient: QueryClient, step: number): void {
  queryClient.setQueryData<UnreadCount>(
    mailKeys.unreadCount(),
    (data) => data && { count: Math.max(0, data.count + step) },
  );
}

const refetchUnreadCount = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: mailKeys.unreadCount() });

function updateThread(
  queryClient: QueryClient,
  threadId: string,
  change: (thread: ThreadView) => ThreadView,
): void {
  queryClient.setQueryData<ThreadView>(mailKeys.thread(threadId), (t) => t && change(t));
  queryClient.setQueryData<ThreadsData>(
    mailKeys.threads(),
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((t) => (t.id === threadId ? change(t) : t)),
        })),
      },
  );
}

/**
 * A message sent from this tab or arriving live (`fromViewer`: the reader wrote it, maybe in
 * another tab). It joins its conversation, its thread moves to the top of the list with it as the
 * latest message, and a message from someone else makes the thread unread and the badge count it.
 */
export function receiveMessage(
  queryClient: QueryClient,
  message: MessageView,
  fromViewer: boolean,
): void {
  const { threadId } = message;
  queryClient.setQueryData<MessagesData>(
    mailKeys.messages(threadId),
    (data) => data && insertMessage(data, message),
  );
  const known =
    listedThread(queryClient, threadId) ??
    queryClient.getQueryData<ThreadView>(mailKeys.thread(threadId));
  if (!known) {
    // A new thread: only the server knows who it is with.
    void queryClient.invalidateQueries({ queryKey: mailKeys.threads() });
    if (!fromViewer) void refetchUnreadCount(queryClient);
    return;
  }
  const updated = withMessage(known, message, fromViewer);
  queryClient.setQueryData<ThreadView>(mailKeys.thread(threadId), (t) =>
    t ? withMessage(t, message, fromViewer) : t,
  );
  queryClient.setQueryData<ThreadsData>(
    mailKeys.threads(),
    (data) => data && moveToTop(data, updated),
  );
  if (!fromViewer && !known.unread) changeUnreadCount(queryClient, 1);
}

/** The thread was read (here, or in another tab: 'mail.read'): no marker, one fewer on the badge. */
export function markThreadReadLocally(queryClient: QueryClient, threadId: string): void {
  const known =
    listedThread(queryClient, threadId) ??
    queryClient.getQueryData<ThreadView>(mailKeys.thread(threadId));
  if (!known) {
    void refetchUnreadCount(queryClient);
    return;
  }
  updateThread(queryClient, threadId, (t) => ({ ...t, unread: false }));
  if (known.unread) changeUnreadCount(queryClient, -1);
}

/** Opening a thread marks it read (spec-1 §4). A failure is only logged: it stays unread. */
export function useMarkReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threadId: string) =>
      api.post<typeof okResponse>(`${threadPath(threadId)}/read`, {}),
    onMutate: (threadId) => markThreadReadLocally(queryClient, threadId),
    onError: (error) => console.error("Marking the thread read failed", error),
    onSettled: () => refetchUnreadCount(queryClient),
  });
}

/** The Message button (spec-1 §2): the direct thread with this person, created if needed. */
export function useOpenDirectThreadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) =>
      (await api.post<typeof threadResponse>("/api/mail/threads/direct", { userId })).thread,
    onSuccess: (thread) => queryClient.setQueryData(mailKeys.thread(thread.id), thread),
  });
}
