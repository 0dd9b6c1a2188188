// Test fixtures: rows of reports, moderation actions, appeals and reports across servers written
// straight into their tables at chosen moments, for tests that count them over years (the
// transparency report). The use-cases write them only at the present moment, and appeals are
// filed and decided elsewhere, so these rows stand in for what they would have written.
import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import { moderationActions, moderationAppeals } from "../db/schema/audit";
import { fedFlags } from "../db/schema/federation";
import { reports } from "../db/schema/safety";

export async function insertReportRow(
  db: Db,
  row: {
    reporterId: string;
    targetUserId: string;
    reason: string;
    createdAt: Date;
    /** Closed then, by an action on its target; open when absent. */
    resolvedAt?: Date;
  },
): Promise<void> {
  await db.insert(reports).values({
    reporterId: row.reporterId,
    targetType: "post",
    targetId: randomUUID(),
    targetUserId: row.targetUserId,
    reason: row.reason,
    status: row.resolvedAt ? "closed" : "open",
    resolution: row.resolvedAt ? "remove" : null,
    createdAt: row.createdAt,
    resolvedAt: row.resolvedAt ?? null,
  });
}

export async function insertActionRow(
  db: Db,
  row: {
    moderatorId: string;
    action: string;
    targetUserId: string | null;
    createdAt: Date;
    targetType?: string;
    rule?: string | null;
    reversedAt?: Date;
  },
): Promise<string> {
  const targetType = row.targetType ?? "profile";
  const [inserted] = await db
    .insert(moderationActions)
    .values({
      moderatorId: row.moderatorId,
      action: row.action,
      targetType,
      targetId: targetType === "profile" && row.targetUserId ? row.targetUserId : randomUUID(),
      targetUserId: row.targetUserId,
      reason: "fixture",
      rule: row.rule ?? null,
      createdAt: row.createdAt,
      reversedAt: row.reversedAt ?? null,
    })
    .returning({ id: moderationActions.id });
  if (!inserted) throw new Error("action row not written");
  return inserted.id;
}

export async function insertAppealRow(
  db: Db,
  row: {
    actionId: string;
    userId: string;
    createdAt: Date;
    /** Decided then, approved or rejected; open when absent. */
    decided?: { status: "approved" | "rejected"; at: Date; by: string };
  },
): Promise<void> {
  await db.insert(moderationAppeals).values({
    actionId: row.actionId,
    userId: row.userId,
    text: "Please look again.",
    status: row.decided?.status ?? "open",
    decidedBy: row.decided?.by ?? null,
    decisionReason: row.decided?.status === "rejected" ? "The rule was broken." : null,
    createdAt: row.createdAt,
    decidedAt: row.decided?.at ?? null,
  });
}

export async function insertFlagRow(
  db: Db,
  row: { direction: "in" | "out"; createdAt: Date },
): Promise<void> {
  await db.insert(fedFlags).values({
    direction: row.direction,
    flagUri: `https://elsewhere.example/flags/${randomUUID()}`,
    reporter: "https://elsewhere.example/users/someone",
    host: "elsewhere.example",
    objects: [],
    createdAt: row.createdAt,
  });
}
