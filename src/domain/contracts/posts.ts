// Shapes of /api/posts/*, /api/feed and comments (spec-1 §3 posts; spec-2 §3 comments).
import { z } from "zod";
import { COMMENT_MAX, CONTENT_WARNING_MAX, FEED_PAGE_SIZE, IMAGE_ALT_MAX } from "../limits";
import { POST_MAX } from "../post-slug";
import { WHO_MAY } from "../reply-controls";
import { personSummary } from "./follows";
import { linkPreviewCard } from "./link-previews";
import { pageOf, pageQueryOf } from "./page";

export const postContentField = z
  .string()
  .trim()
  .min(1, { message: "Write something first." })
  .max(POST_MAX, { message: `Posts are at most ${POST_MAX} characters.` });

/** A content warning (docs/feed.md "Content warnings"): blank or absent is none (null). */
export const contentWarningField = z
  .string()
  .trim()
  .max(CONTENT_WARNING_MAX, {
    message: `Content warnings are at most ${CONTENT_WARNING_MAX} characters.`,
  })
  .nullish()
  .transform((warning) => (warning ? warning : null));

/** Who may comment on a post (docs/safety.md "Who can reply and write"). */
export const replyPolicyField = z.enum(WHO_MAY, {
  message: "Choose who can reply: everyone, following, friends or nobody.",
});

/** A yes or no, as JSON sends it or as a multipart field's text. */
const flagField = z
  .union([z.boolean(), z.enum(["true", "false"]).transform((text) => text === "true")])
  .optional()
  .transform((flag) => flag ?? false);

/** An image's description (alt text): blank or absent is none (""). */
const imageAltField = z
  .string()
  .trim()
  .max(IMAGE_ALT_MAX, {
    message: `Image descriptions are at most ${IMAGE_ALT_MAX.toLocaleString("en-US")} characters.`,
  })
  .optional()
  .transform((alt) => alt ?? "");

/** The text part of a new post; its images (up to POST_IMAGES_MAX, limits.ts) travel as multipart files named
 * "image", in order, each described by the field `alt{n}` (docs/profiles-and-media.md "Post
 * images"). */
export const createPostFields = z.object({
  content: postContentField,
  contentWarning: contentWarningField,
  /** The images are sensitive: blurred until clicked. */
  imageSensitive: flagField,
  /** The card of the text's first link the composer showed (docs/feed.md "Link previews");
   * left out (or blank) when the author removed it or there is none. */
  linkPreviewId: z
    .union([z.uuid({ message: "This preview is not for the post's first link." }), z.literal("")])
    .nullish()
    .transform((id) => id || null),
  /** The post it quotes (docs/feed.md "Reposts and quotes"); left out (or blank) for none. */
  quoteOf: z
    .union([z.uuid({ message: "This post cannot be quoted." }), z.literal("")])
    .nullish()
    .transform((id) => id || null),
  /** The post from elsewhere it quotes (its id here, as the feed gives it: docs/feed.md "Reposts
   * and quotes"); left out (or blank) for none. Not with `quoteOf`. */
  quoteNote: z
    .union([z.uuid({ message: "This post cannot be quoted." }), z.literal("")])
    .nullish()
    .transform((id) => id || null),
  /** 'Who can reply'; left out: everyone. */
  replyPolicy: replyPolicyField.optional().transform((policy) => policy ?? "everyone"),
  alt0: imageAltField,
  alt1: imageAltField,
  alt2: imageAltField,
  alt3: imageAltField,
});
/** The descriptions of a new post's images, in the order of its `image` files. */
export const altsOf = (fields: z.infer<typeof createPostFields>): string[] => [
  fields.alt0,
  fields.alt1,
  fields.alt2,
  fields.alt3,
];
/** What an edit changes: the text, and the warning and the image's flag when sent (left out,
 * they stay as they are). */
