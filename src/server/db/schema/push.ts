// Web push (docs/notifications.md "Push"): the browsers a person subscribed, one row per push
// service endpoint, and the person's push switches per kind (no row: every kind on, message
// previews off).
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The push service's URL for this browser: a capability, unique across everyone. */
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret (base64url), for the payload's encryption. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** What Settings shows for it: the browser and system its User-Agent named. */
    label: text("label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** When the push service last took a push for it. */
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId, t.createdAt),
  ],
);

export const pushPreferences = pgTable("push_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  likes: boolean("likes").notNull().default(false),
  comments: boolean("comments").notNull().default(true),
  follows: boolean("follows").notNull().default(true),
  messages: boolean("messages").notNull().default(true),
  /** A message's push shows its words; off, it says only who wrote. */
  messagePreviews: boolean("message_previews").notNull().default(false),
});
