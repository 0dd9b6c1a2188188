import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PersonSummary } from "../../../domain/contracts/follows";
import type { PostView } from "../../../domain/contracts/posts";
import { setSiteConfig } from "../../lib/site-config";
import { postKeys, useFeedQuery } from "../../state/queries/posts";
import { safetyKeys } from "../../state/queries/safety";
import { applyServerMessage } from "../../state/realtime-handler";
import {
  ADA,
  apiError,
  feedData,
  GRACE,
  json,
  makePost,
  oneImage,
  type Route,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import { TEST_SITE } from "../../test-support/site";
import { PostCard } from "./post-card";
import { PostList } from "./post-list";

function Feed() {
  return <PostList query={useFeedQuery()} empty={<p>No posts yet</p>} />;
}

function renderFeed(
  posts: PostView[],
  viewer: PersonSummary | null,
  route: Route = () => undefined,
) {
  // The menu asks for the viewer's marks as it opens (post-mark-items.tsx): none, unless the test
  // answers otherwise.
  const calls = stubFetch(
    async (request) =>
      (await route(request)) ??
      (request.path.endsWith("/marks") ? json({ bookmarked: false, pinned: false }) : undefined),
  );
  const rendered = renderWithRoutes(
    [
      { path: "/", element: <Feed /> },
      { path: "/signup", element: <p>Sign-in screen</p> },
    ],
    { url: "/", viewer, seed: (qc) => qc.setQueryData(postKeys.feed(), feedData(posts)) },
  );
  return { ...rendered, calls };
}

/** A like request that answers when the test says so. */
function deferred() {
  let settle: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openMenu(user: ReturnType<typeof renderFeed>["user"], article: HTMLElement) {
  await user.click(within(article).getByRole("button", { name: "Post options" }));
  return screen.findByRole("menu");
}

describe("PostCard", () => {
  it("tells a new author, and only them, why the addresses in their post are not links", async () => {
    const content = "Read https://example.org/news today";
    const note = "Links in your posts become clickable when your account is a week old.";
    renderFeed([makePost({ author: ADA, content, linksInert: true })], ADA);
    expect(await screen.findByText(note)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "https://example.org/news" })).toBeNull();
    cleanup();
    vi.unstubAllGlobals();
    renderFeed([makePost({ author: GRACE, content, linksInert: true })], ADA);
    await screen.findByText(/Read https:\/\/example\.org\/news today/);
    expect(screen.queryByText(note)).toBeNull();
  });

  it("names the days NEW_ACCOUNT_DAYS sets when they are not a week", async () => {
    setSiteConfig({ ...TEST_SITE, newAccountDays: 30 });
    try {
      renderFeed(
        [makePost({ author: ADA, content: "See https://example.org", linksInert: true })],
        ADA,
      );
      expect(
        await screen.findByText(
          "Links in your posts become clickable when your account is 30 days old.",
        ),
      ).toBeTruthy();
    } finally {
      setSiteConfig(TEST_SITE);
    }
  });

  it("shows the author, the text as written, the image and the counts", () => {
    const post = makePost({
      content: "Line one\n  line two https://example.org",
      images: oneImage("/media/posts/a.webp"),
      likesCount: 3,
      commentsCount: 2,
      viewsCount: 40,
      createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    });
    const older = makePost({
      author: { ...post.author, userId: "u-linus", fullName: "Linus Pauling", handle: "linus" },
      images: oneImage("/media/posts/b.webp"),
    });
    renderFeed([post, older], ADA);
    const article = screen.getByRole("article", { name: "Post by Grace Hopper" });
    expect(within(article).getByRole("link", { name: "Grace Hopper" }).getAttribute("href")).toBe(
      "/grace",
    );
    expect(within(article).getByText("@grace")).toBeTruthy();
    const text = within(article).getByText(/Line one/);
    expect(text.textContent).toBe("Line one\n  line two https://example.org");
    // Its address is a link out, in a new tab (docs/safety.md "New accounts": not a new one's).
    const out = within(text).getByRole("link", { name: "https://example.org" });
    expect(out.getAttribute("href")).toBe("https://example.org");
    expect(out.getAttribute("target")).toBe("_blank");
    expect(out.getAttribute("rel")).toBe("nofollow ugc noopener noreferrer");
    const image = within(article).getByRole("img", { name: "Image attached to the post" });
    expect(image.className).toContain("max-h-96");
    // The list's first picture is likely the page's largest paint: fetched at once. The others
    // wait until they are near; each in a frame sized before it arrives.
    expect(image.getAttribute("loading")).toBe("eager");
    expect(image.getAttribute("fetchpriority")).toBe("high");
    const next = screen.getByRole("article", { name: "Post by Linus Pauling" });
    const later = within(next).getByRole("img", { name: "Image attached to the post" });
    expect(later.getAttribute("loading")).toBe("lazy");
    expect(later.getAttribute("fetchpriority")).toBeNull();
    expect(Number(image.getAttribute("width"))).toBeGreaterThan(0);
    expect(Number(image.getAttribute("height"))).toBeGreaterThan(0);
    const time = article.querySelector("time");
    expect(time?.textContent).toBe("2h");
    expect(time?.getAttribute("dateTime")).toBe(post.createdAt);
    expect(time?.getAttribute("title")).toMatch(/\d+\/\d+\/\d{4}, \d+:\d\d (AM|PM)/);
    // Named whole: composed from <time> and hidden text it read as '2h , …' or ', …'.
    const timeLink = time?.closest("a");
    expect(timeLink?.getAttribute("aria-label")).toBe(
      `2h, ${time?.getAttribute("title")}, open post`,
    );
    expect(within(article).getByRole("button", { name: "Like, 3 likes" })).toBeTruthy();
    expect(within(article).getByRole("link", { name: "2 comments" }).getAttribute("href")).toBe(
      post.path,
    );
    expect(within(article).getByText("40 views")).toBeTruthy();
  });

  it("opens the post page when the card body is clicked", async () => {
    const post = makePost();
    const { user, router } = renderFeed([post], ADA);
    await user.click(screen.getByText(post.content));
    expect(router.state.location.pathname).toBe(post.path);
  });

  it("offers others Copy link and the safety items, and copies origin plus the post's path", async () => {
    const post = makePost();
    const { user } = renderFeed([post], ADA, ({ path }) =>
      path === `/api/safety/relations/${GRACE.userId}`
        ? json({ blocking: false, muting: false })
        : undefined,
    );
    const menu = await openMenu(user, screen.getByRole("article"));
    await within(menu).findByRole("menuitem", { name: "Bookmark" });
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Copy link", "Bookmark", "Report post", "Mute @grace", "Block @grace"]);
    await user.click(within(menu).getByRole("menuitem", { name: "Copy link" }));
    expect(await screen.findByText("Link copied")).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}${post.path}`);
  });

  it("builds a card's menu only when its button is first used, then opens it at once", async () => {
    const { user, queryClient } = renderFeed([makePost(), makePost()], ADA, ({ path }) =>
      path === `/api/safety/relations/${GRACE.userId}`
        ? json({ blocking: false, muting: false })
        : undefined,
    );
    const relations = () =>
      queryClient.getQueryCache().findAll({ queryKey: [...safetyKeys.all, "relation"] });
    const [first] = screen.getAllByRole("article");
    const button = within(first as HTMLElement).getByRole("button", { name: "Post options" });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(relations()).toHaveLength(0);
    button.focus();
    await user.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    await within(menu).findByRole("menuitem", { name: "Bookmark" });
    expect(within(menu).getAllByRole("menuitem")).toHaveLength(5);
    await waitFor(() => expect(relations()).toHaveLength(1));
  });

  it("offers only Copy link when signed out", async () => {
    const { user } = renderFeed([makePost()], null);
    const menu = await openMenu(user, screen.getByRole("article"));
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Copy link"]);
  });

  it("offers Edit, Who can reply and Delete to the author", async () => {
    const { user } = renderFeed([makePost({ author: ADA, isAuthor: true })], ADA);
    const menu = await openMenu(user, screen.getByRole("article"));
    await within(menu).findByRole("menuitem", { name: "Pin to profile" });
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Copy link", "Bookmark", "Pin to profile", "Edit", "Who can reply", "Delete"]);
  });

  it("likes at once, and rolls back when the server refuses", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const post = makePost({ likesCount: 3 });
    const answer = deferred();
    const { user } = renderFeed([post], ADA, ({ path }) =>
      path === `/api/posts/${post.id}/like` ? answer.promise : undefined,
    );
    await user.click(screen.getByRole("button", { name: "Like, 3 likes" }));
    const pressed = screen.getByRole("button", { name: "Unlike, 4 likes" });
    expect(pressed.getAttribute("aria-pressed")).toBe("true");

    answer.settle(apiError(500, "Something went wrong"));
    const restored = await screen.findByRole("button", { name: "Like, 3 likes" });
    expect(restored.getAttribute("aria-pressed")).toBe("false");
  });

  it("never shows fewer than 0 likes, and keeps the server's answer", async () => {
    const post = makePost({ likesCount: 0, likedByMe: true });
    const answer = deferred();
    const { user } = renderFeed([post], ADA, ({ path }) =>
      path === `/api/posts/${post.id}/like` ? answer.promise : undefined,
    );
    await user.click(screen.getByRole("button", { name: "Unlike, 0 likes" }));
    expect(screen.getByRole("button", { name: "Like, 0 likes" })).toBeTruthy();
    answer.settle(json({ liked: false, likesCount: 2 }));
    expect(await screen.findByRole("button", { name: "Like, 2 likes" })).toBeTruthy();
  });

  it("sends signed-out visitors to sign up instead of liking", async () => {
    const post = makePost({ likesCount: 1 });
    const { user, router, calls } = renderFeed([post], null);
    await user.click(screen.getByRole("button", { name: "Like, 1 like" }));
    expect(router.state.location.pathname).toBe("/signup");
    expect(router.state.location.search).toBe("?next=%2F");
    expect(calls.filter((c) => c.path.includes("/like"))).toEqual([]);
  });

  it("Edit: Save ignores empty text, then saves the trimmed text", async () => {
    const post = makePost({ author: ADA, isAuthor: true, content: "Frist post" });
    const { user, calls } = renderFeed([post], ADA, ({ method, path, body }) =>
      method === "PATCH" && path === `/api/posts/${post.id}`
        ? json({ post: { ...post, content: (body as { content: string }).content } })
        : undefined,
    );
    const menu = await openMenu(user, screen.getByRole("article"));
    await user.click(within(menu).getByRole("menuitem", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit post" });
    const box = within(dialog).getByLabelText("Post text");
    expect((box as HTMLTextAreaElement).value).toBe("Frist post");

    await user.clear(box);
    await user.type(box, "   ");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([]);
    expect(screen.getByRole("dialog", { name: "Edit post" })).toBeTruthy();

    await user.clear(box);
    await user.type(box, "  First post  ");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
      content: "First post",
      contentWarning: "",
      imageSensitive: false,
    });
    expect(await screen.findByText("First post")).toBeTruthy();
  });

  it("Delete asks first; Cancel keeps the post, Delete removes it from the list", async () => {
    const mine = makePost({ author: ADA, isAuthor: true, content: "Delete me" });
    const other = makePost({ content: "Keep me" });
    const { user, calls } = renderFeed([mine, other], ADA, ({ method, path }) =>
      method === "DELETE" && path === `/api/posts/${mine.id}` ? json({ ok: true }) : undefined,
    );
    const article = screen.getByRole("article", { name: "Post by Ada Lovelace" });
    let menu = await openMenu(user, article);
    await user.click(within(menu).getByRole("menuitem", { name: "Delete" }));
    let confirm = await screen.findByRole("alertdialog", { name: "Delete this post?" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE")).toEqual([]);

    menu = await openMenu(user, article);
    await user.click(within(menu).getByRole("menuitem", { name: "Delete" }));
    confirm = await screen.findByRole("alertdialog", { name: "Delete this post?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByText("Delete me")).toBeNull());
    expect(screen.getByText("Keep me")).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
  });
});

describe("like state", () => {
  it("a like on one card shows on every card of that post", async () => {
    const post = makePost({ likesCount: 5 });
    stubFetch(({ path }) =>
      path === `/api/posts/${post.id}/like` ? json({ liked: true, likesCount: 6 }) : undefined,
    );
    const { user } = renderWithRoutes(
      [
        {
          path: "/",
          element: (
            <>
              <PostCard post={post} />
              <PostCard post={{ ...post, likesCount: 5 }} />
            </>
          ),
        },
      ],
      { url: "/", viewer: GRACE },
    );
    const [first] = screen.getAllByRole("button", { name: "Like, 5 likes" });
    if (!first) throw new Error("no like button");
    await user.click(first);
    expect(screen.getAllByRole("button", { name: "Unlike, 6 likes" })).toHaveLength(2);
  });
});

describe("PostCard: like counts over realtime", () => {
  it("shows a like made by someone else on the author's own card at once", async () => {
    const post = makePost({ author: GRACE, isAuthor: true, likesCount: 2 });
    const { queryClient } = renderFeed([post], GRACE);
    act(() =>
      applyServerMessage(
        queryClient,
        { type: "post.likes", postId: post.id, likesCount: 3 },
        GRACE.userId,
      ),
    );
    const button = await screen.findByRole("button", { name: "Like, 3 likes" });
    expect(button.getAttribute("aria-pressed")).toBe("false");
  });

  it("shows the reader's own like made in another tab, pressed", async () => {
    const post = makePost({ likesCount: 3 });
    const { queryClient } = renderFeed([post], ADA);
    act(() =>
      applyServerMessage(
        queryClient,
        { type: "post.likes", postId: post.id, likesCount: 4, liked: true },
        ADA.userId,
      ),
    );
    const button = await screen.findByRole("button", { name: "Unlike, 4 likes" });
    expect(button.getAttribute("aria-pressed")).toBe("true");
  });

  it("lets the reader's own press in flight decide, not a count that came before its answer", async () => {
    const post = makePost({ likesCount: 3 });
    const answer = deferred();
    const { user, queryClient } = renderFeed([post], ADA, ({ path }) =>
      path === `/api/posts/${post.id}/like` ? answer.promise : undefined,
    );
    await user.click(screen.getByRole("button", { name: "Like, 3 likes" }));
    act(() =>
      applyServerMessage(
        queryClient,
        { type: "post.likes", postId: post.id, likesCount: 3 },
        ADA.userId,
      ),
    );
    // Rendering follows the cache a tick later: give a wrong count its chance to show.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole("button", { name: "Unlike, 4 likes" })).toBeTruthy();
    answer.settle(json({ liked: true, likesCount: 5 }));
    expect(await screen.findByRole("button", { name: "Unlike, 5 likes" })).toBeTruthy();
  });
});
