import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FollowState } from "../../../domain/contracts/follows";
import type { ProfileView } from "../../../domain/contracts/profiles";
import {
  ADA,
  type Call,
  GRACE,
  json,
  makePost,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import { profileOf } from "../../test-support/safety";
import { ProfileScreen } from "./profile-screen";

const NO_LISTS = { followers: false, following: false, friends: false };
const POST = makePost({ author: GRACE, content: "Only for my followers" });

/** Grace's private account as the server shows it to a viewer who stands `state` to her: the posts
 * only to a follower (docs/social-and-realtime.md "Private accounts"). */
function renderPrivate(options: {
  viewer: typeof ADA | null;
  state?: FollowState;
  lists?: ProfileView["lists"];
}) {
  const server = { state: options.state ?? "none" };
  const profile = (): ProfileView => ({
    ...profileOf(GRACE),
    privateAccount: true,
    postsHidden: server.state === "following" ? null : "private",
    lists: options.lists ?? NO_LISTS,
  });
  const calls: Call[] = stubFetch(({ method, path }) => {
    if (path === `/api/profiles/${GRACE.handle}`) return json({ profile: profile() });
    if (path === `/api/follows/status/${GRACE.userId}`) {
      return json({ following: server.state === "following", state: server.state });
    }
    if (method === "POST" && path === "/api/follows/toggle") {
      server.state = server.state === "none" ? "requested" : "none";
      return json({ following: false, state: server.state, counts: profile().counts });
    }
    if (path.startsWith(`/api/users/${GRACE.userId}/posts`)) {
      return json({ items: server.state === "following" ? [POST] : [], nextCursor: null });
    }
    if (path.startsWith(`/api/follows/${GRACE.userId}/followers`)) {
      return json({ items: [ADA], nextCursor: null });
    }
    if (path.startsWith("/api/safety/relations/")) return json({ blocking: false, muting: false });
    return undefined;
  });
  const rendered = renderWithRoutes([{ path: "/:handle", element: <ProfileScreen /> }], {
    url: `/${GRACE.handle}`,
    viewer: options.viewer,
  });
  return { ...rendered, calls, server };
}

const postsAsked = (calls: Call[]) => calls.some((c) => c.path.includes("/posts"));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("ProfileScreen: a private account", () => {
  it("shows a signed-out visitor the header and 'This account is private' instead of posts", async () => {
    const { calls } = renderPrivate({ viewer: null });
    expect(await screen.findByRole("heading", { level: 1, name: /Grace Hopper/ })).toBeTruthy();
    const notice = screen.getByRole("region", { name: "This account is private" });
    expect(notice.textContent).toContain("Only the followers Grace Hopper approves see the posts.");
    expect(screen.getByText("Private")).toBeTruthy();
    expect(screen.queryByRole("tab", { name: "Posts" })).toBeNull();
    expect(postsAsked(calls)).toBe(false);
    // The counters are numbers only: no list is open to this visitor.
    expect(screen.queryByRole("button", { name: /^(Friends|Following|Followers):/ })).toBeNull();
  });

  it("lets a signed-in person ask to follow: Requested, and still private", async () => {
    const { user, server } = renderPrivate({ viewer: ADA });
    await user.click(await screen.findByRole("button", { name: "Follow" }));
    expect(
      await screen.findByRole("button", { name: "Requested: cancel the follow request" }),
    ).toBeTruthy();
    expect(server.state).toBe("requested");
    expect(screen.getByRole("region", { name: "This account is private" })).toBeTruthy();
  });

  it("shows an approved follower the posts", async () => {
    renderPrivate({ viewer: ADA, state: "following" });
    expect(await screen.findByText("Only for my followers")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "This account is private" })).toBeNull();
  });

  it("opens the followers list when its audience lets the viewer see it, and only that one", async () => {
    const { user } = renderPrivate({
      viewer: ADA,
      lists: { followers: true, following: false, friends: false },
    });
    await user.click(await screen.findByRole("button", { name: "Followers: 2" }));
    const dialog = await screen.findByRole("dialog", { name: "Followers" });
    expect(await within(dialog).findByText("Ada Lovelace")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Following:/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Friends:/ })).toBeNull();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
