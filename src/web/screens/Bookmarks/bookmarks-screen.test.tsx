import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADA, json, makePost, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { BookmarksScreen } from "./bookmarks-screen";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderScreen = () =>
  renderWithRoutes([{ path: "/bookmarks", element: <BookmarksScreen /> }], {
    url: "/bookmarks",
    viewer: ADA,
  });

describe("BookmarksScreen", () => {
  it("lists the bookmarks newest first and loads the next page from the cursor", async () => {
    const first = [makePost({ content: "Kept last" }), makePost({ content: "Kept before" })];
    const second = [makePost({ content: "Kept first" })];
    const calls = stubFetch(({ path }) => {
      if (path === "/api/bookmarks?limit=20") return json({ items: first, nextCursor: "c1" });
      if (path === "/api/bookmarks?limit=20&cursor=c1") {
        return json({ items: second, nextCursor: null });
      }
      return undefined;
    });
    const { user } = renderScreen();
    expect(screen.getByRole("heading", { name: "Bookmarks" })).toBeTruthy();
    expect(screen.getByText("Loading posts...")).toBeTruthy();
    await screen.findByText("Kept last");
    expect(screen.getAllByRole("article").map((a) => a.textContent)).toEqual([
      expect.stringContaining("Kept last"),
      expect.stringContaining("Kept before"),
    ]);
    await user.click(screen.getByRole("button", { name: "Load More" }));
    await screen.findByText("Kept first");
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load More" })).toBeNull());
    expect(calls.map((c) => c.path)).toEqual([
      "/api/bookmarks?limit=20",
      "/api/bookmarks?limit=20&cursor=c1",
    ]);
    expect(document.title).toMatch(/^Bookmarks · /);
  });

  it("says there are no bookmarks yet, and how to make one", async () => {
    stubFetch(() => json({ items: [], nextCursor: null }));
    renderScreen();
    expect(await screen.findByText("No bookmarks yet")).toBeTruthy();
    expect(screen.getByText("Choose Bookmark in a post's menu to keep it here.")).toBeTruthy();
  });

  it("says it failed and tries again on Retry", async () => {
    let fail = true;
    stubFetch(() =>
      fail
        ? json({ error: { code: "internal", message: "" } }, 500)
        : json({ items: [makePost({ content: "Back again" })], nextCursor: null }),
    );
    const { user } = renderScreen();
    expect(await screen.findByText("Failed to load posts")).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Back again")).toBeTruthy();
  });
});
