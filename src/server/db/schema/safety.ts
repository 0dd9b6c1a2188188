// Blocks, mutes, muted words and reports (docs/safety.md); the audit log is in audit.ts. A block
// hides two people from each other everywhere; a mute hides one person's posts and comments from
// the muter only; a muted word collapses the matching items for the person who chose it.

import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { MutedWordContext, MutedWordDuration } from "../../../domain/muted-words";
import { at, personRef as person } from "../columns";

export const blocks = pgTable(
  "blocks",
  {
    blockerId: person("blocker_id"),
    blockedId: person("blocked_id"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("blocks_blocked_idx").on(t.blockedId, t.blockerId),
    index("blocks_blocker_created_idx").on(t.blockerId, t.createdAt.desc(), t.blockedId.desc()),
  ],
);

export const mutes = pgTable(
  "mutes",
  {
    muterId: person("muter_id"),
    mutedId: person("muted_id"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.muterId, t.mutedId] }),
    index("mutes_muter_created_idx").on(t.muterId, t.createdAt.desc(), t.mutedId.desc()),
  ],
);

export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: person("reporter_id"),
    /** profile, post, comment or message. */
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    /** Whose the target is: the profile itself or the author. */
    targetUserId: person("target_user_id"),
    reason: text("reason").notNull(),
    details: text("details"),
    /** open until a moderator acts on the target; then closed with the action taken. */
    status: text("status").notNull().default("open"),
    resolution: text("resolution"),
    createdAt: at("created_at").notNull().defaultNow(),
    resolvedAt: at("resolved_at"),
  },
  (t) => [
    index("reports_target_idx").on(t.targetType, t.targetId, t.createdAt.desc()),
    index("reports_open_idx").on(t.createdAt.desc()).where(sql`${t.status} = 'open'`),
    index("reports_closed_idx").on(t.resolvedAt.desc()).where(sql`${t.status} = 'closed'`),
    // One open report per reporter and target: reporting again answers with the open one
    // (docs/safety.md "Report").
    uniqueIndex("reports_open_reporter_target_idx")
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** A person's muted words (docs/safety.md "Muted words"): the entry as written, its key (two
 * entries with one key match the same texts), where it applies, for how long and until when
 * (null: never). An expired entry stays listed until renewed or removed. */
export const mutedWords = pgTable(
  "muted_words",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: person("user_id"),
    text: text("text").notNull(),
    key: text("key").notNull(),
    /** Some of feed, comments, mail. */
    contexts: text("contexts").array().$type<MutedWordContext[]>().notNull(),
    /** How long it was last chosen for: a renewal in one click is for as long again. */
    duration: text("duration").$type<MutedWordDuration>().notNull(),
    expiresAt: at("expires_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("muted_words_user_key_idx").on(t.userId, t.key)],
);
