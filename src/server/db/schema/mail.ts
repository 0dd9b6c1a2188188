// spec-1 §3 chat_threads, chat_thread_members, chat_messages (docs/mail.md "Data"). A thread is
// between two people, or between one person and an outside e-mail address. Each member row keeps
// that member's view of the thread (newest message time, unread, last notification), so the
// thread list and the unread badge read one index per person.
import { sql } from "drizzle-orm";
import {
  boolean,
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
import type { WhoMay } from "../../../domain/reply-controls";
import { users } from "./auth";

export const chatThreads = pgTable(
  "chat_threads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    isDirect: boolean("is_direct").notNull().default(true),
    /**
     * Who the thread is between, as one unique key ('u:{a}:{b}' with the ids sorted, or
     * 'x:{userId}:{address}'), so find-or-create is one INSERT … ON CONFLICT, safe under races.
     */
    pairKey: text("pair_key").notNull(),
    /** The outside address of a thread with someone who is not a member (lower-cased). */
    externalAddress: text("external_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [uniqueIndex("chat_threads_pair_key").on(t.pairKey)],
);

export const chatThreadMembers = pgTable(
  "chat_thread_members",
  {
    threadId: uuid("thread_id")
      .notNull()
      .references(() => chatThreads.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The thread's newest message, copied here so each member's list is one index scan. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true, precision: 3 }),
    unread: boolean("unread").notNull().default(false),
    /** When this member was last told by e-mail (at most one notice per thread per 15 minutes). */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    /** A message request (docs/mail.md "Message requests"): `pending` while it waits under
     * Requests, `dismissed` once put aside; null for a thread in the member's list. */
    request: text("request"),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.userId] }),
    check("chat_thread_members_request", sql`${t.request} in ('pending', 'dismissed')`),
    index("chat_thread_members_list_idx")
      .on(t.userId, t.lastMessageAt.desc(), t.threadId.desc())
      .where(sql`${t.lastMessageAt} is not null`),
    index("chat_thread_members_unread_idx").on(t.userId).where(sql`${t.unread}`),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => chatThreads.id, { onDelete: "cascade" }),
    /** The member who wrote it; null for mail that came in from outside. */
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    /** The outside sender's address, for mail that came in. */
    senderAddress: text("sender_address"),
    subject: text("subject"),
    body: text("body").notNull(),
    /** internal (member to member), outbound (to an outside address), inbound (from outside). */
    direction: text("direction").notNull().default("internal"),
    /** RFC 5322 Message-ID (without <>) of mail sent or received, for threading replies. */
    messageId: text("message_id"),
    /** Inbound mail that failed DMARC under a quarantine policy (docs/mail.md "Authenticity"). */
    suspicious: boolean("suspicious").notNull().default(false),
    /** How many attachments were dropped from inbound mail. */
    attachmentsDropped: integer("attachments_dropped").notNull().default(0),
    /** Removed by a moderator: shown as removed to both members (docs/safety.md). */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    /** Its sender deleted their account: shown as 'Message deleted', its words gone
     * (docs/accounts.md "Deleting the account"). */
    senderDeletedAt: timestamp("sender_deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("chat_messages_thread_created_idx").on(t.threadId, t.createdAt.desc(), t.id.desc()),
    index("chat_messages_message_id_idx").on(t.messageId).where(sql`${t.messageId} is not null`),
  ],
);

/**
 * The Message-IDs of inbound mail each person was given in the last 7 days (docs/mail.md
 * "Inbound"), so a sending server's retry of a message already stored is answered 250 and stored
 * nothing: the row is written in the store's own transaction and its key is the guard.
 */
export const inboundMessageIds = pgTable(
  "inbound_message_ids",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.messageId] }),
    index("inbound_message_ids_received_idx").on(t.receivedAt),
  ],
);

/** Per-person mail settings; no row means the defaults. */
export const mailPreferences = pgTable(
  "mail_preferences",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** E-mail notices of new in-app messages at the sign-up address (spec-1 §8). */
    emailNotifications: boolean("email_notifications").notNull().default(true),
    /** New followers in the daily digest (docs/accounts.md "E-mails from us"). */
    emailNewFollowers: boolean("email_new_followers").notNull().default(true),
    /** Likes and comments on the person's posts in the daily digest. */
    emailPostActivity: boolean("email_post_activity").notNull().default(true),
    /** When the person's last daily digest was written: at most one in 24 hours. */
    digestSentAt: timestamp("digest_sent_at", { withTimezone: true }),
    /** 'Who can message me' (docs/mail.md "Who can be written to"): who may start a conversation
     * with the person, here or by e-mail from outside. */
    whoCanMessage: text("who_can_message").$type<WhoMay>().notNull().default("everyone"),
  },
  (t) => [
    check(
      "mail_preferences_who_can_message_check",
      sql`${t.whoCanMessage} in ('everyone', 'following', 'friends', 'nobody')`,
    ),
  ],
);
