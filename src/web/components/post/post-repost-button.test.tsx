// The repost toggle and the "Reposted by" line (docs/feed.md "Reposts and quotes").
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PersonSummary } from "../../../domain/contracts/follows";
import type { PostView } from "../../../domain/contracts/posts";
import { postKeys, useFeedQuery } from "../../state/queries/posts";
import {
  ADA,
  apiError,
  feedData,
  GRACE,
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

function renderFeed(
  posts: PostView[],
  viewer: PersonSummary | null,
  route: Route = () => undefined,
) {
  const calls = stubFetch(route);
  const rendered = renderWithRoutes(
    [
      { path: "/", element: <Feed /> },
      { path: "/signup", element: <p>Sign-in screen</p> },
      { path: "/:handle", element: <p>Profile page</p> },
    ],
    { url: "/", viewer, seed: (qc) => qc.setQueryData(postKeys.feed(), feedData(posts)) },
  );
  return { ...rendered, calls };
}

function deferred() {
  let settle: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

/** Opens the repost button's menu and picks an item. */
async function pick(user: ReturnType<typeof renderFeed>["user"], button: string, item: string) {
  await user.click(screen.getByRole("button", { name: button }));
  await user.click(await screen.findByRole("menuitem", { name: item }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("PostRepostButton", () => {
  it("reposts at once with PUT, takes it back with DELETE, and keeps the server's count", async () => {
    const post = makePost({ repostsCount: 2, repostedByMe: false, repostable: true });
    const answer = deferred();
    const { user, calls } = renderFeed([post], ADA, ({ method, path }) =>
      path === `/api/posts/${post.id}/repost`
        ? method === "PUT"
          ? answer.promise
          : json({ reposted: false, repostsCount: 4 })
        : undefined,
    );
    await pick(user, "Repost, 2 reposts", "Repost");
    const pressed = await screen.findByRole("button", { name: "Undo repost, 3 reposts" });
    expect(pressed.getAttribute("aria-pressed")).toBe("true");
    answer.settle(json({ reposted: true, repostsCount: 5 }));
    await screen.findByRole("button", { name: "Undo repost, 5 reposts" });
    await pick(user, "Undo repost, 5 reposts", "Undo repost");
    expect(await screen.findByRole("button", { name: "Repost, 4 reposts" })).toBeTruthy();
    expect(calls.map((c) => c.method)).toEqual(["PUT", "DELETE"]);
  });

  it("rolls back when the server refuses", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const post = makePost({ repostsCount: 1, repostedByMe: false, repostable: true });
    const { user } = renderFeed([post], ADA, () => apiError(500, "Something went wrong"));
    await pick(user, "Repost, 1 repost", "Repost");
    const restored = await screen.findByRole("button", { name: "Repost, 1 repost" });
    expect(restored.getAttribute("aria-pressed")).toBe("false");
  });

  it("is disabled on a private account's post, and sends signed-out visitors to sign up", async () => {
    const closed = makePost({ repostsCount: 0, repostable: false });
    const open = makePost({ repostsCount: 0, repostable: true });
    const { user, router, calls } = renderFeed([closed, open], null);
    const off = screen.getByRole("button", {
      name: "Reposting is off for private accounts, 0 reposts",
    });
    expect((off as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "Repost, 0 reposts" }));
    expect(router.state.location.pathname).toBe("/signup");
    expect(calls).toEqual([]);
  });
});

describe("PostRepostButton on a post from elsewhere", () => {
  const remote = { handle: "carol@c.test", url: "https://c.test/@carol/1" };

  it("reposts through federation, offers Quote too, and shows who reposted it", async () => {
    const post = makePost({ remote, repostsCount: 0, repostedByMe: false, repostable: true });
    const reposted = makePost({
      remote,
      content: "Carol's words, shared by Ada",
      repostedBy: { id: "r2", at: new Date().toISOString(), person: ADA },
    });
    const { user, calls } = renderFeed([post, reposted], GRACE, ({ method, path }) =>
      path === `/api/federation/notes/${post.id}/repost`
        ? json({ reposted: method === "PUT", repostsCount: method === "PUT" ? 1 : 0 })
        : undefined,
    );
    const [first] = screen.getAllByRole("button", { name: "Repost, 0 reposts" });
    await user.click(first as HTMLElement);
    expect(await screen.findByRole("menuitem", { name: "Repost" })).toBeTruthy();
    expect(screen.getByRole("menuitem", { name: "Quote" })).toBeTruthy();
    await user.click(screen.getByRole("menuitem", { name: "Repost" }));
    const pressed = await screen.findByRole("button", { name: "Undo repost, 1 repost" });
    expect(pressed.getAttribute("aria-pressed")).toBe("true");
    await pick(user, "Undo repost, 1 repost", "Undo repost");
    expect(await screen.findAllByRole("button", { name: "Repost, 0 reposts" })).toHaveLength(2);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `PUT /api/federation/notes/${post.id}/repost`,
      `DELETE /api/federation/notes/${post.id}/repost`,
    ]);
    const card = screen.getByText("Carol's words, shared by Ada").closest("article");
    expect(within(card as HTMLElement).getByText(/Reposted by/).textContent).toBe(
      "Reposted by Ada Lovelace",
    );
  });

  it("rolls back and says why in a toast when the server refuses", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const post = makePost({ remote, repostsCount: 3, repostedByMe: false, repostable: true });
    const { user } = renderFeed([post], ADA, () => apiError(404, "Post not found"));
    await pick(user, "Repost, 3 reposts", "Repost");
    expect(await screen.findByText("Post not found")).toBeTruthy();
    const restored = await screen.findByRole("button", { name: "Repost, 3 reposts" });
    expect(restored.getAttribute("aria-pressed")).toBe("false");
  });
});

describe("RepostedBy", () => {
  it("shows who reposted a post above it, linking to their profile", async () => {
    const post = makePost({
      author: GRACE,
      repostedBy: { id: "r1", at: new Date().toISOString(), person: ADA },
    });
    const { user, router } = renderFeed([post], GRACE);
    const article = screen.getByRole("article", { name: "Post by Grace Hopper" });
    expect(within(article).getByText(/Reposted by/).textContent).toBe("Reposted by Ada Lovelace");
    await user.click(within(article).getByRole("link", { name: "Ada Lovelace" }));
    expect(router.state.location.pathname).toBe(`/${ADA.handle}`);
  });
});
