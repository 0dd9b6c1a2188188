// Test data for the mail screens: threads and messages shaped as the API sends them, and the
// answers of a signed-in person's mail API for the fetch stub of posts.tsx.

import { vi } from "vitest";
import type { PersonSummary } from "../../domain/contracts/follows";
import type { MessageView, ThreadView } from "../../domain/contracts/mail";
import { json, type Route } from "./posts";

let serial = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

export function makeMessage(
  overrides: Partial<MessageView> & { threadId: string; sender: PersonSummary | null },
): MessageView {
  serial += 1;
  return {
    id: uuid(1000 + serial),
    senderAddress: overrides.sender ? `${overrides.sender.handle}@chtcht.local` : null,
    subject: null,
    body: `Message number ${serial}`,
    direction: overrides.sender ? "internal" : "inbound",
    suspicious: false,
    attachmentsDropped: 0,
    senderDeleted: false,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    ...overrides,
  };
}

export function makeThread(
  overrides: Partial<ThreadView> & { with: PersonSummary | string },
): ThreadView {
  serial += 1;
  const { with: party, ...rest } = overrides;
  const latestMessage = rest.latestMessage === undefined ? null : rest.latestMessage;
  return {
    id: uuid(serial),
    other:
      typeof party === "string"
        ? { kind: "external", address: party }
        : { kind: "person", person: party },
    latestMessage,
    lastMessageAt: latestMessage?.createdAt ?? null,
    unread: false,
    ...rest,
  };
}

/** A mail API holding these threads and messages (newest first), answering like the server. */
export function mailApi(
  threads: ThreadView[],
  messagesOf: Record<string, MessageView[]> = {},
): Route {
  return ({ method, path }) => {
    if (method === "GET" && path === "/api/mail/threads") {
      return json({ items: threads, nextCursor: null });
    }
    const match = /^\/api\/mail\/threads\/([^/?]+)(\/messages|\/read)?/.exec(path);
    const thread = threads.find((t) => t.id === match?.[1]);
    if (!match || !thread) return undefined;
    if (method === "POST" && match[2] === "/read") return json({ ok: true });
    if (method === "GET" && match[2] === "/messages") {
      return json({ items: messagesOf[thread.id] ?? [], nextCursor: null });
    }
    if (method === "GET" && !match[2]) return json({ thread });
    return undefined;
  };
}

/** Makes the window as narrow as a phone for the mail screen's media query. */
export function phoneWidth() {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: query.includes("max-width"),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}
