// spec-1 §3 followers: one row per follow; the pair is the key, with an index each way.
import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

export const followers = pgTable(
  "followers",
  {
    followerId: text("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followingId: text("following_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followingId] }),
    // "who follows X", newest first, keyset-paginated; the primary key serves "whom X follows".
    index("followers_following_created_idx").on(t.followingId, t.createdAt, t.followerId),
    index("followers_follower_created_idx").on(t.followerId, t.createdAt, t.followingId),
    check("followers_not_self", sql`${t.followerId} <> ${t.followingId}`),
  ],
);
