// A conversation opened with the Message button has no message yet, so the server does not list
// it: the list shows it as a draft at once, on a phone too, and as the real thread, once, after
// its first message (mail-drafts.ts).
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ThreadView } from "../../../domain/contracts/mail";
import { makeMessage, makeThread, phoneWidth } from "../../test-support/mail";
import {
  ADA,
  GRACE,
  json,
  type Route,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import { ProfileActions } from "../Profile/profile-actions";
import { MailScreen } from "./mail-screen";

const draft = makeThread({ with: GRACE });

/** The server: lists only threads with a message, and this one gets its first when Ada sends. */
function mailServer(): Route {
  let listed: ThreadView[] = [];
  return ({ method, path, body }) => {
    const thread = `/api/mail/threads/${draft.id}`;
    if (method === "GET" && path === "/api/mail/threads") {
      return json({ items: listed, nextCursor: null });
    }
    if (method === "GET" && path.startsWith("/api/follows/status/")) {
      return json({ following: false, state: "none" });
    }
    if (method === "POST" && path === "/api/mail/threads/direct") return json({ thread: draft });
    if (method === "GET" && path === thread) return json({ thread: draft });
    if (method === "GET" && path === `${thread}/messages`) {
      return json({ items: [], nextCursor: null });
    }
    if (method === "POST" && path === `${thread}/messages`) {
      const message = makeMessage({
        threadId: draft.id,
        sender: ADA,
        body: (body as { body: string }).body,
        createdAt: new Date().toISOString(),
      });
      listed = [{ ...draft, latestMessage: message, lastMessageAt: message.createdAt }];
      return json({ message }, 201);
    }
    return undefined;
  };
}

function renderMail(url: string) {
  stubFetch(mailServer());
  return renderWithRoutes(
    [
      { path: "/mail", element: <MailScreen /> },
      {
        path: "/grace",
        element: (
          <ProfileActions
            handle="grace"
            userId={GRACE.userId}
            isOwner={false}
            privateAccount={false}
          />
        ),
      },
    ],
    { url, viewer: ADA },
  );
}

const list = () => screen.getByRole("list", { name: "Conversations" });
const graceLinks = () => within(list()).queryAllByRole("link", { name: /Grace Hopper/ });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a conversation without a message yet", () => {
  it("is a draft in the list at once, then the real thread, once, after its first message", async () => {
    const { user } = renderMail(`/mail?thread=${draft.id}`);
    await screen.findByRole("list", { name: "Conversations" });
    const [entry] = graceLinks();
    expect(entry?.textContent).toContain("Draft");
    expect(entry?.getAttribute("aria-current")).toBe("page");
    expect(screen.queryByText("No conversations yet")).toBeNull();

    await user.type(screen.getByLabelText("Message"), "Hello Grace{Enter}");
    await waitFor(() => expect(graceLinks()[0]?.textContent).toContain("You: Hello Grace"));
    expect(graceLinks()).toHaveLength(1);
    expect(within(list()).queryByText("Draft")).toBeNull();
  });

  it("pressing Message on a profile lists it as a draft beside the open conversation", async () => {
    const { user } = renderMail("/grace");
    await user.click(screen.getByRole("button", { name: "Message" }));
    await screen.findByRole("heading", { level: 2, name: "Grace Hopper" });
    await waitFor(() => expect(graceLinks()[0]?.textContent).toContain("Draft"));
    expect(graceLinks()).toHaveLength(1);
    expect(screen.queryByText("No conversations yet")).toBeNull();
  });

  it("on a phone, 'Back to Mail' shows the draft in the list", async () => {
    phoneWidth();
    const { user } = renderMail(`/mail?thread=${draft.id}`);
    await screen.findByRole("heading", { level: 2, name: "Grace Hopper" });
    expect(screen.queryByRole("list", { name: "Conversations" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Back to Mail" }));
    await screen.findByRole("list", { name: "Conversations" });
    expect(graceLinks()).toHaveLength(1);
    expect(graceLinks()[0]?.textContent).toContain("Draft");
    expect(screen.queryByText("No conversations yet")).toBeNull();
  });
});
