import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADA, json, makePost, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { TagScreen } from "./tag-screen";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CAFE = encodeURIComponent("café");
const renderScreen = (url: string, viewer: typeof ADA | null = ADA) =>
  renderWithRoutes(
    [
      { path: "/tags/:tag", element: <TagScreen /> },
      { path: "/signup", element: <p>Sign up screen</p> },
    ],
    { url, viewer },
  );

describe("TagScreen", () => {
  it("shows the tag as first written, its count and posts, and follows and unfollows it", async () => {
    let following = false;
    const calls = stubFetch(({ method, path }) => {
      if (path === `/api/tags/${CAFE}`) {
        return json({
          name: "café",
          display: "Café",
          postsCount: 2,
          following,
          hiddenFromTrending: null,
        });
      }
      if (path === `/api/tags/${CAFE}/posts?limit=20`) {
        return json({ items: [makePost({ content: "Morning #Café" })], nextCursor: null });
      }
      if (path === `/api/tags/${CAFE}/follow`) {
        following = method === "PUT";
        return json({ following });
      }
      return undefined;
    });
    const { user } = renderScreen("/tags/Caf%C3%A9");
    expect(await screen.findByRole("heading", { name: "#Café" })).toBeTruthy();
    expect(await screen.findByText("2 posts")).toBeTruthy();
    expect(await screen.findByText("Morning")).toBeTruthy();
    expect(document.title).toMatch(/^#café · /);

    const follow = await screen.findByRole("button", { name: "Follow #Café" });
    expect(follow.getAttribute("aria-pressed")).toBe("false");
    await user.click(follow);
    const followingButton = await screen.findByRole("button", { name: "Following #Café" });
    expect(followingButton.getAttribute("aria-pressed")).toBe("true");
    await user.click(followingButton);
    await screen.findByRole("button", { name: "Follow #Café" });
    expect(calls.filter((c) => c.path.endsWith("/follow")).map((c) => c.method)).toEqual([
      "PUT",
      "DELETE",
    ]);
    // Not a moderator: no trending switch.
    expect(screen.queryByRole("button", { name: "Hide from trending" })).toBeNull();
  });

  it("lets a moderator keep the tag out of trending and back", async () => {
    let hidden = false;
    const calls = stubFetch(({ method, path }) => {
      if (path === "/api/tags/cats") {
        return json({
          name: "cats",
          display: "cats",
          postsCount: 3,
          following: false,
          hiddenFromTrending: hidden,
        });
      }
      if (path === "/api/tags/cats/posts?limit=20") return json({ items: [], nextCursor: null });
      if (path === "/api/tags/cats/trending-hidden") {
        hidden = method === "PUT";
        return json({ hidden });
      }
      return undefined;
    });
    const { user } = renderScreen("/tags/cats");
    expect(await screen.findByText("This tag may trend.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Hide from trending" }));
    expect(await screen.findByText("Moderators keep this tag out of trending.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Let it trend" }));
    expect(await screen.findByText("This tag may trend.")).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith("/trending-hidden")).map((c) => c.method)).toEqual([
      "PUT",
      "DELETE",
    ]);
  });

  it("says no posts yet for a tag nobody wrote", async () => {
    stubFetch(({ path }) =>
      path.endsWith("/posts?limit=20")
        ? json({ items: [], nextCursor: null })
        : json({
            name: "quiet",
            display: "quiet",
            postsCount: 0,
            following: false,
            hiddenFromTrending: null,
          }),
    );
    renderScreen("/tags/quiet");
    expect(await screen.findByText("No posts yet")).toBeTruthy();
    expect(screen.getByText("Posts with #quiet will show here.")).toBeTruthy();
    expect(await screen.findByText("0 posts")).toBeTruthy();
  });

  it("sends a visitor who presses Follow to sign up", async () => {
    stubFetch(({ path }) =>
      path.endsWith("/posts?limit=20")
        ? json({ items: [], nextCursor: null })
        : json({
            name: "quiet",
            display: "quiet",
            postsCount: 0,
            following: false,
            hiddenFromTrending: null,
          }),
    );
    const { user } = renderScreen("/tags/quiet", null);
    await user.click(await screen.findByRole("button", { name: "Follow #quiet" }));
    expect(await screen.findByText("Sign up screen")).toBeTruthy();
  });

  it("is the page not found for what cannot be a tag, asking nothing", async () => {
    const calls = stubFetch(() => undefined);
    renderScreen("/tags/123");
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeTruthy();
    await waitFor(() => expect(calls).toEqual([]));
  });
});
