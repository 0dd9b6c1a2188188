import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PersonSummary } from "../../../domain/contracts/follows";
import type { ThreadView } from "../../../domain/contracts/mail";
import { threadTimeLabel } from "../../../domain/time-labels";
import { mailApi, makeMessage, makeThread, phoneWidth } from "../../test-support/mail";
import {
  ADA,
  apiError,
  GRACE,
  json,
  type Route,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import { MailScreen } from "./mail-screen";

function renderMail(url: string, route: Route, viewer: PersonSummary | null = ADA) {
  const calls = stubFetch(route);
  const rendered = renderWithRoutes(
    [
      { path: "/mail", element: <MailScreen /> },
      { path: "/signup", element: <p>Sign-in screen</p> },
    ],
    { url, viewer },
  );
  return { ...rendered, calls };
}

const GRACE_THREAD = "10000000-0000-4000-8000-000000000001";
const OUTSIDE_THREAD = "10000000-0000-4000-8000-000000000002";
const fromGrace = makeMessage({
  threadId: GRACE_THREAD,
  sender: GRACE,
  subject: "Lunch?",
  body: "Are you free at noon?",
});
const graceThread = makeThread({
  id: GRACE_THREAD,
  with: GRACE,
  latestMessage: fromGrace,
  unread: true,
});
const outsideThread = makeThread({
  id: OUTSIDE_THREAD,
  with: "pen.pal@example.net",
  latestMessage: makeMessage({ threadId: OUTSIDE_THREAD, sender: ADA, body: "Hello   out\nthere" }),
});

const list = () => screen.getByRole("list", { name: "Conversations" });
const threadLink = (name: RegExp) => within(list()).getByRole("link", { name });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("MailScreen", () => {
  it("signed out says so and offers to sign in, coming back to /mail", async () => {
    const { router, user } = renderMail("/mail", () => undefined, null);
    expect(screen.getByText("You’re not signed in.")).toBeTruthy();
    await user.click(screen.getByRole("link", { name: "Sign in to view conversations" }));
    expect(router.state.location.pathname).toBe("/signup");
    expect(router.state.location.search).toBe("?next=%2Fmail");
  });

  it("lists threads after loading: party, latest message, time label and unread marker", async () => {
    let answer: (response: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const api = mailApi([graceThread, outsideThread]);
    renderMail("/mail", (request) =>
      request.path === "/api/mail/threads" ? pending : api(request),
    );
    expect(screen.getByRole("status").textContent).toBe("Loading conversations...");
    answer(json({ items: [graceThread, outsideThread], nextCursor: null }));

    const grace = await waitFor(() => threadLink(/Grace Hopper/));
    expect(grace.textContent).toContain("@grace");
    expect(grace.textContent).toContain("Lunch?");
    expect(within(grace).getByText("Unread")).toBeTruthy();
    const at = new Date(fromGrace.createdAt);
    expect(within(grace).getByText(threadTimeLabel(at, new Date())).tagName).toBe("TIME");
    expect(grace.getAttribute("href")).toBe(`/mail?thread=${graceThread.id}`);

    const outside = threadLink(/pen\.pal@example\.net/);
    expect(outside.textContent).toContain("You: Hello out there");
    expect(within(outside).queryByText("Unread")).toBeNull();
    expect(screen.getByText("Select a conversation")).toBeTruthy();
  });

  it("says 'Error: {message}' when the list fails, and Retry asks again", async () => {
    let fail = true;
    const api = mailApi([graceThread]);
    const { user } = renderMail("/mail", (request) =>
      request.path === "/api/mail/threads" && fail
        ? apiError(500, "Database is resting")
        : api(request),
    );
    expect((await screen.findByRole("alert")).textContent).toBe("Error: Database is resting");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("link", { name: /Grace Hopper/ })).toBeTruthy();
  });

  it("shows the empty state when there is no conversation yet", async () => {
    renderMail("/mail", mailApi([]));
    expect(await screen.findByText("No conversations yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "New message" }).getAttribute("href")).toBe(
      "/mail?compose=",
    );
  });

  it("pages on with 'Load more'", async () => {
    const older = makeThread({ with: "old.friend@example.org" });
    const { user, calls } = renderMail("/mail", ({ path }) => {
      if (path === "/api/mail/threads") return json({ items: [graceThread], nextCursor: "c1" });
      if (path === "/api/mail/threads?cursor=c1") return json({ items: [older], nextCursor: null });
      return undefined;
    });
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("link", { name: /old\.friend@example\.org/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith("/api/mail/threads"))).toHaveLength(2);
  });

  it("opening an unread thread shows its messages oldest first and marks it read", async () => {
    const reply = makeMessage({ threadId: graceThread.id, sender: ADA, body: "Yes, at noon." });
    const { user, calls } = renderMail(
      "/mail",
      mailApi([graceThread], { [graceThread.id]: [reply, fromGrace] }),
    );
    await user.click(await screen.findByRole("link", { name: /Grace Hopper/ }));
    const messages = await screen.findByRole("list", { name: "Messages" });
    expect(
      within(messages)
        .getAllByRole("article")
        .map((a) => a.getAttribute("aria-label")),
    ).toEqual(["Message from Grace Hopper", "Message from You"]);
    expect(within(messages).getByText("Lunch?")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Grace Hopper" })).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((c) => c.method === "POST" && c.path.endsWith("/read"))).toBe(true),
    );
    expect(within(threadLink(/Grace Hopper/)).queryByText("Unread")).toBeNull();
  });

  it("shows inbound mail collapsed past 250 characters, warns when suspicious, says what was dropped", async () => {
    const long = `${"word ".repeat(60)}THE END`;
    const inbound = makeMessage({
      threadId: outsideThread.id,
      sender: null,
      senderAddress: "pen.pal@example.net",
      body: long,
      suspicious: true,
      attachmentsDropped: 2,
    });
    const thread: ThreadView = { ...outsideThread, latestMessage: inbound };
    const { user } = renderMail(
      `/mail?thread=${thread.id}`,
      mailApi([thread], { [thread.id]: [inbound] }),
    );
    const message = await screen.findByRole("article", {
      name: "Message from pen.pal@example.net",
    });
    expect(message.textContent).not.toContain("THE END");
    expect(message.textContent).toContain("failed its sender’s authenticity check");
    expect(message.textContent).toContain("2 attachments were removed");
    const more = within(message).getByRole("button", { name: "Show more" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    await user.click(more);
    expect(message.textContent).toContain("THE END");
    expect(within(message).getByRole("button", { name: "Show less" })).toBeTruthy();
  });

  it("shows a message whose sender deleted their account as 'Message deleted'", async () => {
    const gone = makeMessage({
      threadId: graceThread.id,
      sender: null,
      senderAddress: null,
      body: "Message deleted",
      senderDeleted: true,
    });
    const thread: ThreadView = { ...graceThread, latestMessage: gone };
    renderMail(`/mail?thread=${thread.id}`, mailApi([thread], { [thread.id]: [gone] }));
    const message = await screen.findByRole("article", { name: "Message from Deleted account" });
    expect(within(message).getByText("Message deleted").className).toContain("italic");
    expect(within(message).queryByRole("button")).toBeNull();
  });

  it("on a phone shows one pane at a time, with 'Back to Mail' and the focus following", async () => {
    phoneWidth();
    const { user, router } = renderMail(
      "/mail",
      mailApi([graceThread], { [graceThread.id]: [fromGrace] }),
    );
    await user.click(await screen.findByRole("link", { name: /Grace Hopper/ }));
    const heading = await screen.findByRole("heading", { level: 2, name: "Grace Hopper" });
    expect(document.activeElement).toBe(heading);
    expect(screen.queryByRole("list", { name: "Conversations" })).toBeNull();
    expect(screen.getByRole("heading", { level: 1, name: "Mail" }).className).toBe("sr-only");

    await user.click(screen.getByRole("button", { name: "Back to Mail" }));
    expect(router.state.location.search).toBe("");
    const link = await screen.findByRole("link", { name: /Grace Hopper/ });
    expect(document.activeElement).toBe(link);
    expect(screen.queryByRole("button", { name: "Back to Mail" })).toBeNull();
    expect(screen.queryByText("Select a conversation")).toBeNull();
  });

  it("on a wide screen shows both panes and no 'Back to Mail'", async () => {
    renderMail(
      `/mail?thread=${graceThread.id}`,
      mailApi([graceThread], { [graceThread.id]: [fromGrace] }),
    );
    expect(await screen.findByRole("heading", { level: 2, name: "Grace Hopper" })).toBeTruthy();
    expect(await screen.findByRole("list", { name: "Conversations" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Back to Mail" })).toBeNull();
  });
});
