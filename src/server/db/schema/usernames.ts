// Reserved usernames bought by yearly subscription (spec-2 §4, §7, §9; docs/usernames.md).
// A checkout is a 30-minute hold on a name for one buyer; a subscription is a paid name; a
// released name redirects to its former owner for 90 days and is held back 90 more.

import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at } from "../columns";
import { users } from "./auth";

export const usernameCheckouts = pgTable(
  "username_checkouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    lookupKey: text("lookup_key").notNull(),
    provider: text("provider").notNull(),
    /** The provider's checkout session id, known once the provider answered. */
    sessionId: text("session_id"),
    /** open (the hold), complete, canceled, expired, failed (provider refused), refused (lost). */
    status: text("status").notNull().default("open"),
    expiresAt: at("expires_at").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    completedAt: at("completed_at"),
  },
  (t) => [
    // At most one hold per name: the database, not a check before an insert, settles a race.
    uniqueIndex("username_checkouts_open_name_idx").on(t.name).where(sql`${t.status} = 'open'`),
    uniqueIndex("username_checkouts_session_idx").on(t.sessionId),
    index("username_checkouts_open_expiry_idx").on(t.expiresAt).where(sql`${t.status} = 'open'`),
    index("username_checkouts_user_idx").on(t.userId),
  ],
);

export const usernameSubscriptions = pgTable(
  "username_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    lookupKey: text("lookup_key").notNull(),
    provider: text("provider").notNull(),
    providerSubscriptionId: text("provider_subscription_id").notNull(),
    providerCustomerId: text("provider_customer_id"),
    /** active, grace (lapsed, still theirs until grace_ends_at), ended. */
    status: text("status").notNull().default("active"),
    currentPeriodEnd: at("current_period_end").notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    graceEndsAt: at("grace_ends_at"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("username_subscriptions_provider_id_idx").on(t.providerSubscriptionId),
    uniqueIndex("username_subscriptions_live_name_idx")
      .on(t.name)
      .where(sql`${t.status} <> 'ended'`),
    uniqueIndex("username_subscriptions_live_user_idx")
      .on(t.userId)
      .where(sql`${t.status} <> 'ended'`),
    index("username_subscriptions_grace_idx").on(t.graceEndsAt).where(sql`${t.status} = 'grace'`),
    index("username_subscriptions_period_idx")
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} = 'active'`),
  ],
);

export const releasedUsernames = pgTable(
  "released_usernames",
  {
    name: text("name").primaryKey(),
    formerUserId: text("former_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Until then /{name} redirects to the former owner's profile. */
    redirectUntil: at("redirect_until").notNull(),
    /** Until then only the former owner may buy the name back. */
    heldUntil: at("held_until").notNull(),
  },
  (t) => [index("released_usernames_held_idx").on(t.heldUntil)],
);

/** Provider webhook events already applied, so a redelivery changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: at("received_at").notNull().defaultNow(),
});

/** The built-in test provider's checkout sessions (no STRIPE_SECRET_KEY): its record of payment. */
export const testPaymentSessions = pgTable("test_payment_sessions", {
  id: text("id").primaryKey(),
  /** paid or declined once the test page was answered. */
  outcome: text("outcome"),
  subscriptionId: text("subscription_id").notNull(),
  paidAt: at("paid_at"),
  createdAt: at("created_at").notNull().defaultNow(),
});
