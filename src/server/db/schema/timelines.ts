// Home timelines written at post time (docs/feed.md "Timelines written at post time").
import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { at, personRef } from "../columns";
import { users } from "./auth";

/**
 * One row per post and reader who followed its author when it was written (and the author), for
 * the last TIMELINE_DAYS, carrying the post's author so the first page is read from this key alone
 * (an index-only scan: the author is the key's last column, which post_id already decides). A
 * post's deletion removes its rows, an unfollow the author's rows from the follower's timeline and
 * an account's deletion its posts' rows from its followers' timelines (posts/timeline-queries.ts). No
 * foreign key to posts or to the author: either would need an index on that column, written with
 * every row, for deletes that find the rows through the followers instead.
 */
export const homeTimelines = pgTable(
  "home_timelines",
  {
    readerId: text("reader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull(),
    postId: uuid("post_id").notNull(),
    authorId: text("author_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.readerId, t.createdAt, t.postId, t.authorId] })],
);

/** Authors whose posts are not written to timelines but merged at read: those who had
 * PULL_FOLLOWERS followers when they posted. Once in, always in, so no post falls between. */
export const feedPullAuthors = pgTable("feed_pull_authors", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  since: timestamp("since", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The reposts in home timelines, written at the repost's time as posts are at theirs (docs/feed.md
 * "Reposts in the timelines"): one row per repost and reader who followed the reposter then, and
 * the reposter's own, for the last TIMELINE_DAYS. `kind` says whose repost table holds `repost_id`:
 * `post` our posts' (post_reposts), `note` those of posts from elsewhere (fed_note_reposts). The
 * key holds every column, so the first page reads it alone (an index-only scan). A reposter merged
 * at read (feed_pull_authors) has only their own row, which their followers read at read time
 * through the second index, as a follow copies the followee's reposts from it.
 */
export const homeReposts = pgTable(
  "home_reposts",
  {
    readerId: personRef("reader_id"),
    kind: text("kind", { enum: ["post", "note"] }).notNull(),
    createdAt: at("created_at").notNull(),
    repostId: uuid("repost_id").notNull(),
    reposterId: text("reposter_id").notNull(),
    /** The reposter's own row. A column, not the condition itself: from `reader_id =
     * reposter_id` PostgreSQL would derive the reader and walk the reposter's whole timeline
     * through the key instead of their own rows through home_reposts_own_idx. */
    own: boolean("own").generatedAlwaysAs(sql`reader_id = reposter_id`),
  },
  (t) => [
    primaryKey({ columns: [t.readerId, t.kind, t.createdAt, t.repostId, t.reposterId] }),
    index("home_reposts_own_idx")
      .on(t.reposterId, t.kind, t.createdAt.desc(), t.repostId.desc())
      .where(sql`${t.own}`),
  ],
);
