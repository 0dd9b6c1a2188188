import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADA, GRACE, json, makePost, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { ProfileTabs } from "./profile-tabs";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("pinned posts on the profile", () => {
  it("shows the pinned posts first under 'Pinned', in pin order, and again in their place", async () => {
    const posts = [1, 2, 3, 4].map((n) => makePost({ content: `Grace ${n}` }));
    const [p1, , p3] = posts;
    stubFetch(({ path }) => {
      if (path === `/api/users/${GRACE.userId}/pinned-posts`) return json({ items: [p3, p1] });
      if (path.startsWith(`/api/users/${GRACE.userId}/posts`)) {
        return json({ items: posts, nextCursor: null });
      }
      return undefined;
    });
    renderWithRoutes([{ path: "/", element: <ProfileTabs userId={GRACE.userId} /> }], {
      url: "/",
      viewer: ADA,
    });
    const pinned = await screen.findByRole("region", { name: "Pinned posts" });
    const cards = within(pinned).getAllByRole("article");
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringMatching(/^Pinned.*Grace 3/),
      expect.stringMatching(/^Pinned.*Grace 1/),
    ]);
    await screen.findByText("Grace 4");
    // Eight a page below, each once, pinned or not.
    expect(screen.getAllByRole("article")).toHaveLength(6);
    expect(screen.getAllByText("Pinned")).toHaveLength(2);
  });

  it("shows the list alone when nothing is pinned or the pins cannot be read", async () => {
    stubFetch(({ path }) =>
      path.startsWith(`/api/users/${GRACE.userId}/posts`)
        ? json({ items: [makePost({ content: "Only post" })], nextCursor: null })
        : json({ error: { code: "internal", message: "" } }, 500),
    );
    renderWithRoutes([{ path: "/", element: <ProfileTabs userId={GRACE.userId} /> }], {
      url: "/",
      viewer: null,
    });
    await screen.findByText("Only post");
    expect(screen.queryByRole("region", { name: "Pinned posts" })).toBeNull();
    expect(screen.queryByText("Pinned")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
