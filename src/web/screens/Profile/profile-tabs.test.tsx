import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADA, GRACE, json, makePost, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { ProfileTabs } from "./profile-tabs";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("ProfileTabs", () => {
  it("lists the person's posts page by page with Load More", async () => {
    const first = [makePost({ content: "Newest" }), makePost({ content: "Older" })];
    const second = [makePost({ content: "Oldest" })];
    let release: () => void = () => {};
    const calls = stubFetch(({ path }) => {
      if (path === "/api/users/u2/posts?limit=20") return json({ items: first, nextCursor: "c1" });
      if (path === "/api/users/u2/posts?limit=20&cursor=c1") {
        return new Promise<Response>((resolve) => {
          release = () => resolve(json({ items: second, nextCursor: null }));
        });
      }
      return undefined;
    });
    const { user } = renderWithRoutes(
      [{ path: "/", element: <ProfileTabs userId={GRACE.userId} /> }],
      {
        url: "/",
        viewer: ADA,
      },
    );
    expect(screen.getByText("Loading posts...")).toBeTruthy();
    await screen.findByText("Newest");
    await user.click(screen.getByRole("button", { name: "Load More" }));
    expect(screen.getByRole("button", { name: "Loading…" })).toHaveProperty("disabled", true);
    release();
    await screen.findByText("Oldest");
    expect(screen.getAllByRole("article").map((a) => a.textContent)).toEqual([
      expect.stringContaining("Newest"),
      expect.stringContaining("Older"),
      expect.stringContaining("Oldest"),
    ]);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load More" })).toBeNull());
    expect(calls).toHaveLength(2);
  });

  it("says 'Failed to load posts' and retries", async () => {
    let fail = true;
    stubFetch(() =>
      fail
        ? json({ error: { code: "internal", message: "" } }, 500)
        : json({ items: [], nextCursor: null }),
    );
    const { user } = renderWithRoutes([{ path: "/", element: <ProfileTabs userId="u2" /> }], {
      url: "/",
      viewer: null,
    });
    expect(await screen.findByText("Failed to load posts")).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("No posts yet")).toBeTruthy();
  });
});
