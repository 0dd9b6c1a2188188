// A person's standing (docs/safety.md "Moderate", "Account standing"): their roles, the read-only
// restriction, the notices moderation leaves them (modules/audit), and every action taken on them
// with its state and appeal. Who holds a role is a rule (src/server/policy/roles.ts), and so is
// whether a restricted or suspended person may write or sign in (src/server/policy/restrictions.ts).

import type {
  AppealView,
  StandingActions,
  StandingActionView,
} from "../../../domain/contracts/appeals";
import type { Standing } from "../../../domain/contracts/safety";
import {
  isEnforcing,
  STANDING_ACTIONS,
  type StandingAction,
  type StandingEntry,
  type StandingState,
  standingStates,
} from "../../../domain/moderation-standing";
import type { ReportReason, ReportTarget } from "../../../domain/report-reasons";
import type { Db } from "../../db/client";
import { type RoleDeps, rolesOf } from "../../policy/roles";
import { type AppealRow, appealsOf } from "../audit/appeals";
import { actionsOnPerson, type ModerationActionRow, noticesFor } from "../audit/record";
import { resolveTarget, snippet } from "./targets";

/** Account standing lists at most this many actions, newest first. */
const STANDING_LIMIT = 200;

export async function standingOf(
  deps: RoleDeps,
  userId: string,
  now = new Date(),
): Promise<Standing> {
  const { admin, moderator, restrictedUntil } = await rolesOf(deps, userId);
  return {
    moderator,
    admin,
    restrictedUntil:
      restrictedUntil && restrictedUntil > now ? restrictedUntil.toISOString() : null,
    notices: await noticesFor(deps.db, userId),
  };
}

export const standingEntry = (row: ModerationActionRow): StandingEntry => ({
  id: row.id,
  action: row.action as StandingAction,
  targetType: row.targetType,
  targetId: row.targetId,
  createdAt: row.createdAt,
  reversedAt: row.reversedAt,
});

/** An appeal as its author sees it. */
export const appealViewOf = (row: AppealRow): AppealView => ({
  id: row.id,
  text: row.text,
  status: row.status as AppealView["status"],
  createdAt: row.createdAt.toISOString(),
  decisionReason: row.decisionReason,
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

/** What the person sees of the thing an action was about: their own words, and the post's page
 * while it is there. Null for an action on the account. */
async function contentOf(db: Db, row: ModerationActionRow): Promise<StandingActionView["content"]> {
  if (row.targetType === "profile") return null;
  const target = await resolveTarget(db, row.targetType as ReportTarget, row.targetId);
  if (!target) return { excerpt: null, href: null };
  return {
    excerpt: target.text ? snippet(target.text) : null,
    href: row.targetType === "post" && !target.removed ? target.href : null,
  };
}

/** Every action taken on the person, newest first, each with what it was about, the rule, the
 * moderator's note to them (never the moderator), its state at `now` and its appeal. */
export async function standingActions(
  db: Db,
  { userId, now }: { userId: string; now: Date },
): Promise<StandingActions> {
  const rows = await actionsOnPerson(db, {
    userId,
    actions: STANDING_ACTIONS,
    limit: STANDING_LIMIT,
  });
  const states = standingStates(rows.map(standingEntry), now);
  const appeals = new Map(
    (
      await appealsOf(
        db,
        rows.map((r) => r.id),
      )
    ).map((a) => [a.actionId, a]),
  );
  const items: StandingActionView[] = [];
  // A person has few actions; each one's content is one read (two for a comment's post page).
  for (const row of rows) {
    const state = states.get(row.id) ?? null;
    const appeal = appeals.get(row.id);
    items.push({
      id: row.id,
      action: row.action as StandingAction,
      createdAt: row.createdAt.toISOString(),
      until: row.until?.toISOString() ?? null,
      targetType: row.targetType as ReportTarget,
      content: await contentOf(db, row),
      rule: (row.rule as ReportReason | null) ?? null,
      reason: row.reason,
      state,
      appeal: appeal ? appealViewOf(appeal) : null,
      appealable: appealable(row, state, appeal),
    });
  }
  return { activeCount: items.filter((item) => item.state === "active").length, items };
}

/** A removal, restriction or suspension that still counts and has no appeal yet. */
export const appealable = (
  row: ModerationActionRow,
  state: StandingState | null,
  appeal: AppealRow | undefined,
) => isEnforcing(row.action) && state === "active" && !appeal;