export const editPostBody = z.object({
  content: postContentField,
  contentWarning: contentWarningField.optional(),
  imageSensitive: z.boolean().optional(),
});

/** One image of a post, ours or from elsewhere: its address, its description ("" when none) and
 * its stored size (null when unknown: posted before sizes were kept, or from elsewhere). */
export const postImage = z.object({
  url: z.string(),
  alt: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type PostImageView = z.infer<typeof postImage>;

/** The quoted post as a quote's card shows it: who, its text (behind its content warning), its
 * first image, and where it is. */
export const quotedPost = z.object({
  unavailable: z.literal(false),
  id: z.string(),
  author: personSummary,
  content: z.string(),
  contentWarning: z.string().nullable(),
  image: postImage.nullable(),
  imageSensitive: z.boolean(),
  path: z.string(),
  createdAt: z.string(),
  /** Set when the quoted post is from elsewhere: its Note's id and its page on its server
   * (docs/federation.md "Quotes"); `path` is then its author's page here. */
  remote: z.object({ uri: z.string(), url: z.string().nullable() }).optional(),
  /** The reader's muted words it matches (docs/safety.md "Muted words"): the card is collapsed
   * until opened; absent when none does. */
  mutedBy: z.array(z.string()).optional(),
});
export type QuotedPostView = z.infer<typeof quotedPost>;

/** A quote's card (docs/feed.md "Reposts and quotes"): the quoted post, or only that the reader
 * may not see it (blocked either way, muted, a private account they do not follow, deleted) and
 * whether its author removed it from the quote; never its content then. */
export const quoteCard = z.discriminatedUnion("unavailable", [
  quotedPost,
  z.object({ unavailable: z.literal(true), detached: z.boolean() }),
]);
export type QuoteCardView = z.infer<typeof quoteCard>;

export const postView = z.object({
  id: z.string(),
  author: personSummary,
  content: z.string(),
  /** Shown in place of the text and images until the reader opens the post (docs/feed.md
   * "Content warnings"); null when there is none. */
  contentWarning: z.string().nullable(),
  /** Its images in order, at most four (none: empty). */
  images: z.array(postImage),
  /** The post's images are blurred until clicked (so are a warned post's). */
  imageSensitive: z.boolean(),
  /** The card of its first link (docs/feed.md "Link previews"); absent when it has none. */
  linkPreview: linkPreviewCard.optional(),
  /** Its author's account is new: its web addresses show as text, not links, and it shows no
   * card (docs/safety.md "New accounts"); absent once they are links. */
  linksInert: z.literal(true).optional(),
  /** /{handle}/{slug}: the canonical path that Copy link shares. */
  path: z.string(),
  likesCount: z.number(),
  commentsCount: z.number(),
  viewsCount: z.number(),
  likedByMe: z.boolean(),
  isAuthor: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Its reposts here, whether the reader reposted it, and whether it may be reposted at all (not
   * a private account's post) (docs/feed.md "Reposts and quotes"); absent on posts from
   * elsewhere. */
  repostsCount: z.number().optional(),
  repostedByMe: z.boolean().optional(),
  repostable: z.boolean().optional(),
  /** Its quotes here that its author did not remove (absent on posts from elsewhere). */
  quotesCount: z.number().optional(),
  /** The card of the post it quotes; absent when it quotes none. */
  quote: quoteCard.optional(),
  /** Shown in a home feed because someone the reader follows reposted it: the repost's id (the
   * feed item's), when, and who. */
  repostedBy: z.object({ id: z.string(), at: z.string(), person: personSummary }).optional(),
  /** Set on a post from another server (docs/federation.md "Posts from elsewhere"): the author's
   * page here is /@{handle}, the post's own page is `url` on their server; its views are not
   * counted, and it is liked through /api/federation/notes/{id}/like. */
  remote: z
    .object({
      handle: z.string(),
      url: z.string().nullable(),
      /** Shown in a home feed because someone followed there boosted it: the boost's id (the
       * feed item's), and who, whose page here is /@{handle}. */
      boostedBy: z.object({ id: z.string(), handle: z.string(), name: z.string() }).optional(),
    })
    .optional(),
  /** The reader's muted words its text or content warning matches (docs/safety.md "Muted
   * words"): shown collapsed until opened; absent when none does. */
  mutedBy: z.array(z.string()).optional(),
  /** Who may comment on it, its author's choice (docs/safety.md "Who can reply and write");
   * absent on posts from elsewhere. */
  replyPolicy: replyPolicyField.optional(),
  /** Whether the reader may comment on it (policy/replies.ts): on the post's own read, by id or
   * by path; absent in lists. */
  canReply: z.boolean().optional(),
});
export type PostView = z.infer<typeof postView>;

export const postResponse = z.object({ post: postView });
/** PUT /api/posts/{id}/reply-policy: the author changes who may comment. */
export const replyPolicyBody = z.object({ replyPolicy: replyPolicyField });
export const postPage = pageOf(postView);

export const pageQuery = pageQueryOf({ default: FEED_PAGE_SIZE, max: 50 });

export const postIdParams = z.object({ postId: z.uuid({ message: "Post not found" }) });
export const postPathParams = z.object({
  handle: z.string().min(1).max(64),
  slug: z.string().min(1).max(80),
});

export const likeResponse = z.object({ liked: z.boolean(), likesCount: z.number() });
/** PUT and DELETE /api/posts/{id}/repost. */
export const repostResponse = z.object({ reposted: z.boolean(), repostsCount: z.number() });
/** DELETE /api/posts/{id}/quote: the quoted post's author removed it from this quote. */
export const detachQuoteResponse = z.object({ detached: z.boolean(), quotesCount: z.number() });
export const viewResponse = z.object({ counted: z.boolean(), viewsCount: z.number() });

export const commentBody = z.object({
  content: z
    .string()
    .trim()
    .min(1, { message: "Write a reply first." })
    .max(COMMENT_MAX, { message: `Replies are at most ${COMMENT_MAX} characters.` }),
  parentCommentId: z.uuid().nullable().optional(),
});

export const COMMENTS_PAGE_SIZE = 50;

/** A comment as listed: flat, oldest first; the browser threads replies (comment-threads.ts). */
export const commentView = z.object({
  id: z.string(),
  postId: z.string(),
  author: personSummary,
  content: z.string(),
  parentCommentId: z.string().nullable(),
  likesCount: z.number(),
  likedByMe: z.boolean(),
  /** Deleted: shown as 'Comment deleted' (its content is empty), its replies stay. */
  deleted: z.boolean(),
  /** A reply from elsewhere's content warning, shown in place of its text until opened
   * (docs/federation.md "Content warnings"); null on comments written here. */
  contentWarning: z.string().nullable(),
  createdAt: z.string(),
  /** Set on a reply from another server (docs/federation.md "Replies"): its author's page here is
   * /@{handle}; it cannot be liked or answered here. */
  remote: z.object({ handle: z.string(), url: z.string().nullable() }).optional(),
  /** The reader's muted words it matches, as on a post. */
  mutedBy: z.array(z.string()).optional(),
});
export type CommentView = z.infer<typeof commentView>;

export const commentsQuery = pageQueryOf({ default: COMMENTS_PAGE_SIZE, max: 100 });
export const commentsResponse = pageOf(commentView);
export const commentResponse = z.object({ comment: commentView });
export const commentIdParams = z.object({ commentId: z.uuid({ message: "Comment not found" }) });

/** GET and PUT /api/reading-settings: how the signed-in person reads posts. */
export const readingSettings = z.object({
  /** "Always expand posts with content warnings" (docs/feed.md "Content warnings"). */
  expandContentWarnings: z.boolean(),
});
export type ReadingSettings = z.infer<typeof readingSettings>;
