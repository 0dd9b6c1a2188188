// spec-1 §3 posts and post_likes; spec-2 §3 post_comments and post_comment_likes; view dedupe.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { WhoMay } from "../../../domain/reply-controls";
import { users } from "./auth";
import { linkPreviews } from "./link-previews";

/** One image of a post (docs/profiles-and-media.md "Post images"): our stored copy, its
 * description (alt text, "" when none was given) and its size as stored (null for images posted
 * before sizes were kept). */
export interface PostImage {
  url: string;
  alt: string;
  width: number | null;
  height: number | null;
}

export const posts = pgTable(
  "posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    /** Its images in the order shown, at most four (docs/profiles-and-media.md "Post images"). */
    images: jsonb("images").$type<PostImage[]>().notNull().default([]),
    /** The author's content warning: the post shows it and hides the rest until opened
     * (docs/feed.md "Content warnings"); null when there is none. */
    contentWarning: text("content_warning"),
    /** The author marked the image sensitive: it is blurred until clicked. */
    imageSensitive: boolean("image_sensitive").notNull().default(false),
    /** The card of the text's first link, chosen when the post was written (docs/feed.md "Link
     * previews"); null when there is none. */
    linkPreviewId: uuid("link_preview_id").references(() => linkPreviews.id, {
      onDelete: "set null",
    }),
    /** The post this one quotes, shown under it as a card (docs/feed.md "Reposts and quotes");
     * null when it quotes none. No foreign key: a quoted post that went with its account still
     * shows as unavailable. */
    quoteOf: uuid("quote_of"),
    /** The post from elsewhere this one quotes (a `fed_notes` id: docs/feed.md "Reposts and
     * quotes"); null when it quotes none. No foreign key: a Note its server deleted shows as
     * unavailable. At most one of quote_of and quote_note_id is set. */
    quoteNoteId: uuid("quote_note_id"),
    /** The FEP-044f `QuoteAuthorization` the quoted post's server answered our `QuoteRequest` with
     * (docs/federation.md "Quotes"): the quote's Note carries it; null until then. */
    quoteAuthorizationUri: text("quote_authorization_uri"),
    /** The quoted post's author removed it from this quote: the card says so, the count lost it. */
    quoteDetached: boolean("quote_detached").notNull().default(false),
    /**
     * Set once from the first text (spec-1 §2), so a shared link survives later edits; unique per
     * author (a short suffix from the id on collision: domain/post-slug.ts slugCandidates).
     */
    slug: text("slug").notNull(),
    likesCount: integer("likes_count").notNull().default(0),
    commentsCount: integer("comments_count").notNull().default(0),
    /** Its reposts here (docs/feed.md "Reposts and quotes"), moved with each in one transaction. */
    repostsCount: integer("reposts_count").notNull().default(0),
    /** Its live quotes here that its author did not detach, moved with each in its transaction. */
    quotesCount: integer("quotes_count").notNull().default(0),
    /** Who may comment on it, the author's choice (docs/safety.md "Who can reply and write"):
     * everyone, the people the author follows, their friends, or nobody. */
    replyPolicy: text("reply_policy").$type<WhoMay>().notNull().default("everyone"),
    viewsCount: integer("views_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Removed by a moderator (deleted_at is set too; restore clears both; docs/safety.md). */
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    // A person's live posts newest first: the feed merges these per followee, the profile tab reads them.
    index("posts_user_live_idx")
      .on(t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    // Everyone's live posts newest first: who posted lately, for people to follow (docs/feed.md).
    index("posts_live_created_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex("posts_user_slug_key").on(t.userId, t.slug),
    check(
      "posts_counts_check",
      sql`${t.likesCount} >= 0 and ${t.commentsCount} >= 0 and ${t.viewsCount} >= 0`,
    ),
    check("posts_reposts_count_check", sql`${t.repostsCount} >= 0`),
    check("posts_quotes_count_check", sql`${t.quotesCount} >= 0`),
    check(
      "posts_reply_policy_check",
      sql`${t.replyPolicy} in ('everyone', 'following', 'friends', 'nobody')`,
    ),
    // The quotes of a post: a deleted account's quotes leave its counts (account/deletion.ts).
    index("posts_quote_of_idx").on(t.quoteOf).where(sql`${t.quoteOf} is not null`),
    check("posts_one_quote_check", sql`${t.quoteOf} is null or ${t.quoteNoteId} is null`),
    check("posts_images_check", sql`jsonb_array_length(${t.images}) <= 4`),
    // The posts that point at a card: pruning a card asks (docs/feed.md "Link previews").
    index("posts_link_preview_idx").on(t.linkPreviewId).where(sql`${t.linkPreviewId} is not null`),
  ],
);

export const postLikes = pgTable(
  "post_likes",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index("post_likes_user_idx").on(t.userId)],
);

export const postComments = pgTable(
  "post_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    /** null for a top-level comment; a reply to a reply points at the top-level comment. */
    parentCommentId: uuid("parent_comment_id").references((): AnyPgColumn => postComments.id, {
      onDelete: "cascade",
    }),
    likesCount: integer("likes_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Deleted by its author or the post's author: listed as 'Comment deleted', its text gone. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Removed by a moderator: listed like a deleted comment; its text kept for a restore. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    index("post_comments_post_created_idx").on(t.postId, t.createdAt, t.id),
    // A person's comments in order, for their data export (docs/accounts.md "Your data").
    index("post_comments_user_created_idx").on(t.userId, t.createdAt, t.id),
    check("post_comments_likes_check", sql`${t.likesCount} >= 0`),
  ],
);

export const postCommentLikes = pgTable(
  "post_comment_likes",
  {
    commentId: uuid("comment_id")
      .notNull()
      .references(() => postComments.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    // A person's comment likes, for their data export (docs/accounts.md "Your data").
    index("post_comment_likes_user_idx").on(t.userId, t.commentId),
  ],
);

/** One row per post and viewer (user id or anonymous visitor cookie): a view counts once a day. */
export const postViews = pgTable(
  "post_views",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    viewerKey: text("viewer_key").notNull(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.viewerKey] })],
);

/** How a person reads posts (docs/feed.md "Content warnings"): a row once they change a default. */
export const readingSettings = pgTable("reading_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** "Always expand posts with content warnings". */
  expandContentWarnings: boolean("expand_content_warnings").notNull().default(false),
});
