// The cached pages of mail (spec-1 §2 mail screen, §4 realtime) as the screens read them and as a
// message changes them: each thread and message once, by id, in the order shown. Pure: the query
// module (mail.ts) writes what these return into the cache.
import type { InfiniteData } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  MessageView,
  messagesPage,
  ThreadView,
  threadsPage,
} from "../../../domain/contracts/mail";

export type ThreadsData = InfiniteData<z.infer<typeof threadsPage>, string | null>;
export type MessagesData = InfiniteData<z.infer<typeof messagesPage>, string | null>;

function uniqueById<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}

/** The loaded threads in list order, each once (a thread moved up stays in a later page's answer). */
export const loadedThreads = (data: Pick<ThreadsData, "pages"> | undefined): ThreadView[] =>
  uniqueById(data?.pages.flatMap((page) => page.items) ?? []);

/** The loaded messages oldest first, as the conversation shows them (pages come newest first). */
export const chronological = (data: Pick<MessagesData, "pages"> | undefined): MessageView[] =>
  uniqueById(data?.pages.flatMap((page) => page.items) ?? []).reverse();

/** Adds a message to its page of the conversation, newest first, unless it is already there. */
export function insertMessage(data: MessagesData, message: MessageView): MessagesData {
  const [first, ...rest] = data.pages;
  if (!first || data.pages.some((page) => page.items.some((m) => m.id === message.id))) {
    return data;
  }
  const items = [message, ...first.items].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
  );
  return { ...data, pages: [{ ...first, items }, ...rest] };
}

/** The thread after `message`: its latest message and time, unread when someone else wrote. */
export function withMessage(
  thread: ThreadView,
  message: MessageView,
  fromViewer: boolean,
): ThreadView {
  const newer = !thread.lastMessageAt || message.createdAt >= thread.lastMessageAt;
  return {
    ...thread,
    latestMessage: newer ? message : thread.latestMessage,
    lastMessageAt: newer ? message.createdAt : thread.lastMessageAt,
    unread: fromViewer ? thread.unread : true,
  };
}

/** Puts `thread` first in the list, wherever it was (or adds it). */
export function moveToTop(data: ThreadsData, thread: ThreadView): ThreadsData {
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.filter((t) => t.id !== thread.id),
  }));
  const [first, ...rest] = pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, items: [thread, ...first.items] }, ...rest] };
}
