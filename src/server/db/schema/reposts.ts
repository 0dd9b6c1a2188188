// Reposts (docs/feed.md "Reposts and quotes"): a person shares someone's post with their followers,
// whose home feeds show it at the repost's time under "Reposted by {name}".
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { posts } from "./posts";

export const postReposts = pgTable(
  "post_reposts",
  {
    /** The repost's own id: its feed item's key, and its Announce's name to other servers. */
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // One repost per person and post: reposting again keeps the first.
    uniqueIndex("post_reposts_user_post_key").on(t.userId, t.postId),
    // A reposter's reposts newest first: the feed merges these per followee, as it does posts.
    index("post_reposts_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("post_reposts_post_idx").on(t.postId),
  ],
);
