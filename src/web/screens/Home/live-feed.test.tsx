import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PostView } from "../../../domain/contracts/posts";
import type { ServerMessage } from "../../../domain/realtime-events";
import { postKeys } from "../../state/queries/posts";
import { applyServerMessage } from "../../state/realtime-handler";
import {
  ADA,
  feedData,
  GRACE,
  makePost,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import { LiveFeed } from "./live-feed";

const older = makePost({ content: "Already here" });

function renderFeed(held = false) {
  stubFetch(() => undefined);
  const rendered = renderWithRoutes([{ path: "/", element: <LiveFeed held={held} /> }], {
    url: "/",
    viewer: ADA,
    seed: (qc) => qc.setQueryData(postKeys.feed(), feedData([older])),
  });
  const send = (message: ServerMessage) =>
    act(async () => {
      applyServerMessage(rendered.queryClient, message, ADA.userId);
      // TanStack Query tells components on the next tick.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  const arrive = (post: PostView) => send({ type: "post.created", post });
  return { ...rendered, arrive, send };
}

const shown = () => screen.getAllByRole("article").map((article) => article.textContent ?? "");
const scrollTo = (y: number) =>
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });

beforeEach(() => {
  scrollTo(0);
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("LiveFeed", () => {
  it("shows nothing while held, though the posts came, so what comes above pushes nothing", () => {
    renderFeed(true);
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.queryAllByRole("article")).toHaveLength(0);
  });

  it("puts a new post straight at the top when the reader is at the top", async () => {
    const { arrive } = renderFeed();
    await arrive(makePost({ author: GRACE, content: "Hot off the wire" }));
    expect(shown()[0]).toContain("Hot off the wire");
    expect(shown()[1]).toContain("Already here");
    expect(screen.queryByRole("button", { name: "New posts" })).toBeNull();
  });

  it("offers 'New posts' further down, and takes them in and scrolls up when pressed", async () => {
    const { arrive, user } = renderFeed();
    scrollTo(900);
    await arrive(makePost({ content: "Arrived while reading" }));
    expect(shown()).toHaveLength(1);
    const button = screen.getByRole("button", { name: "New posts" });

    await user.click(button);
    // The list renders its cards after the click's own update (components/post/post-list.tsx).
    await waitFor(() => expect(shown()[0]).toContain("Arrived while reading"));
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(screen.queryByRole("button", { name: "New posts" })).toBeNull();
  });

  it("ignores a post the feed already shows, and fills in the author flag for one's own", async () => {
    const { arrive, user } = renderFeed();
    scrollTo(900);
    await arrive(older);
    expect(screen.queryByRole("button", { name: "New posts" })).toBeNull();

    scrollTo(0);
    await arrive(makePost({ author: ADA, isAuthor: false, content: "Mine, from another tab" }));
    const mine = screen.getByRole("article", { name: "Post by Ada Lovelace" });
    await user.click(within(mine).getByRole("button", { name: "Post options" }));
    expect(await screen.findByRole("menuitem", { name: "Edit" })).toBeTruthy();
  });

  it("applies edits and deletions made elsewhere, including to posts still waiting", async () => {
    const { arrive, send } = renderFeed();
    await send({
      type: "post.updated",
      postId: older.id,
      content: "Edited text",
      contentWarning: null,
      imageSensitive: false,
      updatedAt: new Date().toISOString(),
    });
    expect(shown()[0]).toContain("Edited text");

    scrollTo(900);
    const waiting = makePost({ content: "Gone before it was seen" });
    await arrive(waiting);
    expect(screen.getByRole("button", { name: "New posts" })).toBeTruthy();
    await send({ type: "post.deleted", postId: waiting.id });
    expect(screen.queryByRole("button", { name: "New posts" })).toBeNull();
    await send({ type: "post.deleted", postId: older.id });
    expect(screen.getByText("No posts yet")).toBeTruthy();
  });
});
