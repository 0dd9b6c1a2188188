import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ActivityGroup } from "../../../domain/contracts/activity";
import { AppToaster } from "../../components/feedback/app-toaster";
import { activityKeys, MARK_ALL_FAILED } from "../../state/queries/activity";
import { ActivityScreen } from "./activity-screen";

const NOW = new Date("2026-03-14T12:00:00.000Z");
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

const actor = (n: number) => ({
  userId: `u${n}`,
  fullName:
    [
      "Ada Lovelace",
      "Grace Hopper",
      "Alan Turing",
      "Edsger Dijkstra",
      "Barbara Liskov",
      "Ken Thompson",
    ][n - 1] ?? `Person ${n}`,
  handle: `h${n}`,
  profileImageUrl: null,
  elsewhere: false,
});

const group = (over: Partial<ActivityGroup>): ActivityGroup => ({
  groupType: "LIKE",
  postId: "p1",
  noteId: null,
  actorCount: 1,
  unread: false,
  postSnippet: "Hello world",
  commentSnippet: null,
  actorsRecent: [actor(1)],
  target: "/me/hello-world",
  postDeleted: false,
  lastEventAt: ago(HOUR),
  reportOutcome: null,
  ...over,
});

const ME = {
  id: "me-id",
  email: "me@example.com",
  fullName: "Me",
  handle: "me",
  profileImageUrl: null,
  verificationType: "none",
};

type Reply = { status: number; body: unknown };
const ok = (body: unknown): Reply => ({ status: 200, body });
const json = ({ status, body }: Reply) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

