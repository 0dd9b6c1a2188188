// A post from another server in a list (docs/federation.md "Posts from elsewhere"): its author's
// page here is /@name@server, its time links to it on their server, it has likes only, liked
// through the federation's endpoints, and its menu copies its address there and reports its author
// (docs/federation.md "Reports").
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PostView } from "../../../domain/contracts/posts";
import { postKeys, useFeedQuery } from "../../state/queries/posts";
import { CAROL, remotePost } from "../../test-support/federation";
import {
  ADA,
  apiError,
  feedData,
  json,
  type Route,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import { REPORT_SENT } from "../safety/report-subject";
import { PostList } from "./post-list";

function Feed() {
  return <PostList query={useFeedQuery()} empty={<p>No posts yet</p>} />;
}

function renderFeed(
  posts: PostView[],
  route: Route = () => undefined,
  viewer: typeof ADA | null = ADA,
) {
  const calls = stubFetch(route);
  const rendered = renderWithRoutes([{ path: "/", element: <Feed /> }], {
    url: "/",
    viewer,
    seed: (qc) => qc.setQueryData(postKeys.feed(), feedData(posts)),
  });
  return { ...rendered, calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const likePath = (post: PostView) => `/api/federation/notes/${post.id}/like`;

describe("PostCard: a post from elsewhere", () => {
  it("links its author to their page here, its time to their server; no views or comments", () => {
    const post = remotePost({ likesCount: 2, commentsCount: 0, viewsCount: 0 });
    renderFeed([post]);
    const article = screen.getByRole("article", { name: "Post by Carol Shaw" });
    expect(within(article).getByRole("link", { name: "Carol Shaw" }).getAttribute("href")).toBe(
      "/@carol@social.example",
    );
    expect(within(article).getByText("@carol@social.example")).toBeTruthy();
    const time = article.querySelector("time")?.closest("a");
    expect(time?.getAttribute("href")).toBe("https://social.example/@carol/1");
    expect(time?.getAttribute("target")).toBe("_blank");
    expect(time?.getAttribute("rel")).toBe("noopener noreferrer");
    expect(time?.getAttribute("aria-label")).toMatch(/, open on their server$/);
    expect(within(article).getByRole("button", { name: "Like, 2 likes" })).toBeTruthy();
    expect(within(article).queryByRole("link", { name: /comment/ })).toBeNull();
    expect(within(article).queryByText(/views?$/)).toBeNull();
  });

  it("links no address of theirs but an http(s) one", () => {
    renderFeed([
      remotePost({ remote: { handle: "carol@social.example", url: "javascript:alert(1)" } }),
    ]);
    expect(screen.getByRole("article").querySelector("time")?.closest("a")).toBeNull();
  });

  it("shows its time unlinked when it has no address, and then a menu with Report only", async () => {
    const post = remotePost({ remote: { handle: "carol@social.example", url: null } });
    const { user } = renderFeed([post]);
    const article = screen.getByRole("article");
    expect(article.querySelector("time")?.closest("a")).toBeNull();
    await user.click(within(article).getByRole("button", { name: "Post options" }));
    const menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Report post"]);
  });

  it("has no menu without an address for someone signed out", () => {
    const post = remotePost({ remote: { handle: "carol@social.example", url: null } });
    renderFeed([post], () => undefined, null);
    expect(screen.queryByRole("button", { name: "Post options" })).toBeNull();
  });

  it("opens nothing when its body is clicked", async () => {
    const post = remotePost();
    const { user, router } = renderFeed([post]);
    await user.click(screen.getByText(post.content));
    expect(router.state.location.pathname).toBe("/");
  });

  it("offers Copy link, which copies its address on their server, and Report", async () => {
    const { user, calls } = renderFeed([remotePost()]);
    await user.click(screen.getByRole("button", { name: "Post options" }));
    const menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Copy link", "Report post"]);
    await user.click(within(menu).getByRole("menuitem", { name: "Copy link" }));
    expect(await screen.findByText("Link copied")).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe("https://social.example/@carol/1");
    expect(calls).toEqual([]);
  });

  it("reports its author with the post, sent on to their server unless unticked", async () => {
    const post = remotePost();
    const reportPath = `/api/federation/people/${CAROL.id}/report`;
    const { user, calls } = renderFeed([post], ({ method, path }) =>
      method === "POST" && path === reportPath ? json({ ok: true }) : undefined,
    );
    await user.click(screen.getByRole("button", { name: "Post options" }));
    await user.click(await screen.findByRole("menuitem", { name: "Report post" }));
    const dialog = await screen.findByRole("dialog", { name: "Report this post" });
    const forward = await within(dialog).findByRole("checkbox", {
      name: /Also send this report to social\.example/,
    });
    expect((forward as HTMLInputElement).checked).toBe(true);

    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(within(dialog).getByText("Choose a reason.")).toBeTruthy();
    expect(calls.filter((c) => c.path === reportPath)).toEqual([]);

    await user.click(within(dialog).getByRole("radio", { name: "Spam" }));
    await user.type(
      within(dialog).getByRole("textbox", { name: /Details/ }),
      "Same link everywhere",
    );
    await user.click(forward);
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(REPORT_SENT)).toBeTruthy();
    expect(calls.filter((c) => c.path === reportPath).map((c) => c.body)).toEqual([
      { reason: "spam", details: "Same link everywhere", noteIds: [post.id], forward: false },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("likes and unlikes through the federation, at once", async () => {
    const post = remotePost({ likesCount: 1 });
    const { user, calls } = renderFeed([post], ({ method, path }) => {
      if (path !== likePath(post)) return undefined;
      return method === "POST"
        ? json({ liked: true, likesCount: 2 })
        : json({ liked: false, likesCount: 1 });
    });
    await user.click(screen.getByRole("button", { name: "Like, 1 like" }));
    await user.click(await screen.findByRole("button", { name: "Unlike, 2 likes" }));
    expect(await screen.findByRole("button", { name: "Like, 1 like" })).toBeTruthy();
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `POST ${likePath(post)}`,
      `DELETE ${likePath(post)}`,
    ]);
  });

  it("rolls a like back when the server refuses", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const post = remotePost({ likesCount: 4 });
    let answer: (response: Response) => void = () => {};
    const { user } = renderFeed([post], ({ path }) =>
      path === likePath(post)
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    await user.click(screen.getByRole("button", { name: "Like, 4 likes" }));
    expect(screen.getByRole("button", { name: "Unlike, 5 likes" })).toBeTruthy();
    answer(apiError(502, "Their server did not answer."));
    expect(await screen.findByRole("button", { name: "Like, 4 likes" })).toBeTruthy();
  });

  it("replies to its author's server from a box under it, keeping the text when sending fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const post = remotePost({});
    const replyPath = `/api/federation/notes/${post.id}/replies`;
    let fail = true;
    const { user, calls } = renderFeed([post], ({ method, path }) => {
      if (method !== "POST" || path !== replyPath) return undefined;
      if (fail) return apiError(502, "Their server did not answer.");
      return json({ reply: { id: "r1", createdAt: new Date().toISOString() } }, 201);
    });
    await user.click(screen.getByRole("button", { name: "Reply" }));
    const box = screen.getByRole("textbox", { name: "Reply to @carol@social.example" });
    expect(document.activeElement).toBe(box);
    await user.type(box, "Hello over there");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      "Their server did not answer. Your text is still here.",
    );
    expect((box as HTMLTextAreaElement).value).toBe("Hello over there");
    fail = false;
    await user.keyboard("{Enter}");
    expect(await screen.findByText("Reply sent to @carol@social.example")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: /Reply to/ })).toBeNull();
    expect(calls.filter((c) => c.path === replyPath).map((c) => c.body)).toEqual([
      { content: "Hello over there" },
      { content: "Hello over there" },
    ]);
  });
});
