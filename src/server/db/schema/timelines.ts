// Home timelines written at post time (docs/feed.md "Timelines written at post time").
import { pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * One row per post and reader who followed its author when it was written (and the author), for
 * the last TIMELINE_DAYS. Rows of deleted posts and former followees stay until the sweep: the
 * read joins the live post (and so its author) and the follow. No foreign key to posts: one would
 * need an index on post_id, written with every row, only to cascade a hard delete the read skips.
 */
export const homeTimelines = pgTable(
  "home_timelines",
  {
    readerId: text("reader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull(),
    postId: uuid("post_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.readerId, t.createdAt, t.postId] })],
);

/** Authors whose posts are not written to timelines but merged at read: those who had
 * PULL_FOLLOWERS followers when they posted. Once in, always in, so no post falls between. */
export const feedPullAuthors = pgTable("feed_pull_authors", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  since: timestamp("since", { withTimezone: true }).notNull().defaultNow(),
});
