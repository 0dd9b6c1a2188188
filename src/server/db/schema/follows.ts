// spec-1 §3 followers: one row per follow; the pair is the key, with an index each way. And the
// follow requests a private account's owner has not answered yet (docs/social-and-realtime.md
// "Private accounts").
import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { at, personRef } from "../columns";
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

/** A request to follow a private account, until its owner approves or declines it or the
 * requester cancels it; the pair is the key ("did A ask B"), the target's index its owner's list. */
export const followRequests = pgTable(
  "follow_requests",
  {
    requesterId: personRef("requester_id"),
    targetId: personRef("target_id"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requesterId, t.targetId] }),
    index("follow_requests_target_created_idx").on(t.targetId, t.createdAt, t.requesterId),
    check("follow_requests_not_self", sql`${t.requesterId} <> ${t.targetId}`),
  ],
);
