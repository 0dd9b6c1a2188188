// spec-2 §3 user_activity: one row per like, comment, reply, follow, mention, repost or quote that
// reaches a recipient, and a private account's follow request and its acceptance
// (docs/social-and-realtime.md). The actor is one of our people or someone elsewhere (`fed_actor_id`,
// docs/federation.md "Activity from elsewhere"), never both; a row from elsewhere goes with its
// actor and with the note it quotes (`fed_note_id`). A reporter's word of what became of their
// report (REPORT_OUTCOME, docs/safety.md "Reporters hear back") names no actor: it points at the
// moderation action that closed the report (`action_id`), once per reporter and action.
// The writers arrive with posts and follows; the unread count reads it from the start.
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { moderationActions } from "./audit";
import { users } from "./auth";
import { fedActors, fedNotes } from "./federation";

export const userActivity = pgTable(
  "user_activity",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "cascade" }),
    fedActorId: uuid("fed_actor_id").references(() => fedActors.id, { onDelete: "cascade" }),
    /** The post from elsewhere that replies to the recipient's post or mentions them. */
    fedNoteId: uuid("fed_note_id").references(() => fedNotes.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    postId: uuid("post_id"),
    /** REPORT_OUTCOME: the moderation action that closed the recipient's report. */
    actionId: uuid("action_id").references(() => moderationActions.id, { onDelete: "cascade" }),
    postSnippet: text("post_snippet"),
    commentSnippet: text("comment_snippet"),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** From an account the recipient's filter holds (docs/notifications.md "Requests"): listed
     * under Requests, in no Activity list, count or digest until its sender is accepted. */
    held: boolean("held").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("user_activity_recipient_created_idx").on(t.recipientId, t.createdAt),
    /** The daily digest finds who had activity since a time (docs/accounts.md "E-mails from us"). */
    index("user_activity_created_idx").on(t.createdAt),
    index("user_activity_unread_idx").on(t.recipientId).where(sql`${t.readAt} is null`),
    /** The recipient's Requests: the held rows, newest first. */
    index("user_activity_held_idx").on(t.recipientId, t.createdAt.desc()).where(sql`${t.held}`),
    /** A remote actor's or note's removal finds their rows (the cascades, an Undo, a block). */
    index("user_activity_fed_actor_idx").on(t.fedActorId).where(sql`${t.fedActorId} is not null`),
    index("user_activity_fed_note_idx").on(t.fedNoteId).where(sql`${t.fedNoteId} is not null`),
    /** One word per reporter and closing action, however often the action is sent. */
    uniqueIndex("user_activity_report_outcome_idx")
      .on(t.recipientId, t.actionId)
      .where(sql`${t.actionId} is not null`),
    check(
      "user_activity_type_check",
      sql`${t.type} in ('LIKE', 'COMMENT', 'REPLY', 'FOLLOW', 'FOLLOW_REQUEST', 'FOLLOW_ACCEPTED', 'MENTION', 'REPOST', 'QUOTE', 'REPORT_OUTCOME')`,
    ),
    /** A report's outcome has no actor (the moderator is never named) and its action; every other
     * row has exactly one actor. */
    check(
      "user_activity_one_actor",
      sql`case when ${t.type} = 'REPORT_OUTCOME' then ${t.actorId} is null and ${t.fedActorId} is null and ${t.actionId} is not null else (${t.actorId} is null) <> (${t.fedActorId} is null) end`,
    ),
  ],
);
