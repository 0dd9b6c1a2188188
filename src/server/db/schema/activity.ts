// spec-2 §3 user_activity: one row per like, comment, reply or follow that reaches a recipient, and
// a private account's follow request and its acceptance (docs/social-and-realtime.md).
// The writers arrive with posts and follows; the unread count reads it from the start.
import { sql } from "drizzle-orm";
import { bigserial, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

export const userActivity = pgTable(
  "user_activity",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actorId: text("actor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    postId: uuid("post_id"),
    postSnippet: text("post_snippet"),
    commentSnippet: text("comment_snippet"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("user_activity_recipient_created_idx").on(t.recipientId, t.createdAt),
    /** The daily digest finds who had activity since a time (docs/accounts.md "E-mails from us"). */
    index("user_activity_created_idx").on(t.createdAt),
    index("user_activity_unread_idx").on(t.recipientId).where(sql`${t.readAt} is null`),
    check(
      "user_activity_type_check",
      sql`${t.type} in ('LIKE', 'COMMENT', 'REPLY', 'FOLLOW', 'FOLLOW_REQUEST', 'FOLLOW_ACCEPTED')`,
    ),
  ],
);
