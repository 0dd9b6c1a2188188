import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PersonSummary } from "../../../domain/contracts/follows";
import type { CommentView } from "../../../domain/contracts/posts";
import { postDateLabel } from "../../../domain/time-labels";
import {
  ADA,
  apiError,
  GRACE,
  json,
  makeComment,
  makePost,
  oneImage,
  type Route,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import { PostPageScreen } from "./post-page-screen";

const post = makePost({
  author: GRACE,
  content: "Hello world, this is a post",
  path: "/grace/hello-world-this-is-a-post",
  images: oneImage("/media/posts/h.webp"),
  commentsCount: 3,
  viewsCount: 7,
});
const P = post.id;
const c1 = makeComment({ id: "c1", postId: P, author: ADA, content: "First!", likesCount: 2 });
const r1: CommentView = makeComment({
  id: "r1",
  postId: P,
  author: GRACE,
  content: "Welcome",
  parentCommentId: "c1",
});
const c2 = makeComment({ id: "c2", postId: P, author: GRACE, content: "Second thoughts" });

function renderPost(viewer: PersonSummary | null, extra: Route = () => undefined) {
  const calls = stubFetch(async (request) => {
    const answer = await extra(request);
    if (answer) return answer;
    const { method, path } = request;
    if (path === "/api/posts/by-path/grace/hello-world-this-is-a-post") return json({ post });
    if (method === "POST" && path === `/api/posts/${P}/view`) {
      return json({ counted: true, viewsCount: 8 });
    }
    if (path === `/api/posts/${P}/comments` && method === "GET") {
      return json({ items: [c1, c2, r1], nextCursor: null });
    }
    return undefined;
  });
  const rendered = renderWithRoutes(
    [
      { path: "/", element: <p>Home screen</p> },
      { path: "/signup", element: <p>Sign-in screen</p> },
      { path: "/:handle/:postSlug", element: <PostPageScreen /> },
    ],
    { url: post.path, viewer },
  );
  return { ...rendered, calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("PostPageScreen", () => {
  it("shows the post with its date and counts, counts one view, and sets the page meta", async () => {
    const { calls } = renderPost(ADA);
    expect(screen.getByRole("heading", { level: 1, name: "Post" })).toBeTruthy();
    const article = await screen.findByRole("article", { name: "Post by Grace Hopper" });
    expect(within(article).getByText("Hello world, this is a post")).toBeTruthy();
    expect(within(article).getByText("@grace")).toBeTruthy();
    expect(within(article).getByRole("img", { name: "Image attached to the post" })).toBeTruthy();
    // spec-2 §2: the numeric date plus 12-hour time on screen, as in its tooltip.
    const time = article.querySelector("time");
    expect(time?.textContent).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2} [AP]M$/);
    expect(time?.textContent).toBe(postDateLabel(new Date(post.createdAt)));
    expect(time?.getAttribute("dateTime")).toBe(post.createdAt);
    expect(time?.getAttribute("title")).toBe(postDateLabel(new Date(post.createdAt)));
    expect(within(article).getByRole("link", { name: "3 comments" })).toBeTruthy();
    expect(await within(article).findByText("8 views")).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith("/view"))).toHaveLength(1);
    expect(document.title).toBe("Grace Hopper (@grace) · chtcht");
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute("content")).toBe(
      "Hello world, this is a post",
    );
    expect(
      document.head.querySelector('meta[property="og:image"]')?.getAttribute("content"),
    ).toMatch(/\/media\/posts\/h\.webp$/);
  });

  it("loads the post's picture first (the largest paint) in a frame sized before it arrives", async () => {
    renderPost(ADA);
    const article = await screen.findByRole("article", { name: "Post by Grace Hopper" });
    const image = within(article).getByRole("img", { name: "Image attached to the post" });
    expect(image.getAttribute("loading")).toBe("eager");
    expect(image.getAttribute("fetchpriority")).toBe("high");
    expect(Number(image.getAttribute("width"))).toBeGreaterThan(0);
    expect(Number(image.getAttribute("height"))).toBeGreaterThan(0);
  });

  it("threads replies under their comment, oldest first", async () => {
    renderPost(ADA);
    const list = await screen.findByRole("list", { name: "Comments" });
    const threads = within(list)
      .getAllByRole("listitem")
      .filter((li) => li.parentElement === list);
    expect(threads.map((t) => t.textContent)).toEqual([
      expect.stringContaining("First!"),
      expect.stringContaining("Second thoughts"),
    ]);
    const replies = within(threads[0] as HTMLElement).getByRole("list", {
      name: "Replies to Ada Lovelace",
    });
    expect(within(replies).getByText("Welcome")).toBeTruthy();
  });

  it("a reply to a reply joins the top-level comment's thread", async () => {
    const { user, calls } = renderPost(ADA, ({ method, path, body }) =>
      method === "POST" && path === `/api/posts/${P}/comments`
        ? json(
            {
              comment: {
                ...makeComment({ id: "r2", postId: P, author: ADA, content: "Thanks" }),
                parentCommentId: (body as { parentCommentId: string }).parentCommentId,
                replies: undefined,
              },
            },
            201,
          )
        : undefined,
    );
    const replies = await screen.findByRole("list", { name: "Replies to Ada Lovelace" });
    await user.click(within(replies).getByRole("button", { name: "Reply to Grace Hopper" }));
    const box = screen.getByLabelText("Write a reply to Grace Hopper");
    await user.type(box, "  Thanks ");
    const form = box.closest("form") as HTMLFormElement;
    await user.click(within(form).getByRole("button", { name: "Reply" }));

    await waitFor(() => expect(within(replies).getByText("Thanks")).toBeTruthy());
    expect(calls.find((c) => c.method === "POST" && c.path.endsWith("/comments"))?.body).toEqual({
      content: "Thanks",
      parentCommentId: "c1",
    });
    expect(screen.queryByLabelText("Write a reply to Grace Hopper")).toBeNull();
    expect(screen.getByRole("link", { name: "4 comments" })).toBeTruthy();
  });

  it("keeps the typed reply when sending fails (only logged)", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderPost(ADA, ({ method, path }) =>
      method === "POST" && path === `/api/posts/${P}/comments` ? apiError(500, "") : undefined,
    );
    const box = await screen.findByLabelText("Write a reply");
    const send = within(box.closest("form") as HTMLFormElement).getByRole("button", {
      name: "Reply",
    });
    expect(send).toHaveProperty("disabled", true);
    await user.type(box, "Nice post");
    await user.click(send);
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect((box as HTMLTextAreaElement).value).toBe("Nice post");
  });

  it("likes a comment at once and takes it back when the server refuses", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let settle: (response: Response) => void = () => {};
    const { user } = renderPost(ADA, ({ path }) =>
      path === "/api/comments/c1/like"
        ? new Promise<Response>((resolve) => {
            settle = resolve;
          })
        : undefined,
    );
    await user.click(await screen.findByRole("button", { name: "Like comment, 2 likes" }));
    const pressed = screen.getByRole("button", { name: "Like comment, 3 likes" });
    expect(pressed.getAttribute("aria-pressed")).toBe("true");
    settle(apiError(500, ""));
    const back = await screen.findByRole("button", { name: "Like comment, 2 likes" });
    expect(back.getAttribute("aria-pressed")).toBe("false");
  });

  it("asks signed-out visitors to sign in to reply", async () => {
    const { user, router } = renderPost(null);
    expect(await screen.findByText("Sign in to reply")).toBeTruthy();
    expect(screen.queryByLabelText("Write a reply")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(router.state.location.pathname).toBe("/signup");
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent(post.path)}`);
  });

  it("says 'Post not found' with a way home", async () => {
    renderPost(ADA, ({ path }) =>
      path.startsWith("/api/posts/by-path/") ? apiError(404, "Post not found") : undefined,
    );
    expect(await screen.findByText("Post not found")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go Home" }).getAttribute("href")).toBe("/");
  });

  it("offers Delete on one's own comments only, and leaves 'Comment deleted' with its replies", async () => {
    const { user, calls } = renderPost(ADA, ({ method, path }) =>
      method === "DELETE" && path === "/api/comments/c1" ? json({ ok: true }) : undefined,
    );
    await screen.findByText("First!");
    expect(screen.queryByRole("button", { name: "Delete comment by Grace Hopper" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Delete comment by Ada Lovelace" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this comment?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Comment deleted")).toBeTruthy();
    expect(screen.queryByText("First!")).toBeNull();
    expect(screen.getByText("Welcome")).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
    expect(screen.getByRole("link", { name: "2 comments" })).toBeTruthy();
  });

  it("lets the post's author delete anyone's comment", async () => {
    renderPost(GRACE);
    await screen.findByText("First!");
    expect(screen.getByRole("button", { name: "Delete comment by Ada Lovelace" })).toBeTruthy();
  });

  it("loads later comments with 'Load more comments', threading replies to earlier ones", async () => {
    const { user } = renderPost(ADA, ({ method, path }) => {
      if (method !== "GET" || !path.startsWith(`/api/posts/${P}/comments`)) return undefined;
      return path.includes("cursor=next")
        ? json({ items: [r1], nextCursor: null })
        : json({ items: [c1, c2], nextCursor: "next" });
    });
    await screen.findByText("First!");
    expect(screen.queryByText("Welcome")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Load more comments" }));
    const replies = await screen.findByRole("list", { name: "Replies to Ada Lovelace" });
    expect(within(replies).getByText("Welcome")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more comments" })).toBeNull();
  });

  it("shows a reply from another server with its author's page here and no actions", async () => {
    const remote = makeComment({
      id: "x1",
      postId: P,
      author: { ...ADA, userId: "fed:1", fullName: "Carol Peer", handle: "carol@c.test" },
      content: "Hello from elsewhere",
      remote: { handle: "carol@c.test", url: "https://c.test/notes/1" },
    });
    renderPost(ADA, ({ method, path }) =>
      method === "GET" && path === `/api/posts/${P}/comments`
        ? json({ items: [remote], nextCursor: null })
        : undefined,
    );
    await screen.findByText("Hello from elsewhere");
    expect(screen.getByRole("link", { name: "Carol Peer" }).getAttribute("href")).toBe(
      "/@carol@c.test",
    );
    expect(screen.queryByRole("button", { name: "Reply to Carol Peer" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Like comment/ })).toBeNull();
  });

  // docs/federation.md "Content warnings": a reply from elsewhere keeps its warning here.
  it("hides a reply from elsewhere behind its content warning until 'Show more'", async () => {
    const warned = makeComment({
      id: "x2",
      postId: P,
      author: { ...ADA, userId: "fed:2", fullName: "Dan Peer", handle: "dan@c.test" },
      content: "The answer is 42",
      contentWarning: "Puzzle spoiler",
      remote: { handle: "dan@c.test", url: "https://c.test/notes/2" },
    });
    const { user } = renderPost(ADA, ({ method, path }) => {
      if (path === "/api/reading-settings") return json({ expandContentWarnings: false });
      return method === "GET" && path === `/api/posts/${P}/comments`
        ? json({ items: [warned], nextCursor: null })
        : undefined;
    });
    await screen.findByText("Puzzle spoiler");
    expect(screen.queryByText("The answer is 42")).toBeNull();
    const toggle = screen.getByRole("button", { name: "Show more" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await user.click(toggle);
    expect(screen.getByText("The answer is 42")).toBeTruthy();
  });

  it("links the mentions in comments: ours to their profile, and in one from elsewhere only full handles", async () => {
    const ours = makeComment({
      id: "m1",
      postId: P,
      author: GRACE,
      content: "Ask @Ada or @zed@c.test",
    });
    const theirs = makeComment({
      id: "m2",
      postId: P,
      author: { ...ADA, userId: "fed:1", fullName: "Carol Peer", handle: "carol@c.test" },
      content: "@ada is on my server, @zed@c.test too",
      remote: { handle: "carol@c.test", url: "https://c.test/notes/2" },
    });
    renderPost(ADA, ({ method, path }) =>
      method === "GET" && path === `/api/posts/${P}/comments`
        ? json({ items: [ours, theirs], nextCursor: null })
        : undefined,
    );
    expect((await screen.findByRole("link", { name: "@Ada" })).getAttribute("href")).toBe("/ada");
    expect(
      screen.getAllByRole("link", { name: "@zed@c.test" }).map((l) => l.getAttribute("href")),
    ).toEqual(["/@zed@c.test", "/@zed@c.test"]);
    expect(screen.queryByRole("link", { name: "@ada" })).toBeNull();
    expect(screen.getByText(/is on my server/).textContent).toBe(
      "@ada is on my server, @zed@c.test too",
    );
  });
});