let groups: ActivityGroup[];
let activityReplies: Reply[];
let readReply: () => Promise<Reply>;
let calls: { path: string; method: string; body: unknown }[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  groups = [];
  activityReplies = [];
  readReply = async () => ok({ ok: true });
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      calls.push({ path, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === "/api/auth/session") {
        return json(ok({ user: ME }));
      }
      if (path === "/api/activity") return json(activityReplies.shift() ?? ok({ groups }));
      if (path.startsWith("/api/follow-requests")) return json(ok({ items: [], nextCursor: null }));
      if (path === "/api/federation/follow-requests") return json(ok({ items: [] }));
      if (method === "DELETE" && path.startsWith("/api/federation/notes/")) {
        groups = groups.filter((g) => !path.includes(g.noteId ?? "-"));
        return json(ok({ detached: true }));
      }
      if (path === "/api/activity/unread-count") {
        return json(ok({ count: groups.filter((g) => g.unread).length }));
      }
      if (path === "/api/activity/read" || path === "/api/activity/read-all") {
        const reply = await readReply();
        if (reply.status === 200) {
          const body = calls.at(-1)?.body as {
            groupType?: string;
            postId?: string | null;
            noteId?: string;
          };
          groups = groups.map((g) =>
            path === "/api/activity/read-all" ||
            (g.groupType === body.groupType &&
              g.postId === body.postId &&
              g.noteId === (body.noteId ?? null))
              ? { ...g, unread: false }
              : g,
          );
        }
        return json(reply);
      }
      throw new TypeError(`unexpected ${method} ${path}`);
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderScreen() {
  const router = createMemoryRouter(
    [
      { path: "/activity", element: <ActivityScreen /> },
      { path: "/:handle", element: <p>Profile screen</p> },
      { path: "/:handle/:slug", element: <p>Post screen</p> },
    ],
    { initialEntries: ["/activity"] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <AppToaster theme="light" />
    </QueryClientProvider>,
  );
  return { router, client, user: userEvent.setup() };
}

const entries = (container: HTMLElement = document.body) =>
  within(container)
    .queryAllByRole("button")
    .filter((b) => b.textContent !== "Mark all as read" && b.closest("li"));
const sectionNames = () => screen.queryAllByRole("heading", { level: 2 }).map((h) => h.textContent);
const markAll = () => screen.queryByRole("button", { name: "Mark all as read" });

describe("ActivityScreen", () => {
  it("shows the loading text, then 'No activity yet' and no Mark all button", async () => {
    renderScreen();
    expect(screen.getByText("Loading activity...")).toBeTruthy();
    expect(await screen.findByText("No activity yet")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Activity" })).toBeTruthy();
    expect(markAll()).toBeNull();
    expect(sectionNames()).toEqual([]);
  });

  it("sorts newest first into the non-empty sections, with relative times", async () => {
    groups = [
      group({ postId: "old", lastEventAt: ago(40 * 24 * HOUR), postSnippet: "old one" }),
      group({ postId: "h5", lastEventAt: ago(5 * HOUR), postSnippet: "five hours" }),
      group({ postId: "d3", lastEventAt: ago(3 * 24 * HOUR), postSnippet: "three days" }),
      group({ postId: "m2", lastEventAt: ago(2 * 60_000), postSnippet: "two minutes" }),
      group({ postId: "y", lastEventAt: ago(30 * HOUR), postSnippet: "yesterday" }),
      // 23h59m is still New; exactly 7 days is no longer 'Last 7 days'.
      group({ postId: "edge1", lastEventAt: ago(24 * HOUR - 60_000), postSnippet: "edge new" }),
      group({ postId: "edge7", lastEventAt: ago(7 * 24 * HOUR), postSnippet: "edge week" }),
    ];
    renderScreen();
    await screen.findByText("“two minutes”");

    expect(sectionNames()).toEqual(["New", "Yesterday", "Last 7 days", "Last 30 days", "Older"]);
    const section = (name: string) => screen.getByRole("region", { name });
    const snippets = (name: string) =>
      entries(section(name)).map((b) => b.textContent?.match(/“(.*)”/)?.[1]);
    expect(snippets("New")).toEqual(["two minutes", "five hours", "edge new"]);
    expect(snippets("Yesterday")).toEqual(["yesterday"]);
    expect(snippets("Last 7 days")).toEqual(["three days"]);
    expect(snippets("Last 30 days")).toEqual(["edge week"]);
    expect(snippets("Older")).toEqual(["old one"]);
    expect(entries().map((b) => b.querySelector("time")?.textContent)).toEqual([
      "2m",
      "5h",
      "23h",
      "1d",
      "3d",
      // From a week on, the day (docs/feed.md "Times").
      "Mar 7",
      "Feb 2",
    ]);
  });

  it("leaves out empty sections", async () => {
    groups = [
      group({ postId: "a", lastEventAt: ago(HOUR) }),
      group({ postId: "b", lastEventAt: ago(60 * 24 * HOUR) }),
    ];
    renderScreen();
    await screen.findAllByText("“Hello world”");
    expect(sectionNames()).toEqual(["New", "Older"]);
  });

  it("says who did what, with the post and comment snippets, the avatars and the unread dot", async () => {
    groups = [
      group({
        postId: "p1",
        unread: true,
        actorCount: 7,
        actorsRecent: [1, 2, 3, 4, 5, 6].map(actor),
      }),
      group({
        groupType: "COMMENT",
        postId: "p2",
        actorCount: 2,
        actorsRecent: [actor(2), actor(3)],
        commentSnippet: "Nice one",
        postSnippet: "My post",
      }),
      group({
        groupType: "COMMENT",
        postId: "p3",
        actorsRecent: [actor(3)],
        target: "/h1/their-post",
        commentSnippet: "Agreed",
        postSnippet: "Their post",
      }),
      group({
        groupType: "FOLLOW",
        postId: null,
        target: "/h4",
        postSnippet: null,
        actorsRecent: [actor(4)],
      }),
    ];
    renderScreen();
    await screen.findByText("Nice one");
    // The reply wording needs the reader's handle, which comes with the session.
    await screen.findByText(/replied to your comment/);
    const [like, comment, reply, follow] = entries();
    expect(like?.textContent).toContain("Ada Lovelace and 6 others liked your post");
    expect(like?.querySelectorAll("span.rounded-full.ring-2")).toHaveLength(5);
    expect(within(like as HTMLElement).getByText("Unread").className).toContain("sr-only");
    expect(comment?.textContent).toContain("Grace Hopper and 1 other commented on your post");
    expect(comment?.textContent).toContain("“My post”");
    expect(reply?.textContent).toContain("Alan Turing replied to your comment");
    expect(follow?.textContent).toContain("Edsger Dijkstra started following you");
    for (const entry of [comment, reply, follow]) {
      expect(within(entry as HTMLElement).queryByText("Unread")).toBeNull();
    }
  });

  it("shows Mark all as read only while something is unread, and clears everything at once", async () => {
    groups = [group({ postId: "a", unread: true }), group({ postId: "b", unread: true })];
    let release: (reply: Reply) => void = () => {};
    readReply = () => new Promise((resolve) => (release = resolve));
    const { client, user } = renderScreen();
    await screen.findAllByText("Unread");
    client.setQueryData(activityKeys.unreadCount(), { count: 5 });

    await user.click(markAll() as HTMLElement);
    // Optimistic: before the server answers, the dots and the button are gone and the badge is 0.
    await waitFor(() => expect(screen.queryAllByText("Unread")).toHaveLength(0));
    expect(markAll()).toBeNull();
    expect(client.getQueryData(activityKeys.unreadCount())).toEqual({ count: 0 });
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/activity/read-all")).toBe(
      true,
    );

    release(ok({ ok: true }));
    await waitFor(() => expect(calls.filter((c) => c.path === "/api/activity")).toHaveLength(2));
    expect(markAll()).toBeNull();
    expect(screen.queryAllByText("Unread")).toHaveLength(0);
  });

  it("puts everything back and says so when marking all fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    groups = [group({ postId: "a", unread: true }), group({ postId: "b", unread: false })];
    let release: (reply: Reply) => void = () => {};
    readReply = () => new Promise((resolve) => (release = resolve));
    const { client, user } = renderScreen();
    await screen.findByText("Unread");
    client.setQueryData(activityKeys.unreadCount(), { count: 3 });

    await user.click(markAll() as HTMLElement);
    await waitFor(() => expect(markAll()).toBeNull());
    release({ status: 500, body: { error: { code: "internal", message: "boom" } } });

    expect(await screen.findByText(MARK_ALL_FAILED)).toBeTruthy();
    expect(client.getQueryData(activityKeys.unreadCount())).toEqual({ count: 3 });
    await waitFor(() => expect(markAll()).toBeTruthy());
    expect(screen.getAllByText("Unread")).toHaveLength(1);
  });

  it("opening an entry marks its group read and goes to its target", async () => {
    groups = [group({ postId: "p1", unread: true, target: "/me/hello-world" })];
    const { router, client, user } = renderScreen();
    await screen.findByText("Unread");
    client.setQueryData(activityKeys.unreadCount(), { count: 1 });

    await user.click(entries()[0] as HTMLElement);
    expect(await screen.findByText("Post screen")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/me/hello-world");
    expect(calls).toContainEqual({
      path: "/api/activity/read",
      method: "POST",
      body: { groupType: "LIKE", postId: "p1" },
    });
    const cached = client.getQueryData<{ groups: ActivityGroup[] }>(activityKeys.groups());
    expect(cached?.groups[0]?.unread).toBe(false);
  });

  it("a read entry just navigates (no request), a follow goes to the profile", async () => {
    groups = [group({ groupType: "FOLLOW", postId: null, target: "/h1", postSnippet: null })];
    const { router, user } = renderScreen();
    await user.click((await screen.findByText("Ada Lovelace")).closest("button") as HTMLElement);
    expect(await screen.findByText("Profile screen")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/h1");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("an accepted follow request says so and opens the profile", async () => {
    groups = [
      group({ groupType: "FOLLOW_ACCEPTED", postId: null, target: "/h2", postSnippet: null }),
    ];
    const { router, user } = renderScreen();
    const entry = (await screen.findByText(/accepted your follow request/)).closest("button");
    expect(entry?.textContent).toContain("Ada Lovelace accepted your follow request");
    await user.click(entry as HTMLElement);
    expect(await screen.findByText("Profile screen")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/h2");
  });

  it("says who reposted the reader's post and who quoted it; a quote opens the quote", async () => {
    groups = [
      group({ groupType: "REPOST", actorCount: 2, actorsRecent: [actor(2), actor(3)] }),
      group({
        groupType: "QUOTE",
        postId: "q1",
        postSnippet: "So true",
        target: "/h3/so-true",
        actorsRecent: [actor(3)],
        lastEventAt: ago(2 * HOUR),
      }),
    ];
    const { router, user } = renderScreen();
    const reposted = (await screen.findByText(/reposted your post/)).closest("button");
    expect(reposted?.textContent).toContain("Grace Hopper and 1 other reposted your post");
    expect(reposted?.textContent).toContain("“Hello world”");
    const quoted = screen.getByText(/quoted your post/).closest("button");
    expect(quoted?.textContent).toContain("Alan Turing quoted your post");
    expect(quoted?.textContent).toContain("“So true”");
    await user.click(quoted as HTMLElement);
    expect(await screen.findByText("Post screen")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/h3/so-true");
  });

  it("a quote from elsewhere offers 'Remove from quote', which leaves Activity", async () => {
    const mika = {
      userId: "fed:m1",
      fullName: "Mika",
      handle: "mika@misskey.example",
      profileImageUrl: null,
      elsewhere: true,
    };
    groups = [
      group({
        groupType: "QUOTE",
        noteId: "n1",
        commentSnippet: "Mika quotes",
        actorsRecent: [mika],
      }),
      group({ groupType: "QUOTE", postId: "q1", target: "/h3/so-true", actorsRecent: [actor(3)] }),
    ];
    const { user } = renderScreen();
    const remove = await screen.findByRole("button", { name: "Remove from quote" });
    // Only the quote from elsewhere has it: ours is taken out from the quote's own menu.
    expect(screen.getAllByRole("button", { name: "Remove from quote" })).toHaveLength(1);
    await user.click(remove);
    expect(await screen.findByText("Removed from the quote")).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
      "/api/federation/notes/n1/quote",
    ]);
    await waitFor(() => expect(screen.queryByText(/Mika quotes/)).toBeNull());
    expect(screen.getByText(/Alan Turing/)).toBeTruthy();
  });

  it("collapses a comment's words that the reader's muted words match", async () => {
    groups = [
      group({ groupType: "COMMENT", commentSnippet: "Big spoiler here", mutedBy: ["spoiler"] }),
    ];
    renderScreen();
    const entry = (await screen.findByText(/commented on your post/)).closest("button");
    expect(entry?.textContent).toContain("Hidden: matches a muted word (“spoiler”)");
    expect(entry?.textContent).not.toContain("Big spoiler here");
  });

  it("a deleted post shows 'Post not available' and stays", async () => {
    groups = [group({ postId: "gone", unread: true, postDeleted: true, target: "/me/gone" })];
    const { router, user } = renderScreen();
    await screen.findByText("Unread");

    await user.click(entries()[0] as HTMLElement);
    expect(await screen.findByText("Post not available")).toBeTruthy();
    expect(screen.getByText("This post is no longer available.")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/activity");
    expect(screen.queryByText("Post screen")).toBeNull();
    // Seen is seen: the group is still marked read.
    await waitFor(() => expect(screen.queryByText("Unread")).toBeNull());
    expect(calls.some((c) => c.path === "/api/activity/read")).toBe(true);
  });

  it("tells what became of a report, naming no one, and opening it only marks it read", async () => {
    groups = [
      group({
        groupType: "REPORT_OUTCOME",
        postId: null,
        unread: true,
        actorCount: 0,
        actorsRecent: [],
        postSnippet: null,
        target: null,
        reportOutcome: {
          actionId: "00000000-0000-4000-8000-000000000001",
          targetType: "post",
          outcome: "removed",
          note: "Thank you for telling us.",
        },
      }),
    ];
    const { router, user } = renderScreen();
    const entry = (await screen.findByText(/We removed the post you reported\./)).closest("button");
    expect(entry?.textContent).toContain("From the moderators");
    expect(entry?.textContent).toContain("Their note: Thank you for telling us.");
    expect(entry?.textContent).not.toContain("Someone");
    await user.click(entry as HTMLElement);
    await waitFor(() => expect(screen.queryByText("Unread")).toBeNull());
    expect(calls).toContainEqual({
      path: "/api/activity/read",
      method: "POST",
      body: {
        groupType: "REPORT_OUTCOME",
        postId: null,
        actionId: "00000000-0000-4000-8000-000000000001",
      },
    });
    expect(router.state.location.pathname).toBe("/activity");
    expect(screen.queryByText("Unable to open this post.")).toBeNull();
  });

  it("an entry with nowhere to go shows 'Error' / 'Unable to open this post.'", async () => {
    groups = [group({ postId: "p9", target: null })];
    const { router, user } = renderScreen();
    await user.click((await screen.findByText("Ada Lovelace")).closest("button") as HTMLElement);
    expect(await screen.findByText("Unable to open this post.")).toBeTruthy();
    expect(screen.getByText("Error")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/activity");
  });

  it("offers Retry when the list cannot be loaded", async () => {
    activityReplies = [{ status: 500, body: { error: { code: "internal", message: "boom" } } }];
    groups = [group({})];
    const { user } = renderScreen();
    expect(await screen.findByText("Could not load activity.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("“Hello world”")).toBeTruthy();
    expect(screen.queryByText("Could not load activity.")).toBeNull();
  });

  it("is keyboard reachable: Tab reaches Mark all, then the entries; Enter opens", async () => {
    groups = [group({ postId: "p1", unread: true, target: "/me/hello-world" })];
    const { user } = renderScreen();
    await screen.findByText("Unread");
    await user.tab();
    expect(document.activeElement).toBe(markAll());
    await user.tab();
    expect(document.activeElement).toBe(entries()[0]);
    await user.keyboard("{Enter}");
    expect(await screen.findByText("Post screen")).toBeTruthy();
  });

  describe("from elsewhere", () => {
    const carol = {
      userId: "fed:c1",
      fullName: "Carol Peer",
      handle: "carol@c.test",
      profileImageUrl: null,
      elsewhere: true,
    };

    it("names them with their handle, both linking to their page here; the rest opens the entry", async () => {
      groups = [group({ postId: "p1", unread: true, actorsRecent: [carol] })];
      const { router, user } = renderScreen();
      const name = await screen.findByRole("link", { name: "Carol Peer" });
      const handle = screen.getByRole("link", { name: "@carol@c.test" });
      expect(name.getAttribute("href")).toBe("/@carol@c.test");
      expect(handle.getAttribute("href")).toBe("/@carol@c.test");
      const [entry] = entries();
      expect(entry?.textContent).toBe("liked your post");
      expect(entry?.closest("li")?.textContent).toContain(
        "Carol Peer @carol@c.test liked your post",
      );
      await user.click(entry as HTMLElement);
      expect(await screen.findByText("Post screen")).toBeTruthy();
      expect(router.state.location.pathname).toBe("/me/hello-world");
      expect(calls).toContainEqual({
        path: "/api/activity/read",
        method: "POST",
        body: { groupType: "LIKE", postId: "p1" },
      });
    });

    it("goes to their page here from their name", async () => {
      groups = [
        group({
          groupType: "FOLLOW",
          postId: null,
          postSnippet: null,
          actorsRecent: [carol],
          target: "/@carol@c.test",
        }),
      ];
      const { router, user } = renderScreen();
      expect((await screen.findByText(/started following you/)).textContent).toBe(
        "started following you",
      );
      await user.click(screen.getByRole("link", { name: "Carol Peer" }));
      expect(await screen.findByText("Profile screen")).toBeTruthy();
      expect(router.state.location.pathname).toBe("/@carol@c.test");
    });

    it("opens a mention from elsewhere on its server in a new tab, marking that one group read", async () => {
      const open = vi.spyOn(window, "open").mockImplementation(() => null);
      groups = [
        group({
          groupType: "MENTION",
          postId: null,
          noteId: "7d1f3c2a-0b4e-4c5d-9e8f-1a2b3c4d5e6f",
          unread: true,
          postSnippet: null,
          commentSnippet: "@me look at this",
          actorsRecent: [carol],
          target: "https://c.test/notes/1",
        }),
      ];
      const { router, user } = renderScreen();
      const entry = await screen.findByRole("button", { name: /mentioned you/ });
      expect(entry.closest("li")?.textContent).toContain("Carol Peer @carol@c.test mentioned you");
      await user.click(entry);
      expect(open).toHaveBeenCalledWith("https://c.test/notes/1", "_blank", "noopener,noreferrer");
      expect(router.state.location.pathname).toBe("/activity");
      await waitFor(() =>
        expect(calls).toContainEqual({
          path: "/api/activity/read",
          method: "POST",
          body: {
            groupType: "MENTION",
            postId: null,
            noteId: "7d1f3c2a-0b4e-4c5d-9e8f-1a2b3c4d5e6f",
          },
        }),
      );
    });
  });
});
