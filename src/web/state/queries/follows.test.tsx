import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppToaster } from "../../components/feedback/app-toaster";
import { FOLLOW_FAILED, followKeys, useToggleFollowMutation } from "./follows";
import { profileKeys } from "./profiles";
import { type PeopleSearchResult, searchKeys } from "./search";

const GRACE = {
  userId: "u2",
  fullName: "Grace Hopper",
  handle: "grace",
  username: "grace",
  profileImageUrl: null,
  verificationType: "none" as const,
  veteran: false,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let answer: { resolve: (response: Response) => void };
let queryClient: QueryClient;

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = { resolve };
        }),
    ),
  );
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(followKeys.status("u2"), { following: false, state: "none" });
  queryClient.setQueryData<PeopleSearchResult>(searchKeys.peopleQuery("gra"), {
    items: [{ ...GRACE, following: false }],
  });
  queryClient.setQueryData(profileKeys.detail("grace"), {
    userId: "u2",
    handle: "grace",
    counts: { friends: 0, following: 0, followers: 4 },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

const status = () => queryClient.getQueryData(followKeys.status("u2"));
const searchFlag = () =>
  queryClient.getQueryData<PeopleSearchResult>(searchKeys.peopleQuery("gra"))?.items[0]?.following;

describe("useToggleFollowMutation", () => {
  it("flips the status and the search result at once, then keeps the server's answer", async () => {
    const { result } = renderHook(() => useToggleFollowMutation(), { wrapper });
    act(() => result.current.mutate({ targetUserId: "u2", state: "none" }));
    await waitFor(() => expect(status()).toEqual({ following: true, state: "following" }));
    expect(searchFlag()).toBe(true);
    expect(result.current.isPending).toBe(true);

    answer.resolve(
      json({
        following: true,
        state: "following",
        counts: { friends: 0, following: 0, followers: 5 },
      }),
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(status()).toEqual({ following: true, state: "following" });
    expect(searchFlag()).toBe(true);
    // The target's cached profile takes the new counters from the answer.
    expect(queryClient.getQueryData(profileKeys.detail("grace"))).toMatchObject({
      counts: { followers: 5 },
    });
  });

  it("rolls back and says so when the server refuses", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    render(<AppToaster theme="light" />);
    const { result } = renderHook(() => useToggleFollowMutation(), { wrapper });
    act(() => result.current.mutate({ targetUserId: "u2", state: "none" }));
    await waitFor(() => expect(searchFlag()).toBe(true));

    answer.resolve(json({ error: { code: "internal", message: "Something went wrong" } }, 500));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(status()).toEqual({ following: false, state: "none" });
    expect(searchFlag()).toBe(false);
    expect(await screen.findByText(FOLLOW_FAILED)).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });
});
