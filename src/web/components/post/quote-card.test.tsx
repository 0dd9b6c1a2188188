// Quotes in the browser (docs/feed.md "Reposts and quotes"): the quoted post's card under a post
// (a click opens the quoted post), an unavailable or detached card that shows nothing of it, the
// repost button's menu with Quote opening the composer with the card (removable), and 'Remove
// from quote' for the quoted post's author.
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PersonSummary } from "../../../domain/contracts/follows";
import type { PostView, QuotedPostView } from "../../../domain/contracts/posts";
import { postKeys, useFeedQuery } from "../../state/queries/posts";
import {
  ADA,
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
      { path: "/:handle/:slug", element: <p>Quoted post page</p> },
    ],
    { url: "/", viewer, seed: (qc) => qc.setQueryData(postKeys.feed(), feedData(posts)) },
  );
  return { ...rendered, calls };
}

const quoted = (overrides: Partial<QuotedPostView> = {}): QuotedPostView => ({
  unavailable: false,
  id: "q-1",
  author: GRACE,
  content: "Grace's original words",
  contentWarning: null,
  image: null,
  imageSensitive: false,
  path: `/${GRACE.handle}/original`,
  createdAt: new Date().toISOString(),
  ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("QuoteCard", () => {
  it("shows the quoted post under the quote, and a click opens the quoted post", async () => {
    const post = makePost({ author: ADA, content: "Ada's take", quote: quoted() });
    const { user, router } = renderFeed([post], ADA);
    const card = screen.getByRole("region", { name: "Quoted post by Grace Hopper" });
    expect(within(card).getByText("Grace's original words")).toBeTruthy();
    await user.click(within(card).getByText("Grace's original words"));
    expect(router.state.location.pathname).toBe(`/${GRACE.handle}/original`);
  });

  it("keeps the quoted post's content warning closed until opened", async () => {
    const post = makePost({ quote: quoted({ contentWarning: "Spoilers" }) });
    const { user } = renderFeed([post], ADA);
    const card = screen.getByRole("region", { name: "Quoted post by Grace Hopper" });
    expect(within(card).queryByText("Grace's original words")).toBeNull();
    await user.click(within(card).getByRole("button", { name: "Show more" }));
    expect(within(card).getByText("Grace's original words")).toBeTruthy();
  });

  it("collapses a quoted post the reader's muted words match, its author still named", async () => {
    const post = makePost({ quote: quoted({ mutedBy: ["original"] }) });
    const { user } = renderFeed([post], ADA);
    const card = screen.getByRole("region", { name: "Quoted post by Grace Hopper" });
    expect(within(card).queryByText("Grace's original words")).toBeNull();
    expect(within(card).getByText(/Hidden: matches a muted word/).textContent).toContain(
      "“original”",
    );
    await user.click(within(card).getByRole("button", { name: "Show" }));
    expect(within(card).getByText("Grace's original words")).toBeTruthy();
  });

  it.each([
    [false, "This post is unavailable."],
    [true, "The author removed this post from the quote."],
  ])("an unavailable card (detached: %s) says so and nothing else", (detached, text) => {
    const post = makePost({ content: "Quoting", quote: { unavailable: true, detached } });
    renderFeed([post], ADA);
    const note = screen.getByRole("note");
    expect(note.textContent).toBe(text);
    expect(screen.queryByRole("region", { name: /Quoted post/ })).toBeNull();
  });
});

describe("Quote from the repost button", () => {
  it("opens the composer with the card, which can be removed, and posts quoteOf", async () => {
    const original = makePost({ author: GRACE, content: "Worth quoting", repostable: true });
    const made = makePost({ author: ADA, content: "My words", quote: quoted() });
    const { user, calls } = renderFeed([original], ADA, ({ method, path }) =>
      method === "POST" && path === "/api/posts" ? json({ post: made }, 201) : undefined,
    );
    await user.click(screen.getByRole("button", { name: "Repost, 0 reposts" }));
    await user.click(await screen.findByRole("menuitem", { name: "Quote" }));
    const dialog = await screen.findByRole("dialog", { name: "Quote post" });
    expect(within(dialog).getByText("Worth quoting")).toBeTruthy();
    await user.type(within(dialog).getByRole("textbox"), "My words");
    await user.click(within(dialog).getByRole("button", { name: "Post" }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const form = (calls[0] as { body: unknown }).body as FormData;
    expect(form.get("quoteOf")).toBe(original.id);
    expect(form.get("content")).toBe("My words");

    // Removing the card posts a plain post.
    await user.click(
      screen.getAllByRole("button", { name: "Repost, 0 reposts" })[0] as HTMLElement,
    );
    await user.click(await screen.findByRole("menuitem", { name: "Quote" }));
    const again = await screen.findByRole("dialog", { name: "Quote post" });
    await user.click(within(again).getByRole("button", { name: "Remove quote" }));
    expect(within(again).queryByText("Worth quoting")).toBeNull();
    await user.type(within(again).getByRole("textbox"), "Plain");
    await user.click(within(again).getByRole("button", { name: "Post" }));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(((calls[1] as { body: unknown }).body as FormData).get("quoteOf")).toBeNull();
  });

  it("quotes a post from elsewhere the same way, posting quoteNote", async () => {
    const remote = { handle: "carol@c.test", url: "https://c.test/@carol/1" };
    const original = makePost({
      content: "Carol's words from afar",
      path: "/@carol@c.test",
      remote,
      repostable: true,
    });
    const made = makePost({ author: ADA, content: "Ada on Carol", quote: quoted() });
    const { user, calls } = renderFeed([original], ADA, ({ method, path }) =>
      method === "POST" && path === "/api/posts" ? json({ post: made }, 201) : undefined,
    );
    await user.click(screen.getByRole("button", { name: "Repost, 0 reposts" }));
    await user.click(await screen.findByRole("menuitem", { name: "Quote" }));
    const dialog = await screen.findByRole("dialog", { name: "Quote post" });
    expect(within(dialog).getByText("Carol's words from afar")).toBeTruthy();
    await user.type(within(dialog).getByRole("textbox"), "Ada on Carol");
    await user.click(within(dialog).getByRole("button", { name: "Post" }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const form = (calls[0] as { body: unknown }).body as FormData;
    expect(form.get("quoteNote")).toBe(original.id);
    expect(form.get("quoteOf")).toBeNull();
  });

  it("opens its menu from the keyboard (the arrow keys are e2e/quotes.spec.ts's)", async () => {
    const original = makePost({ author: GRACE, repostable: true });
    const { user } = renderFeed([original], ADA);
    screen.getByRole("button", { name: "Repost, 0 reposts" }).focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("menuitem", { name: "Repost" })).toBeTruthy();
    expect(screen.getByRole("menuitem", { name: "Quote" })).toBeTruthy();
  });
});

describe("Remove from quote", () => {
  it("is offered to the quoted post's author only, and turns the card into the removed notice", async () => {
    const quote = makePost({ author: ADA, content: "Ada quotes Grace", quote: quoted() });
    const { user, calls } = renderFeed([quote], GRACE, ({ method, path }) =>
      method === "DELETE" && path === `/api/posts/${quote.id}/quote`
        ? json({ detached: true, quotesCount: 0 })
        : json({}),
    );
    await user.click(screen.getByRole("button", { name: "Post options" }));
    await user.click(await screen.findByRole("menuitem", { name: "Remove from quote" }));
    expect((await screen.findByRole("note")).textContent).toBe(
      "The author removed this post from the quote.",
    );
    expect(calls.filter((c) => c.method !== "GET").map((c) => c.path)).toEqual([
      `/api/posts/${quote.id}/quote`,
    ]);
  });

  it("on a quote from elsewhere, asks the federation route and turns the card into the notice", async () => {
    const quote = makePost({
      content: "Mika quotes Grace",
      quote: quoted(),
      remote: { handle: "mika@misskey.example", url: "https://misskey.example/notes/1" },
    });
    const { user, calls } = renderFeed([quote], GRACE, ({ method, path }) =>
      method === "DELETE" && path === `/api/federation/notes/${quote.id}/quote`
        ? json({ detached: true })
        : json({}),
    );
    await user.click(screen.getByRole("button", { name: "Post options" }));
    await user.click(await screen.findByRole("menuitem", { name: "Remove from quote" }));
    expect((await screen.findByRole("note")).textContent).toBe(
      "The author removed this post from the quote.",
    );
    expect(calls.filter((c) => c.method !== "GET").map((c) => c.path)).toEqual([
      `/api/federation/notes/${quote.id}/quote`,
    ]);
  });

  it("is not offered to anyone else", async () => {
    const quote = makePost({ author: GRACE, content: "Grace quotes herself", quote: quoted() });
    const { user } = renderFeed([quote], ADA, () => json({}));
    await user.click(screen.getByRole("button", { name: "Post options" }));
    await screen.findByRole("menuitem", { name: "Copy link" });
    expect(screen.queryByRole("menuitem", { name: "Remove from quote" })).toBeNull();
  });
});
