import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ActivityGroup } from "../../../domain/contracts/activity";
import type { FollowRequestView } from "../../../domain/contracts/follow-requests";
import { ADA, apiError, GRACE, json, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { ActivityScreen } from "./activity-screen";

const since = new Date(Date.now() - 7 * 60_000).toISOString();
const asking = (person: typeof GRACE): FollowRequestView => ({ ...person, since });
const ALAN = { ...GRACE, userId: "u3", fullName: "Alan Turing", handle: "alan", username: "alan" };

const requestGroup = (unread: boolean): ActivityGroup => ({
  groupType: "FOLLOW_REQUEST",
  postId: null,
  actorCount: 2,
  unread,
  postSnippet: null,
  commentSnippet: null,
  actorsRecent: [GRACE, ALAN],
  target: null,
  postDeleted: false,
  lastEventAt: since,
});

/** The owner's waiting requests on a server that answers Approve and Decline as
 * docs/social-and-realtime.md "Private accounts" says, unless told to refuse. */
function renderActivity(options: {
  waiting: FollowRequestView[];
  refuse?: boolean;
  unread?: boolean;
  failList?: boolean;
}) {
  const server = {
    waiting: [...options.waiting],
    followers: [] as string[],
    unread: options.unread ?? false,
  };
  const calls = stubFetch(({ method, path, body }) => {
    if (path === "/api/activity") {
      return json({ groups: server.waiting.length ? [requestGroup(server.unread)] : [] });
    }
    if (path === "/api/activity/unread-count") return json({ count: server.unread ? 1 : 0 });
    if (method === "POST" && path === "/api/activity/read") {
      expect(body).toEqual({ groupType: "FOLLOW_REQUEST", postId: null });
      server.unread = false;
      return json({ ok: true });
    }
    if (method === "GET" && path.startsWith("/api/follow-requests")) {
      if (options.failList) return apiError(500, "");
      return json({ items: server.waiting, nextCursor: null });
    }
    const answer = /^\/api\/follow-requests\/([^/]+)\/(approve|decline)$/.exec(path);
    if (method === "POST" && answer) {
      if (options.refuse) return apiError(503, "The database is resting.");
      server.waiting = server.waiting.filter((p) => p.userId !== answer[1]);
      if (answer[2] === "decline") return new Response(null, { status: 204 });
      server.followers.push(answer[1] ?? "");
      return json({ counts: { friends: 0, following: 0, followers: server.followers.length } });
    }
    return undefined;
  });
  const rendered = renderWithRoutes([{ path: "/activity", element: <ActivityScreen /> }], {
    url: "/activity",
    viewer: ADA,
  });
  return { ...rendered, calls, server };
}

const section = () => screen.findByRole("region", { name: "Follow requests" });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Activity: Follow requests", () => {
  it("lists who waits, newest first, each with Approve and Decline named for the person", async () => {
    renderActivity({ waiting: [asking(GRACE), asking(ALAN)] });
    const list = await section();
    const rows = await within(list).findAllByRole("listitem");
    expect(rows.map((row) => within(row).getByRole("link").textContent)).toEqual([
      "Grace Hopper",
      "Alan Turing",
    ]);
    expect(within(rows[0] as HTMLElement).getByText(/Asked/).textContent).toBe("Asked 7m ago");
    expect(within(list).getByRole("button", { name: "Approve @grace" })).toBeTruthy();
    expect(within(list).getByRole("button", { name: "Decline @alan" })).toBeTruthy();
    // Their Activity item is the section: not listed again below.
    expect(screen.queryByText(/asked to follow you/)).toBeNull();
  });

  it("Approve takes the row away at once and says who now follows", async () => {
    const { user, server } = renderActivity({ waiting: [asking(GRACE), asking(ALAN)] });
    const list = await section();
    await user.click(await within(list).findByRole("button", { name: "Approve @grace" }));
    expect(within(list).queryByRole("button", { name: "Approve @grace" })).toBeNull();
    expect(document.activeElement?.textContent).toBe("Follow requests");
    expect(await screen.findByText("@grace now follows you")).toBeTruthy();
    expect(server.followers).toEqual(["u2"]);
    expect(within(list).getByRole("button", { name: "Approve @alan" })).toBeTruthy();
  });

  it("Decline by keyboard takes the row away; the last one leaves 'No follow requests waiting.'", async () => {
    const { user, server } = renderActivity({ waiting: [asking(GRACE)] });
    const list = await section();
    const decline = await within(list).findByRole("button", { name: "Decline @grace" });
    decline.focus();
    await user.keyboard("{Enter}");
    expect(await within(list).findByText("No follow requests waiting.")).toBeTruthy();
    expect(await screen.findByText("Declined @grace's request")).toBeTruthy();
    expect(server.waiting).toEqual([]);
    expect(server.followers).toEqual([]);
  });

  it("puts the row back and says why when the server refuses", async () => {
    const { user } = renderActivity({ waiting: [asking(GRACE)], refuse: true });
    const list = await section();
    await user.click(await within(list).findByRole("button", { name: "Approve @grace" }));
    expect(await screen.findByText("The database is resting.")).toBeTruthy();
    expect(await within(list).findByRole("button", { name: "Approve @grace" })).toBeTruthy();
  });

  it("reads the requests' unread item once the section is seen", async () => {
    const { server } = renderActivity({ waiting: [asking(GRACE)], unread: true });
    await section();
    await waitFor(() => expect(server.unread).toBe(false));
  });

  it("says when the requests cannot be loaded, with Retry", async () => {
    renderActivity({ waiting: [asking(GRACE)], failList: true });
    const list = await section();
    expect(await within(list).findByText("Could not load follow requests.")).toBeTruthy();
    expect(within(list).getByRole("button", { name: "Retry" })).toBeTruthy();
  });

  it("is not there when nobody waits", async () => {
    renderActivity({ waiting: [] });
    expect(await screen.findByText("No activity yet")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Follow requests" })).toBeNull();
  });
});
