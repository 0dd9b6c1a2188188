// What a person keeps of posts (docs/feed.md "Bookmarks", "Pinned posts"): their private bookmarks
// of anyone's posts, and up to three of their own posts pinned to the top of their profile.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { posts } from "./posts";

export const postBookmarks = pgTable(
  "post_bookmarks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // One bookmark per person and post: bookmarking again keeps the first.
    primaryKey({ columns: [t.userId, t.postId] }),
    // The Bookmarks page, newest bookmark first, in keyset pages.
    index("post_bookmarks_user_created_idx").on(t.userId, t.createdAt.desc(), t.postId.desc()),
    index("post_bookmarks_post_idx").on(t.postId),
  ],
);

/** A pin sits in one of its owner's three slots: the key on (user, slot) is what keeps a person at
 * three pins however many requests race (docs/feed.md "Pinned posts"). */
export const postPins = pgTable(
  "post_pins",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    slot: integer("slot").notNull(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    pinnedAt: timestamp("pinned_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.slot] }),
    uniqueIndex("post_pins_post_key").on(t.postId),
    check("post_pins_slot_check", sql`${t.slot} between 1 and 3`),
  ],
);
