// Hashtags (docs/feed.md "Hashtags"): the tags people write in posts (domain/hashtags.ts), which
// posts carry them, who follows a tag, and the tags moderators keep out of trending. Owned by the
// posts module (posts/tag-queries.ts).
import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { posts } from "./posts";

export const tags = pgTable("tags", {
  /** The tag's key: NFKC, lower-cased (domain/hashtags.ts tagKey). */
  name: text("name").primaryKey(),
  /** The form it was first written in (`Café`), shown on its page and in suggestions. */
  display: text("display").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** A moderator keeps the tag out of trending (docs/search.md "Trending tags"); null when not. */
  hiddenFromTrendingAt: timestamp("hidden_from_trending_at", { withTimezone: true }),
});

/** A post's tags, written with the post and again on each edit; the post's author and time are
 * copied in, so a tag page and trending read this table's keys in order. */
export const postTags = pgTable(
  "post_tags",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    tag: text("tag")
      .notNull()
      .references(() => tags.name, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.tag] }),
    // A tag's page (and a followed tag's share of the feed), newest first, in keyset pages.
    index("post_tags_tag_created_idx").on(t.tag, t.createdAt.desc(), t.postId.desc()),
    // Trending: the last day's uses, read from the key alone.
    index("post_tags_created_idx").on(t.createdAt, t.tag, t.userId),
  ],
);

/** The tags a person follows: their posts come into that person's home feed. */
export const tagFollows = pgTable(
  "tag_follows",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tag: text("tag")
      .notNull()
      .references(() => tags.name, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tag] }), index("tag_follows_tag_idx").on(t.tag)],
);
