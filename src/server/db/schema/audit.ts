// The record moderation keeps (docs/safety.md "Audit log"): every action a moderator takes, and the
// notices that tell the affected person on their next visit.

import { sql } from "drizzle-orm";
import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
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
    reason: text("reason").notNull(),
    until: at("until"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("moderation_actions_created_idx").on(t.createdAt.desc(), t.id.desc())],
);

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
