// A post's link card in lists and on its page (docs/feed.md "Link previews"): one link to the
// page opening in a new tab, its image decorative; none beside images, none without a card.
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LinkPreviewCard } from "../../../domain/contracts/link-previews";
import type { PostView } from "../../../domain/contracts/posts";
import { ADA, makePost, oneImage, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { PostCard } from "./post-card";

const CARD: LinkPreviewCard = {
  id: "0b6c2f7e-8d1b-4a53-9d3e-2f1f7f0a9c11",
  url: "https://www.news.example/story",
  title: "A story worth reading",
  description: "What happened, in two lines at most.",
  siteName: "News Example",
  imageUrl: "/media/u/6c/post/cover.jpg",
};

function renderCard(post: PostView) {
  stubFetch(() => undefined);
  return renderWithRoutes([{ path: "/", element: <PostCard post={post} /> }], {
    url: "/",
    viewer: ADA,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a post's link card", () => {
  it("is one link to the page, in a new tab, with its site, domain, title and description", () => {
    renderCard(makePost({ content: `Read ${CARD.url}`, linkPreview: CARD }));
    const link = screen.getByRole("link", { name: /A story worth reading/ });
    expect(link.getAttribute("href")).toBe(CARD.url);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer nofollow ugc");
    expect(link.textContent).toContain("News Example · news.example");
    expect(link.textContent).toContain("What happened, in two lines at most.");
    const image = link.querySelector("img");
    expect(image?.getAttribute("src")).toBe(CARD.imageUrl);
    expect(image?.getAttribute("alt")).toBe("");
    expect(screen.queryByRole("button", { name: "Remove preview" })).toBeNull();
  });

  it("shows no image or description when the card has none", () => {
    renderCard(
      makePost({ linkPreview: { ...CARD, imageUrl: null, description: null, siteName: null } }),
    );
    const link = screen.getByRole("link", { name: /A story worth reading/ });
    expect(link.querySelector("img")).toBeNull();
    expect(link.textContent).toBe("news.exampleA story worth reading");
  });

  it("is not shown beside the post's images", () => {
    renderCard(makePost({ linkPreview: CARD, images: oneImage("/media/u/6c/post/photo.jpg") }));
    expect(screen.queryByRole("link", { name: /A story worth reading/ })).toBeNull();
  });

  it("is not shown on a post without a card", () => {
    renderCard(makePost({ content: `Read ${CARD.url}` }));
    expect(screen.queryByRole("link", { name: /A story worth reading/ })).toBeNull();
  });
});
