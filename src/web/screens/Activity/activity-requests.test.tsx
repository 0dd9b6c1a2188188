// Activity's Requests (docs/notifications.md "Requests"): the entry at the top of Activity while
// something waits, and the list it leads to: each sender with what waits, Accept and Dismiss named
// for them, the sender gone at once, a refusal putting them back, and the empty and error states.
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SenderRequests } from "../../../domain/contracts/requests";
import { ADA, apiError, GRACE, json, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { ActivityScreen } from "./activity-screen";

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const waiting = (who: typeof GRACE, items: SenderRequests["items"]): SenderRequests => ({
  sender: {
    userId: who.userId,
    fullName: who.fullName,
    handle: who.handle,
    profileImageUrl: null,
    elsewhere: false,
  },
  count: items.length,
  items,
  lastAt: items[0]?.createdAt ?? minutesAgo(1),
});

const NOOR = { ...GRACE, userId: "u-noor", fullName: "Noor Nasser", handle: "noor" };
const graceWaits = waiting(GRACE, [
  {
    id: "1",
    type: "COMMENT",
    postId: "p1",
    noteId: null,
    postSnippet: "My garden",
    commentSnippet: "Buy seeds here",
    target: "/ada/my-garden",
    createdAt: minutesAgo(5),
  },
  {
    id: "2",
    type: "MENTION",
    postId: "p2",
    noteId: null,
    postSnippet: "Hello",
    commentSnippet: "@ada look",
    target: "/ada/hello",
    createdAt: minutesAgo(9),
  },
]);
const noorWaits = waiting(NOOR, [
  {
    id: "3",
    type: "REPLY",
    postId: "p3",
    noteId: null,
    postSnippet: null,
    commentSnippet: "Agreed",
    target: null,
    createdAt: minutesAgo(20),
  },
]);

function renderRequests(
  url: string,
  options: { senders: SenderRequests[]; refuse?: boolean; failList?: boolean },
) {
  const server = { senders: [...options.senders], answered: [] as string[] };
  const calls = stubFetch(({ method, path }) => {
    if (path === "/api/activity") return json({ groups: [] });
    if (path === "/api/activity/unread-count") return json({ count: 0 });
    if (path.startsWith("/api/follow-requests")) return json({ items: [], nextCursor: null });
    if (path === "/api/federation/follow-requests") return json({ items: [] });
    if (method === "GET" && path === "/api/requests") {
      return options.failList ? apiError(500, "") : json({ senders: server.senders });
    }
    const answer = /^\/api\/requests\/([^/]+)\/(accept|dismiss)$/.exec(path);
    if (method === "POST" && answer) {
      if (options.refuse) return apiError(503, "The database is resting.");
      const id = decodeURIComponent(answer[1] ?? "");
      server.senders = server.senders.filter((s) => s.sender.userId !== id);
      server.answered.push(`${answer[2]}:${id}`);
      return json({ ok: true });
    }
    return undefined;
  });
  const rendered = renderWithRoutes([{ path: "/activity", element: <ActivityScreen /> }], {
    url,
    viewer: ADA,
  });
  return { ...rendered, calls, server };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Activity: the Requests entry", () => {
  it("says how many people wait and leads to the list", async () => {
    const { user, router } = renderRequests("/activity", { senders: [graceWaits, noorWaits] });
    const entry = await screen.findByRole("link", { name: /Requests.*2 people are waiting/ });
    await user.click(entry);
    expect(router.state.location.search).toBe("?view=requests");
    expect(await screen.findByRole("heading", { name: "Requests", level: 1 })).toBeTruthy();
  });

  it("is not there while nothing waits", async () => {
    renderRequests("/activity", { senders: [] });
    expect(await screen.findByText("No activity yet")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Requests/ })).toBeNull();
  });
});

describe("Activity: Requests", () => {
  it("lists each sender with what waits and its post, newest sender first", async () => {
    renderRequests("/activity?view=requests", { senders: [graceWaits, noorWaits] });
    const [grace, noor] = (await screen.findAllByRole("listitem")).filter((li) =>
      within(li).queryByRole("button", { name: /^Accept/ }),
    );
    expect(within(grace as HTMLElement).getByText(/2 comments and mentions waiting/)).toBeTruthy();
    expect(within(grace as HTMLElement).getByText("Buy seeds here")).toBeTruthy();
    expect(within(grace as HTMLElement).getByText("Commented on your post")).toBeTruthy();
    expect(within(grace as HTMLElement).getByText("Mentioned you")).toBeTruthy();
    expect(
      within(grace as HTMLElement)
        .getByRole("link", { name: "“My garden”" })
        .getAttribute("href"),
    ).toBe("/ada/my-garden");
    expect(within(noor as HTMLElement).getByText(/1 comment waiting/)).toBeTruthy();
    expect(within(noor as HTMLElement).getByText("Replied to your comment")).toBeTruthy();
  });

  it("Accept takes the sender away at once, says so and keeps the place", async () => {
    const { user, server } = renderRequests("/activity?view=requests", {
      senders: [graceWaits, noorWaits],
    });
    await user.click(await screen.findByRole("button", { name: "Accept @grace" }));
    expect(screen.queryByRole("button", { name: "Accept @grace" })).toBeNull();
    expect(document.activeElement?.textContent).toBe("Requests");
    expect(
      await screen.findByText("Accepted @grace: what they write now notifies you"),
    ).toBeTruthy();
    expect(server.answered).toEqual(["accept:u2"]);
    expect(screen.getByRole("button", { name: "Dismiss @noor" })).toBeTruthy();
  });

  it("Dismiss by keyboard; the last one leaves 'No requests waiting.'", async () => {
    const { user, server } = renderRequests("/activity?view=requests", { senders: [noorWaits] });
    const dismiss = await screen.findByRole("button", { name: "Dismiss @noor" });
    dismiss.focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByText("No requests waiting.")).toBeTruthy();
    expect(server.answered).toEqual(["dismiss:u-noor"]);
  });

  it("puts the sender back and says why when the server refuses", async () => {
    const { user } = renderRequests("/activity?view=requests", {
      senders: [graceWaits],
      refuse: true,
    });
    await user.click(await screen.findByRole("button", { name: "Accept @grace" }));
    expect(await screen.findByText("The database is resting.")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Accept @grace" })).toBeTruthy();
  });

  it("says when the list cannot be loaded, with Retry", async () => {
    renderRequests("/activity?view=requests", { senders: [], failList: true });
    expect(await screen.findByText("Could not load your requests.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  });
});
