// 'Who can reply' on the post page (docs/safety.md "Who can reply and write"): the line the post
// shows, the reason in place of the reply box before anyone types, no Reply on comments, and the
// author changing it from the post's menu.
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PersonSummary } from "../../../domain/contracts/follows";
import type { PostView } from "../../../domain/contracts/posts";
import {
  ADA,
  GRACE,
  json,
  makeComment,
  makePost,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import { PostPageScreen } from "./post-page-screen";

const PATH = "/grace/a-thought";
const comment = makeComment({ id: "c1", postId: "p", author: ADA, content: "Earlier words" });

function renderPost(viewer: PersonSummary | null, post: PostView) {
  let current = post;
  const calls = stubFetch(({ method, path, body }) => {
    if (path === `/api/posts/by-path${PATH}`) return json({ post: current });
    if (path === `/api/posts/${post.id}/view`) return json({ counted: false, viewsCount: 0 });
    if (path === `/api/posts/${post.id}/comments`) {
      return json({ items: [{ ...comment, postId: post.id }], nextCursor: null });
    }
    if (method === "PUT" && path === `/api/posts/${post.id}/reply-policy`) {
      const { replyPolicy } = body as { replyPolicy: PostView["replyPolicy"] };
      current = { ...current, replyPolicy };
      return json({ post: current });
    }
    return undefined;
  });
  const rendered = renderWithRoutes(
    [
      { path: "/signup", element: <p>Sign-in screen</p> },
      { path: "/:handle/:postSlug", element: <PostPageScreen /> },
    ],
    { url: PATH, viewer },
  );
  return { ...rendered, calls };
}

const postBy = (author: PersonSummary, extra: Partial<PostView>) =>
  makePost({ author, content: "A thought", path: PATH, ...extra });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("who can reply, on the post page", () => {
  it("tells a reader left out why, in place of the box, and offers no Reply", async () => {
    renderPost(ADA, postBy(GRACE, { replyPolicy: "following", canReply: false }));
    const article = await screen.findByRole("article", { name: "Post by Grace Hopper" });
    expect(within(article).getByText("Only people @grace follows can reply")).toBeTruthy();
    const reply = screen.getByRole("region", { name: "Reply" });
    expect(within(reply).getByText("You can't reply to this post")).toBeTruthy();
    expect(within(reply).getByText("Only people @grace follows can reply.")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Write a reply" })).toBeNull();
    expect(await screen.findByText("Earlier words")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Reply to/ })).toBeNull();
  });

  it("shows the box to a reader it lets in, under the line", async () => {
    renderPost(ADA, postBy(GRACE, { replyPolicy: "friends", canReply: true }));
    expect(await screen.findByText("Only @grace's friends can reply")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Write a reply" })).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Reply to Ada Lovelace" })).toBeTruthy();
  });

  it("shows nothing for everyone, and sends a visitor to sign in unless replies are off", async () => {
    renderPost(null, postBy(GRACE, { replyPolicy: "following" }));
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeTruthy();
    cleanup();
    renderPost(null, postBy(GRACE, { replyPolicy: "nobody", canReply: false }));
    expect(await screen.findByText("You can't reply to this post")).toBeTruthy();
    expect(screen.getAllByText(/Replies are off/)).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Sign In" })).toBeNull();
  });

  it("lets the author change it from the post's menu", async () => {
    const { user, calls } = renderPost(
      GRACE,
      postBy(GRACE, { replyPolicy: "everyone", canReply: true, isAuthor: true }),
    );
    const article = await screen.findByRole("article", { name: "Post by Grace Hopper" });
    expect(within(article).queryByText(/can reply|Replies are off/)).toBeNull();
    await user.click(within(article).getByRole("button", { name: "Post options" }));
    await user.click(await screen.findByRole("menuitem", { name: "Who can reply" }));
    const dialog = await screen.findByRole("dialog", { name: "Who can reply" });
    expect(within(dialog).getByText(/Comments already written stay/)).toBeTruthy();
    const everyone = within(dialog).getByRole("radio", { name: "Everyone can reply" });
    expect(everyone).toHaveProperty("checked", true);
    await user.click(within(dialog).getByRole("radio", { name: "Nobody can reply" }));
    expect(everyone).toHaveProperty("checked", false);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(article).findByText("Replies are off")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ replyPolicy: "nobody" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
