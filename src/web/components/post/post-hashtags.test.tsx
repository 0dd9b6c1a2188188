// Hashtags in a post's text are links to the tag's page (docs/feed.md "Hashtags"), by the tag's
// key, keeping the text as written; a `#` in a web address is the address's, after a letter text.
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADA, makePost, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { PostCard } from "./post-card";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("hashtags in a post's text", () => {
  it("link to the tag's page by its key, beside mentions", async () => {
    const post = makePost({
      content: "Hi @Grace, #Café time! See https://x.test/menu#café or a#b and #日本語.",
    });
    stubFetch(() => undefined);
    const { user, router } = renderWithRoutes(
      [
        { path: "/", element: <PostCard post={post} /> },
        { path: "/tags/:tag", element: <p>Tag screen</p> },
        { path: "/:handle", element: <p>Profile screen</p> },
      ],
      { url: "/", viewer: ADA },
    );
    const cafe = screen.getByRole("link", { name: "#Café" });
    expect(cafe.getAttribute("href")).toBe(`/tags/${encodeURIComponent("café")}`);
    expect(screen.getByRole("link", { name: "#日本語" }).getAttribute("href")).toBe(
      `/tags/${encodeURIComponent("日本語")}`,
    );
    expect(screen.getByRole("link", { name: "@Grace" }).getAttribute("href")).toBe("/grace");
    // A `#` inside a web address is part of the address's link, not a tag.
    expect(
      screen.getByRole("link", { name: "https://x.test/menu#café" }).getAttribute("href"),
    ).toBe("https://x.test/menu#café");
    expect(screen.queryByRole("link", { name: "#café" })).toBeNull();
    expect(screen.queryByRole("link", { name: /a#b/ })).toBeNull();
    expect(cafe.closest("p")?.textContent).toBe(post.content);
    await user.click(cafe);
    expect(await screen.findByText("Tag screen")).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/tags/${encodeURIComponent("café")}`);
  });
});
