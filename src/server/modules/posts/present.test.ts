// Posts are presented from the post cache's rows, and what does not depend on the reader is made
// once per row (present.ts): a change the cache applies must show in the next page all the same.
import { describe, expect, it } from "vitest";
import { approximateBytes } from "../../infra/approximate-size";
import { PostHydrator } from "./hydration";
import { PRESENTED_VIEW_BYTES, presentInOrder, presentPost } from "./present";
import type { HydratedPost, LoadedPost } from "./queries";

const created = new Date("2026-11-28T09:00:00.000Z");

function loaded(): LoadedPost {
  return {
    post: {
      id: "p1",
      userId: "ann",
      content: "first words",
      contentWarning: null,
      images: [],
      imageSensitive: false,
      linkPreviewId: null,
      slug: "first-words",
      likesCount: 0,
      commentsCount: 0,
      viewsCount: 0,
      repostsCount: 0,
      quoteOf: null,
      quoteNoteId: null,
      quoteAuthorizationUri: null,
      quoteDetached: false,
      quotesCount: 0,
      replyPolicy: "everyone",
      createdAt: created,
      updatedAt: created,
      deletedAt: null,
      removedAt: null,
    } as LoadedPost["post"],
    author: {
      userId: "ann",
      fullName: "Ann Lee",
      username: null,
      defaultUsername: "ann_lee",
      profileImageUrl: null,
      verificationType: "none",
      veteran: false,
    } as LoadedPost["author"],
    authorPrivate: false,
    authorCreatedAt: created,
    linkPreview: null,
    likers: [],
    reposters: [],
  };
}

async function page(hydrator: PostHydrator, viewer: string | null) {
  return presentInOrder(await hydrator.hydrate(["p1"], viewer), ["p1"], viewer, null);
}

describe("presenting posts", () => {
  it("gives each reader their own like and authorship over the same shared fields", async () => {
    const hydrator = new PostHydrator({
      load: async () => [loaded()],
      likedAmong: async () => [],
      repostedAmong: async () => [],
      visibleReposts: async () => [],
      quotedAuthorsSeen: async () => [],
      quotedNoteCards: async () => new Map(),
    });
    hydrator.apply({
      type: "post.liked",
      postId: "p1",
      authorId: "author",
      userId: "bo",
      liked: false,
      likesCount: 0,
    });
    const [forAnn] = await page(hydrator, "ann");
    hydrator.apply({
      type: "post.liked",
      postId: "p1",
      authorId: "author",
      userId: "bo",
      liked: true,
      likesCount: 1,
    });
    const [forBo] = await page(hydrator, "bo");
    expect(forAnn).toMatchObject({ isAuthor: true, likedByMe: false, likesCount: 0 });
    expect(forBo).toMatchObject({ isAuthor: false, likedByMe: true, likesCount: 1 });
    expect(forBo).toMatchObject({
      path: "/ann_lee/first-words",
      createdAt: "2026-11-28T09:00:00.000Z",
      author: { fullName: "Ann Lee", handle: "ann_lee" },
    });
  });

  it("shows the cache's changes: likes, counts and edits", async () => {
    const hydrator = new PostHydrator({
      load: async () => [loaded()],
      likedAmong: async () => [],
      repostedAmong: async () => [],
      visibleReposts: async () => [],
      quotedAuthorsSeen: async () => [],
      quotedNoteCards: async () => new Map(),
    });
    await page(hydrator, "bo");
    hydrator.apply({
      type: "post.liked",
      postId: "p1",
      authorId: "author",
      userId: "cy",
      liked: true,
      likesCount: 1,
    });
    hydrator.apply({ type: "post.counted", postId: "p1", commentsCount: 3, viewsCount: 7 });
    const updatedAt = "2026-11-28T10:00:00.000Z";
    hydrator.apply({
      type: "post.updated",
      authorId: "ann",
      postId: "p1",
      content: "edited words",
      contentWarning: null,
      imageSensitive: false,
      updatedAt,
    });
    const [post] = await page(hydrator, "bo");
    expect(post).toMatchObject({
      likesCount: 1,
      commentsCount: 3,
      viewsCount: 7,
      content: "edited words",
      updatedAt,
    });
  });

  it("shows a new author row with the same post row", () => {
    const { post, author } = loaded();
    const row: HydratedPost = {
      post,
      author,
      authorPrivate: false,
      authorCreatedAt: created,
      linkPreview: null,
      likedByMe: false,
      repostedByMe: false,
    };
    expect(presentPost(row, null, null).author.fullName).toBe("Ann Lee");
    const renamed = { ...author, fullName: "Ann Lee-Park", username: "ann" };
    const again = presentPost({ ...row, author: renamed }, null, null);
    expect(again.author).toMatchObject({ fullName: "Ann Lee-Park", handle: "ann" });
    expect(again.path).toBe("/ann/first-words");
  });
});

describe("a new author's links", () => {
  const card = {
    id: "c1",
    url: "https://example.com/",
    title: "Example",
    description: null,
    siteName: null,
    imageUrl: null,
    found: true,
  };
  const row = (): HydratedPost => ({
    ...loaded(),
    linkPreview: card as unknown as HydratedPost["linkPreview"],
    likedByMe: false,
    repostedByMe: false,
  });

  it("are inert, without the card, while the author was made after the moment given", () => {
    const view = presentPost(row(), "bo", new Date(created.getTime() - 1));
    expect(view.linksInert).toBe(true);
    expect(view.linkPreview).toBeUndefined();
  });

  it("are links with their card for an author made before it, and with none given", () => {
    for (const since of [new Date(created.getTime() + 1), null]) {
      const view = presentPost(row(), "bo", since);
      expect(view.linksInert).toBeUndefined();
      expect(view.linkPreview).toMatchObject({ url: "https://example.com/" });
    }
  });
});

describe("the memory a presented view holds", () => {
  it("is about what the post cache counts for it", () => {
    const row: HydratedPost = { ...loaded(), likedByMe: false, repostedByMe: false };
    const view = presentPost(row, null, null);
    // The view's own objects and strings: the post's id and text and the author's strings are
    // the row's, shared.
    const { post, author } = row;
    const sharedStrings = [
      post.id,
      post.content,
      post.replyPolicy,
      author.userId,
      author.fullName,
      "ann_lee",
    ];
    const own =
      approximateBytes(view) - sharedStrings.reduce((sum, s) => sum + approximateBytes(s), 0);
    // The WeakMap's record { author, view } and its table entry.
    const held = own + 24 + 2 * 8 + 32;
    expect(held).toBeGreaterThan(PRESENTED_VIEW_BYTES * 0.75);
    expect(held).toBeLessThan(PRESENTED_VIEW_BYTES * 1.25);
  });
});
