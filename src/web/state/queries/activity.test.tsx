import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ActivityGroup } from "../../../domain/contracts/activity";
import { applyServerMessage } from "../realtime-handler";
import {
  activityKeys,
  useActivityQuery,
  useMarkGroupReadMutation,
  useUnreadActivityCount,
} from "./activity";
import { profileKeys } from "./profiles";

const group = (over: Partial<ActivityGroup>): ActivityGroup => ({
  groupType: "LIKE",
  postId: "p1",
  noteId: null,
  actorCount: 1,
  unread: true,
  postSnippet: "Hello",
  commentSnippet: null,
  actorsRecent: [],
  target: "/me/hello",
  postDeleted: false,
  lastEventAt: "2026-03-14T11:00:00.000Z",
  reportOutcome: null,
  ...over,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let answer: { resolve: (response: Response) => void } | undefined;
let queryClient: QueryClient;
const fetchMock = vi.fn();

beforeEach(() => {
  answer = undefined;
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    (path: string) =>
      new Promise<Response>((resolve) => {
        if (path.startsWith("/api/activity/read")) answer = { resolve };
        else resolve(json(path.endsWith("unread-count") ? { count: 0 } : { groups: [] }));
      }),
  );
  vi.stubGlobal("fetch", fetchMock);
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(activityKeys.groups(), {
    groups: [
      group({ groupType: "COMMENT", postId: "p1", actorCount: 3 }),
      group({ groupType: "LIKE", postId: "p1", actorCount: 1 }),
      group({ groupType: "FOLLOW", postId: null, actorCount: 2, unread: false }),
    ],
  });
  queryClient.setQueryData(activityKeys.unreadCount(), { count: 6 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

const unreadFlags = () =>
  queryClient
    .getQueryData<{ groups: ActivityGroup[] }>(activityKeys.groups())
    ?.groups.map((g) => `${g.groupType}:${g.unread}`);
const count = () => queryClient.getQueryData(activityKeys.unreadCount());

describe("useMarkGroupReadMutation", () => {
  it("flips only that group and lowers the badge at once, never below the groups left", async () => {
    const { result } = renderHook(() => useMarkGroupReadMutation(), { wrapper });
    act(() => result.current.mutate({ groupType: "COMMENT", postId: "p1" }));
    await waitFor(() =>
      expect(unreadFlags()).toEqual(["COMMENT:false", "LIKE:true", "FOLLOW:false"]),
    );
    expect(count()).toEqual({ count: 3 });
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/activity/read",
      expect.objectContaining({
        method: "POST",
        body: JSON.stringify({ groupType: "COMMENT", postId: "p1" }),
      }),
    );
    answer?.resolve(json({ ok: true }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    // Then the server's numbers are asked for again.
    expect(queryClient.getQueryState(activityKeys.unreadCount())?.isInvalidated).toBe(true);
  });

  it("the badge goes to 0 when the last unread group is read", async () => {
    queryClient.setQueryData(activityKeys.groups(), {
      groups: [group({ actorCount: 1 }), group({ postId: "p2", unread: false })],
    });
    const { result } = renderHook(() => useMarkGroupReadMutation(), { wrapper });
    act(() => result.current.mutate({ groupType: "LIKE", postId: "p1" }));
    await waitFor(() => expect(count()).toEqual({ count: 0 }));
  });

  it("rolls back the flag and the badge when the server refuses", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { result } = renderHook(() => useMarkGroupReadMutation(), { wrapper });
    act(() => result.current.mutate({ groupType: "LIKE", postId: "p1" }));
    await waitFor(() => expect(count()).toEqual({ count: 5 }));
    answer?.resolve(json({ error: { code: "internal", message: "boom" } }, 500));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(unreadFlags()).toEqual(["COMMENT:true", "LIKE:true", "FOLLOW:false"]);
    expect(count()).toEqual({ count: 6 });
    expect(logged).toHaveBeenCalled();
  });
});

describe("activity.created over realtime", () => {
  it("marks the groups and the unread count stale, nothing else", () => {
    queryClient.setQueryData(profileKeys.detail("ada"), { userId: "u1" });
    applyServerMessage(queryClient, { type: "activity.created" }, "me");
    expect(queryClient.getQueryState(activityKeys.groups())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(activityKeys.unreadCount())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(profileKeys.detail("ada"))?.isInvalidated).toBe(false);
  });

  it("refetches the page and the badge when they are on screen", async () => {
    renderHook(
      () => {
        useActivityQuery();
        useUnreadActivityCount(true);
      },
      { wrapper },
    );
    fetchMock.mockClear();
    applyServerMessage(queryClient, { type: "activity.created" }, "me");
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([path]) => path).sort()).toEqual([
        "/api/activity",
        "/api/activity/unread-count",
      ]),
    );
  });
});
