// A post from elsewhere in the home feed because someone followed there boosted it ("Boosted by"
// that person, linking to their page here), and its images, our stored copies with their
// descriptions (docs/federation.md "Posts from elsewhere", "Images from elsewhere"); the picture
// of a person elsewhere on their page here.
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PostView } from "../../../domain/contracts/posts";
import { RemoteProfileHeader } from "../../screens/RemoteProfile/remote-profile-header";
import { postKeys, useFeedQuery } from "../../state/queries/posts";
import { CAROL, remotePost } from "../../test-support/federation";
import { ADA, feedData, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { PostList } from "./post-list";

function Feed() {
  return <PostList query={useFeedQuery()} empty={<p>No posts yet</p>} />;
}

function renderFeed(posts: PostView[]) {
  stubFetch(() => undefined);
  return renderWithRoutes([{ path: "/", element: <Feed /> }], {
    url: "/",
    viewer: ADA,
    seed: (qc) => qc.setQueryData(postKeys.feed(), feedData(posts)),
  });
}

const boosted = (post: PostView, id: string, handle: string, name: string): PostView => ({
  ...post,
  remote: { handle: CAROL.handle, url: post.remote?.url ?? null, boostedBy: { id, handle, name } },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a boost from elsewhere", () => {
  it("says who boosted it above the post, linking to their page here; each boost is its own item", () => {
    const post = remotePost({ content: "Worth a boost" });
    renderFeed([
      boosted(post, "b-1", "dan@other.example", "Dan Booster"),
      boosted(post, "b-2", "eve@third.example", ""),
      post,
    ]);
    const articles = screen.getAllByRole("article", { name: "Post by Carol Shaw" });
    expect(articles).toHaveLength(3);
    const [first, second, original] = articles as [HTMLElement, HTMLElement, HTMLElement];
    const line = within(first).getByText(/^Boosted by/);
    expect(line.textContent).toBe("Boosted by Dan Booster");
    const booster = within(first).getByRole("link", { name: "Dan Booster" });
    expect(booster.getAttribute("href")).toBe("/@dan@other.example");
    // The line comes before the author's name.
    const author = within(first).getByRole("link", { name: "Carol Shaw" });
    expect(line.compareDocumentPosition(author) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // A booster without a name is named by their handle.
    expect(within(second).getByText(/^Boosted by/).textContent).toBe(
      "Boosted by @eve@third.example",
    );
    expect(within(original).queryByText(/^Boosted by/)).toBeNull();
    expect(within(first).getByText("Worth a boost")).toBeTruthy();
  });
});

describe("images from elsewhere", () => {
  it("shows each image with its description as alt text and an ALT badge, and a plain one without", () => {
    const post = remotePost({
      content: "Two photos",
      images: [
        { url: "/media/u/66/post/aa.jpg", alt: "Three red tomatoes", width: null, height: null },
        { url: "/media/u/66/post/bb.jpg", alt: "", width: null, height: null },
      ],
    });
    renderFeed([post]);
    const article = screen.getByRole("article", { name: "Post by Carol Shaw" });
    const tomatoes = within(article).getByRole("img", { name: "Three red tomatoes" });
    expect(tomatoes.getAttribute("src")).toBe("/media/u/66/post/aa.jpg");
    const plain = within(article).getByRole("img", { name: "Image attached to the post" });
    expect(plain.getAttribute("src")).toBe("/media/u/66/post/bb.jpg");
    // The badge shows the description the remote author gave; the plain image has none.
    const badges = within(article).getAllByRole("button", { name: "ALT: image description" });
    expect(badges).toHaveLength(1);
    fireEvent.click(badges[0] as HTMLElement);
    expect(within(article).getByText("Three red tomatoes").hidden).toBe(false);
  });

  it("shows no image frame for a post without images", () => {
    renderFeed([remotePost({ content: "Just words" })]);
    const article = screen.getByRole("article", { name: "Post by Carol Shaw" });
    expect(within(article).queryByRole("img")).toBeNull();
  });

  it("shows their picture, our copy, on their page here", () => {
    renderWithRoutes(
      [
        {
          path: "/",
          element: (
            <RemoteProfileHeader person={{ ...CAROL, iconUrl: "/media/u/77/avatar/cc.jpg" }} />
          ),
        },
      ],
      { url: "/", viewer: ADA },
    );
    const card = screen.getByRole("heading", { level: 1, name: "Carol Shaw" }).closest("section");
    expect(card?.querySelector("img")?.getAttribute("src")).toBe("/media/u/77/avatar/cc.jpg");
    expect(within(card as HTMLElement).queryByText("CS")).toBeNull();
  });
});
