// Notification settings (docs/notifications.md "Kinds and channels"): a row per switch a person
// set, kind by channel (no row: the default of domain/contracts/notification-settings.ts), and a
// row of the rest: message previews in pushes, quiet hours and the filter of new accounts; and the
// senders a person accepted out of the filter's Requests (docs/notifications.md "Requests").
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { fedActors } from "./federation";

export const notificationChoices = pgTable(
  "notification_choices",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    channel: text("channel").notNull(),
    enabled: boolean("enabled").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
);

export const notificationSettings = pgTable(
  "notification_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A message's push shows its words; off, it says only who wrote. */
    messagePreviews: boolean("message_previews").notNull().default(false),
    /** Quiet hours: minutes after local midnight, in `time_zone`; all three or none. */
    quietStart: smallint("quiet_start"),
    quietEnd: smallint("quiet_end"),
    timeZone: text("time_zone"),
    /** Comments, replies, mentions and new threads from accounts under 30 days old wait under
     * Requests instead of notifying (docs/notifications.md "Requests"). */
    filterNewAccounts: boolean("filter_new_accounts").notNull().default(false),
  },
  (t) => [
    check(
      "notification_settings_quiet_hours",
      sql`(${t.quietStart} is null) = (${t.quietEnd} is null) and (${t.quietStart} is null) = (${t.timeZone} is null)`,
    ),
  ],
);

/** A sender the person accepted out of Requests: their comments and messages notify as anyone's.
 * One of ours (`sender_id`) or someone elsewhere (`fed_actor_id`), never both. */
export const acceptedSenders = pgTable(
  "accepted_senders",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    senderId: text("sender_id").references(() => users.id, { onDelete: "cascade" }),
    fedActorId: uuid("fed_actor_id").references(() => fedActors.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("accepted_senders_local_idx")
      .on(t.userId, t.senderId)
      .where(sql`${t.senderId} is not null`),
    uniqueIndex("accepted_senders_elsewhere_idx")
      .on(t.userId, t.fedActorId)
      .where(sql`${t.fedActorId} is not null`),
    /** An account's deletion finds the rows that name it. */
    index("accepted_senders_sender_idx").on(t.senderId),
    check("accepted_senders_one_sender", sql`(${t.senderId} is null) <> (${t.fedActorId} is null)`),
  ],
);
