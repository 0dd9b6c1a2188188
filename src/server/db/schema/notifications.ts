// Notification settings (docs/notifications.md "Kinds and channels"): a row per switch a person
// set, kind by channel (no row: the default of domain/contracts/notification-settings.ts), and a
// row of the rest: message previews in pushes and quiet hours.
import { sql } from "drizzle-orm";
import { boolean, check, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { users } from "./auth";

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
  },
  (t) => [
    check(
      "notification_settings_quiet_hours",
      sql`(${t.quietStart} is null) = (${t.quietEnd} is null) and (${t.quietStart} is null) = (${t.timeZone} is null)`,
    ),
  ],
);
