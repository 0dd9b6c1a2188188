import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PostView } from "../../domain/contracts/posts";
import type { ServerMessage } from "../../domain/realtime-events";
import { makeMessage, makeThread } from "../test-support/mail";
import { ADA, GRACE, makePost } from "../test-support/posts";
import { followRequestKeys } from "./queries/follow-requests";
import { followKeys } from "./queries/follows";
import { mailKeys } from "./queries/mail";
import {
  chronological,
  loadedThreads,
  type MessagesData,
  type ThreadsData,
} from "./queries/mail-pages";
import { mutedWordKeys } from "./queries/muted-words";
import { postKeys } from "./queries/posts";
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
  it("profile.changed: the cached profiles are read again, and the session when it is the viewer's", () => {
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    applyServerMessage(queryClient, { type: "profile.changed", userId: "u2" }, "me");
    expect(queryClient.getQueryState(profileKeys.detail("grace"))?.isInvalidated).toBe(true);
    expect(invalidate).toHaveBeenCalledTimes(1);
    applyServerMessage(queryClient, { type: "profile.changed", userId: "me" }, "me");
    expect(invalidate).toHaveBeenCalledTimes(3);
  });

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
      state: "following",
    };
    applyServerMessage(queryClient, message, "me");
    expect(queryClient.getQueryData(followKeys.status("u2"))).toEqual({
      following: true,
      state: "following",
    });
    expect(search()?.map((p) => [p.userId, p.following])).toEqual([
      ["u2", true],
      ["u3", false],
    ]);

    applyServerMessage(queryClient, { ...message, following: false, state: "none" }, "me");
    expect(queryClient.getQueryData(followKeys.status("u2"))).toEqual({
      following: false,
      state: "none",
    });
    expect(search()?.[0]?.following).toBe(false);
  });

  it("follow.changed where the viewer is the one followed: the viewer's own set stays", () => {
    applyServerMessage(
      queryClient,
      {
        type: "follow.changed",
        followerId: "u2",
        followingId: "me",
        following: true,
        state: "following",
      },
      "me",
    );
    expect(queryClient.getQueryData(followKeys.status("u2"))).toBeUndefined();
    expect(queryClient.getQueryData(followKeys.status("me"))).toBeUndefined();
    expect(search()?.every((p) => !p.following)).toBe(true);
  });

  it("follow.changed of a private account: the request shows, then its approval reads the profile again", () => {
    queryClient.setQueryData(profileKeys.detail("grace"), {
      userId: "u2",
      handle: "grace",
      privateAccount: true,
      postsHidden: "private",
      counts: { friends: 0, following: 1, followers: 4 },
    });
    const message: ServerMessage = {
      type: "follow.changed",
      followerId: "me",
      followingId: "u2",
      following: false,
      state: "requested",
    };
    applyServerMessage(queryClient, message, "me");
    expect(queryClient.getQueryData(followKeys.status("u2"))).toEqual({
      following: false,
      state: "requested",
    });
    expect(search()?.[0]?.following).toBe(false);

    queryClient.setQueryData(postKeys.userPosts("u2"), { pages: [], pageParams: [null] });
    applyServerMessage(queryClient, { ...message, following: true, state: "following" }, "me");
    expect(search()?.[0]?.following).toBe(true);
    expect(queryClient.getQueryState(profileKeys.detail("grace"))?.isInvalidated).toBe(true);
    // The page may have come with her posts' empty first page: they are read again too.
    expect(queryClient.getQueryState(postKeys.userPosts("u2"))?.isInvalidated).toBe(true);
    // A profile that is not private has nothing to show anew.
    expect(queryClient.getQueryState(profileKeys.detail("alan"))?.isInvalidated).toBe(false);
  });

  it("follow.changed where the viewer is asked: the waiting requests are read again", () => {
    queryClient.setQueryData(followRequestKeys.list(), { pages: [], pageParams: [null] });
    applyServerMessage(
      queryClient,
      {
        type: "follow.changed",
        followerId: "u2",
        followingId: "me",
        following: false,
        state: "requested",
      },
      "me",
    );
    expect(queryClient.getQueryState(followRequestKeys.list())?.isInvalidated).toBe(true);
  });

  it("on ready (a reconnect) marks mail and activity stale, so what was missed is fetched", () => {
    queryClient.setQueryData(["mail", "threads"], { pages: [], pageParams: [] });
    applyServerMessage(queryClient, { type: "ready", userId: "me", epoch: "e1", seq: "0" }, "me");
    expect(queryClient.getQueryState(["mail", "threads"])?.isInvalidated).toBe(true);
  });

  it("on refetch (a gap the server cannot replay) reads every cached query again", () => {
    queryClient.setQueryData(["mail", "thread", "t1"], { pages: [], pageParams: [] });
    queryClient.setQueryData(["feed"], { pages: [], pageParams: [] });
    queryClient.setQueryData(["profiles", "counts", "u2"], {
      friends: 0,
      following: 1,
      followers: 2,
    });
    applyServerMessage(queryClient, { type: "refetch", reason: "too-old" }, "me");
    for (const query of queryClient.getQueryCache().getAll()) {
      expect(query.state.isInvalidated, JSON.stringify(query.queryKey)).toBe(true);
    }
  });

  it("changes no data on ready and pong", () => {
    const before = JSON.stringify(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.state.data),
    );
    applyServerMessage(queryClient, { type: "ready", userId: "me", epoch: "e1", seq: "0" }, "me");
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

describe("applyServerMessage: mail", () => {
  const T1 = "30000000-0000-4000-8000-000000000001";
  const T2 = "30000000-0000-4000-8000-000000000002";
  const first = makeMessage({ threadId: T1, sender: GRACE, body: "Hello" });
  const page = <T,>(items: T[]) => ({ pages: [{ items, nextCursor: null }], pageParams: [null] });

  beforeEach(() => {
    queryClient.setQueryData<ThreadsData>(
      mailKeys.threads(),
      page([
        makeThread({ id: T2, with: "pen.pal@example.net", unread: true }),
        makeThread({ id: T1, with: GRACE, latestMessage: first }),
      ]),
    );
    queryClient.setQueryData<MessagesData>(mailKeys.messages(T1), page([first]));
    queryClient.setQueryData(mailKeys.unreadCount(), { count: 1 });
  });

  const threads = () => loadedThreads(queryClient.getQueryData<ThreadsData>(mailKeys.threads()));
  const conversation = () =>
    chronological(queryClient.getQueryData<MessagesData>(mailKeys.messages(T1))).map((m) => m.body);
  const unreadCount = () => queryClient.getQueryData(mailKeys.unreadCount());

  it("mail.message from the other side: into the conversation once, thread first and unread, counted", () => {
    const reply = makeMessage({
      threadId: T1,
      sender: GRACE,
      body: "Are you there?",
      createdAt: new Date().toISOString(),
    });
    const refetch = vi.spyOn(queryClient, "invalidateQueries");
    applyServerMessage(queryClient, { type: "mail.message", threadId: T1, message: reply }, "u1");
    applyServerMessage(queryClient, { type: "mail.message", threadId: T1, message: reply }, "u1");

    expect(conversation()).toEqual(["Hello", "Are you there?"]);
    expect(threads().map((t) => [t.id, t.unread, t.latestMessage?.body])).toEqual([
      [T1, true, "Are you there?"],
      [T2, true, undefined],
    ]);
    expect(unreadCount()).toEqual({ count: 2 });
    expect(refetch).not.toHaveBeenCalled();
  });

  it("mail.message the reader sent (from another tab): once, and the thread stays read", () => {
    const mine = makeMessage({
      threadId: T1,
      sender: ADA,
      body: "On my way",
      createdAt: new Date().toISOString(),
    });
    applyServerMessage(
      queryClient,
      { type: "mail.message", threadId: T1, message: mine },
      ADA.userId,
    );
    applyServerMessage(
      queryClient,
      { type: "mail.message", threadId: T1, message: mine },
      ADA.userId,
    );
    expect(conversation()).toEqual(["Hello", "On my way"]);
    expect(threads()[0]).toMatchObject({
      id: T1,
      unread: false,
      latestMessage: { body: "On my way" },
    });
    expect(unreadCount()).toEqual({ count: 1 });
  });

  it("mail.message in a thread this tab has not seen: the list and the count ask again", async () => {
    const refetch = vi.spyOn(queryClient, "invalidateQueries");
    const other = makeMessage({ threadId: "30000000-0000-4000-8000-000000000009", sender: GRACE });
    applyServerMessage(
      queryClient,
      { type: "mail.message", threadId: other.threadId, message: other },
      ADA.userId,
    );
    expect(refetch).toHaveBeenCalledWith({ queryKey: mailKeys.threads() });
    expect(refetch).toHaveBeenCalledWith({ queryKey: mailKeys.unreadCount() });
    expect(conversation()).toEqual(["Hello"]);
  });

  it("mail.read: the thread loses its marker and the badge one", () => {
    applyServerMessage(queryClient, { type: "mail.read", threadId: T2 }, ADA.userId);
    expect(threads().map((t) => t.unread)).toEqual([false, false]);
    expect(unreadCount()).toEqual({ count: 0 });
    // Heard twice (this tab read it too): counted once.
    applyServerMessage(queryClient, { type: "mail.read", threadId: T2 }, ADA.userId);
    expect(unreadCount()).toEqual({ count: 0 });
  });
});

describe("applyServerMessage: muted words on what arrives live", () => {
  const entry = (text: string, contexts: string[], expiresAt: string | null) => ({
    id: text,
    text,
    contexts,
    duration: "never",
    expiresAt,
    expired: false,
    createdAt: new Date().toISOString(),
  });
  const later = () => new Date(Date.now() + 60_000).toISOString();
  const emptyPage = { pages: [{ items: [], nextCursor: null }], pageParams: [null] };

  it("marks a post and a message the reader's list matches, as the server would", () => {
    queryClient.setQueryData(mutedWordKeys.all, {
      items: [entry("butler", ["feed"], later()), entry("secret", ["mail"], null)],
    });
    const post = makePost({ author: GRACE, content: "The BUTLER did it" });
    const mine = makePost({ author: ADA, content: "My butler story" });
    applyServerMessage(queryClient, { type: "post.created", post }, ADA.userId);
    applyServerMessage(queryClient, { type: "post.created", post: mine }, ADA.userId);
    const incoming = queryClient.getQueryData<PostView[]>(postKeys.incoming()) ?? [];
    expect(incoming.find((p) => p.id === post.id)?.mutedBy).toEqual(["butler"]);
    expect(incoming.find((p) => p.id === mine.id)?.mutedBy).toBeUndefined();

    const message = makeMessage({ threadId: "t-live", sender: GRACE, body: "A secret for you" });
    queryClient.setQueryData<MessagesData>(mailKeys.messages("t-live"), emptyPage);
    applyServerMessage(
      queryClient,
      { type: "mail.message", threadId: "t-live", message },
      ADA.userId,
    );
    const kept = queryClient.getQueryData<MessagesData>(mailKeys.messages("t-live"));
    expect(JSON.stringify(kept)).toContain('"mutedBy":["secret"]');
  });

  it("leaves them whole once the entry expired, or where it does not apply", () => {
    queryClient.setQueryData(mutedWordKeys.all, {
      items: [
        entry("butler", ["feed"], new Date(Date.now() - 1_000).toISOString()),
        entry("secret", ["feed"], null),
      ],
    });
    const post = makePost({ author: GRACE, content: "The butler did it" });
    applyServerMessage(queryClient, { type: "post.created", post }, ADA.userId);
    const incoming = queryClient.getQueryData<PostView[]>(postKeys.incoming()) ?? [];
    expect(incoming.find((p) => p.id === post.id)?.mutedBy).toBeUndefined();
    const message = makeMessage({ threadId: "t-live2", sender: GRACE, body: "A secret" });
    queryClient.setQueryData<MessagesData>(mailKeys.messages("t-live2"), emptyPage);
    applyServerMessage(
      queryClient,
      { type: "mail.message", threadId: "t-live2", message },
      ADA.userId,
    );
    const kept = queryClient.getQueryData<MessagesData>(mailKeys.messages("t-live2"));
    expect(JSON.stringify(kept)).not.toContain("mutedBy");
  });
});
