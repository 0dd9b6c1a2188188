import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PostView } from "../../../domain/contracts/posts";
import { postKeys, useFeedQuery } from "../../state/queries/posts";
import {
  ADA,
  apiError,
  feedData,
  json,
  makePost,
  type Route,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import { PostList } from "./post-list";

function Feed() {
  return <PostList query={useFeedQuery()} empty={<p>No posts yet</p>} />;
}

function renderFeed(post: PostView, route: Route) {
  const calls = stubFetch(route);
  const rendered = renderWithRoutes([{ path: "/", element: <Feed /> }], {
    url: "/",
    viewer: ADA,
    seed: (qc) => qc.setQueryData(postKeys.feed(), feedData([post])),
  });
  return { ...rendered, calls };
}

async function openMenu(user: ReturnType<typeof renderFeed>["user"]) {
  await user.click(screen.getByRole("button", { name: "Post options" }));
  return screen.findByRole("menu");
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the post menu's bookmark and pin", () => {
  it("bookmarks a post and offers to remove the bookmark next time", async () => {
    const post = makePost();
    let bookmarked = false;
    const { user, calls } = renderFeed(post, ({ method, path }) => {
      if (path === `/api/posts/${post.id}/marks`) return json({ bookmarked, pinned: false });
      if (path === `/api/posts/${post.id}/bookmark`) {
        bookmarked = method === "PUT";
        return json({ bookmarked });
      }
      return path.startsWith("/api/safety/relations/")
        ? json({ blocking: false, muting: false })
        : undefined;
    });
    let menu = await openMenu(user);
    await user.click(await within(menu).findByRole("menuitem", { name: "Bookmark" }));
    expect(await screen.findByText("Added to your bookmarks")).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith("/bookmark")).map((c) => c.method)).toEqual(["PUT"]);
    // Nobody else's post offers a pin.
    menu = await openMenu(user);
    expect(within(menu).queryByRole("menuitem", { name: /pin/i })).toBeNull();
    await user.click(await within(menu).findByRole("menuitem", { name: "Remove bookmark" }));
    expect(await screen.findByText("Removed from your bookmarks")).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith("/bookmark")).map((c) => c.method)).toEqual([
      "PUT",
      "DELETE",
    ]);
  });

  it("pins the author's post, and says what to do when three are pinned already", async () => {
    const post = makePost({ author: ADA, isAuthor: true });
    const { user, calls } = renderFeed(post, ({ path }) => {
      if (path === `/api/posts/${post.id}/marks`) return json({ bookmarked: false, pinned: false });
      if (path === `/api/posts/${post.id}/pin`) {
        return apiError(409, "You can pin up to 3 posts. Unpin one to pin this post.");
      }
      return undefined;
    });
    const menu = await openMenu(user);
    await user.click(await within(menu).findByRole("menuitem", { name: "Pin to profile" }));
    expect(
      await screen.findByText("You can pin up to 3 posts. Unpin one to pin this post."),
    ).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith("/pin")).map((c) => c.method)).toEqual(["PUT"]);
  });

  it("offers no bookmark on a post from elsewhere", async () => {
    const post = makePost({ remote: { handle: "carol@elsewhere.example", url: null } });
    const { user, calls } = renderFeed(post, () => undefined);
    const menu = await openMenu(user);
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Report post"]);
    expect(calls.filter((c) => c.path.endsWith("/marks"))).toEqual([]);
  });
});
