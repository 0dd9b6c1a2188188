// The record moderation keeps (docs/safety.md "Audit log"): every action a moderator takes, and the
// notices that tell the affected person on their next visit.

import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at, personRef as person } from "../columns";
import { users } from "./auth";

/** Every moderator action: who, what, on whom, why, when (docs/safety.md "Audit log"). */
export const moderationActions = pgTable(
  "moderation_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    moderatorId: person("moderator_id"),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    targetUserId: text("target_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The moderator's note to the person: why, in words. */
    reason: text("reason").notNull(),
    /** The rule the action enforces (a report reason: spam, harassment, …); null for a dismissal,
     * a restore or a role grant, which enforce none. */
    rule: text("rule"),
    /** The moderator's optional note to the people whose reports the action closed
     * (docs/safety.md "Reporters hear back"). */
    reporterNote: text("reporter_note"),
    until: at("until"),
    /** When an approved appeal undid the action (docs/safety.md "Appeals"). */
    reversedAt: at("reversed_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("moderation_actions_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("moderation_actions_target_user_idx").on(t.targetUserId, t.createdAt.desc()),
  ],
);

/** A person's appeal of one action taken on them: one per action, decided once. */
export const moderationAppeals = pgTable(
  "moderation_appeals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actionId: uuid("action_id")
      .notNull()
      .references(() => moderationActions.id, { onDelete: "cascade" }),
    userId: person("user_id"),
    text: text("text").notNull(),
    /** open, approved or rejected. */
    status: text("status").notNull().default("open"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** Required to reject; optional to approve. */
    decisionReason: text("decision_reason"),
    createdAt: at("created_at").notNull().defaultNow(),
    decidedAt: at("decided_at"),
  },
  (t) => [
    uniqueIndex("moderation_appeals_action_idx").on(t.actionId),
    index("moderation_appeals_open_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'open'`),
  ],
);

/** The moderators' written statement for a year's transparency report. */
export const transparencyStatements = pgTable("transparency_statements", {
  year: integer("year").primaryKey(),
  text: text("text").notNull(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/** What the affected person is told, shown once on their next visit. */
export const moderationNotices = pgTable(
  "moderation_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: person("user_id"),
    text: text("text").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    seenAt: at("seen_at"),
  },
  (t) => [index("moderation_notices_unseen_idx").on(t.userId).where(sql`${t.seenAt} is null`)],
);
