import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ServerMessage } from "../../domain/realtime-events";
import { followKeys } from "./queries/follows";
import { FOLLOW_COUNTS_CHANGED, type FollowCountsChangedDetail } from "./queries/profile-counts";
import { profileKeys } from "./queries/profiles";
import { type PeopleSearchResult, searchKeys } from "./queries/search";
import { applyServerMessage } from "./realtime-handler";

const summary = (userId: string, handle: string, following: boolean) => ({
  userId,
  fullName: handle,
  handle,
  username: handle,
  profileImageUrl: null,
  verificationType: "none" as const,
  veteran: false,
  following,
});

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient();
  queryClient.setQueryData(profileKeys.detail("grace"), {
    userId: "u2",
    handle: "grace",
    fullName: "Grace Hopper",
    counts: { friends: 0, following: 1, followers: 4 },
  });
  queryClient.setQueryData(profileKeys.detail("alan"), {
    userId: "u3",
    handle: "alan",
    counts: { friends: 2, following: 2, followers: 2 },
  });
  queryClient.setQueryData<PeopleSearchResult>(searchKeys.peopleQuery("a"), {
    items: [summary("u2", "grace", false), summary("u3", "alan", false)],
  });
});
afterEach(() => vi.restoreAllMocks());

const search = (q = "a") =>
  queryClient.getQueryData<PeopleSearchResult>(searchKeys.peopleQuery(q))?.items;

describe("applyServerMessage", () => {
  it("profile.counts: puts the counters on that profile only, and announces them", () => {
    const heard: FollowCountsChangedDetail[] = [];
    const listener = (event: Event) =>
      heard.push((event as CustomEvent<FollowCountsChangedDetail>).detail);
    window.addEventListener(FOLLOW_COUNTS_CHANGED, listener);
    const alanBefore = queryClient.getQueryState(profileKeys.detail("alan"))?.dataUpdatedAt;
    const counts = { friends: 1, following: 1, followers: 5 };

    applyServerMessage(queryClient, { type: "profile.counts", userId: "u2", counts }, "me");
    window.removeEventListener(FOLLOW_COUNTS_CHANGED, listener);

    expect(queryClient.getQueryData(profileKeys.detail("grace"))).toEqual({
      userId: "u2",
      handle: "grace",
      fullName: "Grace Hopper",
      counts,
    });
    expect(queryClient.getQueryData(profileKeys.detail("alan"))).toMatchObject({
      counts: { followers: 2 },
    });
    // Other profiles are not touched at all (not even marked as freshly fetched).
    expect(queryClient.getQueryState(profileKeys.detail("alan"))?.dataUpdatedAt).toBe(alanBefore);
    expect(heard).toEqual([{ userId: "u2", counts }]);
  });

  it("profile.counts: also updates the copy cached under another handle of that profile", () => {
    queryClient.setQueryData(profileKeys.detail("grace.hopper"), {
      userId: "u2",
      handle: "grace.hopper",
      counts: { friends: 0, following: 0, followers: 0 },
    });
    const counts = { friends: 0, following: 0, followers: 9 };
    applyServerMessage(queryClient, { type: "profile.counts", userId: "u2", counts }, "me");
    expect(queryClient.getQueryData(profileKeys.detail("grace.hopper"))).toEqual({
      userId: "u2",
      handle: "grace.hopper",
      counts,
    });
  });

  it("follow.changed by the viewer: updates the status and the search flags", () => {
    const message: ServerMessage = {
      type: "follow.changed",
      followerId: "me",
      followingId: "u2",
      following: true,
    };
    applyServerMessage(queryClient, message, "me");
    expect(queryClient.getQueryData(followKeys.status("u2"))).toEqual({ following: true });
    expect(search()?.map((p) => [p.userId, p.following])).toEqual([
      ["u2", true],
      ["u3", false],
    ]);

    applyServerMessage(queryClient, { ...message, following: false }, "me");
    expect(queryClient.getQueryData(followKeys.status("u2"))).toEqual({ following: false });
    expect(search()?.[0]?.following).toBe(false);
  });

  it("follow.changed where the viewer is the one followed: the viewer's own set stays", () => {
    applyServerMessage(
      queryClient,
      { type: "follow.changed", followerId: "u2", followingId: "me", following: true },
      "me",
    );
    expect(queryClient.getQueryData(followKeys.status("u2"))).toBeUndefined();
    expect(queryClient.getQueryData(followKeys.status("me"))).toBeUndefined();
    expect(search()?.every((p) => !p.following)).toBe(true);
  });

  it("ignores ready and pong", () => {
    const before = JSON.stringify(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.state.data),
    );
    applyServerMessage(queryClient, { type: "ready", userId: "me" }, "me");
    applyServerMessage(queryClient, { type: "pong" }, "me");
    expect(
      JSON.stringify(
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state.data),
      ),
    ).toBe(before);
  });
});
