// Mentions in a post's text are links (docs/social-and-realtime.md "Mentions"): ours to their
// profile, someone elsewhere to their page here; in a post from elsewhere only full handles link.
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PostView } from "../../../domain/contracts/posts";
import { ADA, makePost, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { PostCard } from "./post-card";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderCard(post: PostView) {
  stubFetch(() => undefined);
  return renderWithRoutes(
    [
      { path: "/", element: <PostCard post={post} /> },
      { path: "/:handle", element: <p>Profile screen</p> },
      { path: "/:handle/:slug", element: <p>Post screen</p> },
    ],
    { url: "/", viewer: ADA },
  );
}

describe("mentions in a post's text", () => {
  it("link to the person's profile, or their page here when elsewhere, keeping the text as written", async () => {
    const post = makePost({
      content: "Hi @Grace and @zed@social.example.\nMail me: me@example.com",
    });
    const { user, router } = renderCard(post);
    const here = screen.getByRole("link", { name: "@Grace" });
    const elsewhere = screen.getByRole("link", { name: "@zed@social.example" });
    expect(here.getAttribute("href")).toBe("/grace");
    expect(elsewhere.getAttribute("href")).toBe("/@zed@social.example");
    expect(screen.queryByRole("link", { name: /example\.com/ })).toBeNull();
    expect(here.closest("p")?.textContent).toBe(post.content);
    await user.click(here);
    expect(await screen.findByText("Profile screen")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/grace");
  });

  it("in a post from elsewhere, link only full handles: a bare @name is on the writer's server", () => {
    const post = makePost({
      content: "@ada meet @zed@social.example",
      remote: { handle: "carol@c.test", url: "https://c.test/notes/1" },
    });
    renderCard(post);
    expect(screen.queryByRole("link", { name: "@ada" })).toBeNull();
    expect(screen.getByRole("link", { name: "@zed@social.example" }).getAttribute("href")).toBe(
      "/@zed@social.example",
    );
  });
});
