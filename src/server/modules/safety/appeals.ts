// Appeals (docs/safety.md "Appeals"): a person appeals a removal, restriction or suspension taken
// on them, once, while it counts; moderators list the appeals with the action's whole record and
// approve (the action undone exactly, and off the record) or reject (with a reason). Either
// decision is an audit row, and reaches the person as a notice, an e-mail and a push. The
// moderator who took an action does not decide its appeal, nor anyone their own.
import type { AppealDecision, QueuedAppeal } from "../../../domain/contracts/appeals";
import { ERROR_CODES } from "../../../domain/error-codes";
import {
  isEnforcing,
  STANDING_ACTIONS,
  type StandingAction,
  standingStates,
} from "../../../domain/moderation-standing";
import type { ReportReason, ReportTarget } from "../../../domain/report-reasons";
import { longDateLabel } from "../../../domain/time-labels";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { decodeUuidCursor, pageOf } from "../../db/keyset";
import { badRequest, conflict, notFound } from "../../errors";
import {
  type AppealRow,
  appealById,
  appealQueue,
  decideAppealOnce,
  fileAppealRow,
} from "../audit/appeals";
import {
  actionsOnPerson,
  logModerationAction,
  type ModerationActionRow,
  markActionReversed,
  moderationActionById,
} from "../audit/record";
import { peopleById } from "../profiles/rows";
import { undoAction } from "./appeal-undo";
import { tellPerson } from "./moderation-effects";
import { appealViewOf, standingEntry } from "./standing";
import { resolveTarget } from "./targets";

type Deps = Pick<AppContext, "db" | "outbox" | "config">;

const NO_SUCH_ACTION = "There is no such action on your account.";

/** How long the restores read to know whether an action was lifted since. */
const RESTORES_READ = 200;

/** The action taken on `userId`, with its state at `now`; 404 for anyone else's or an unknown id. */
async function ownAction(
  db: Db,
  { userId, actionId, now }: { userId: string; actionId: string; now: Date },
) {
  const action = await moderationActionById(db, actionId);
  if (
    !action ||
    action.targetUserId !== userId ||
    !(STANDING_ACTIONS as readonly string[]).includes(action.action)
  ) {
    throw notFound(NO_SUCH_ACTION);
  }
  const restores = await actionsOnPerson(db, {
    userId,
    actions: ["restore"],
    limit: RESTORES_READ,
  });
  const state = standingStates([action, ...restores].map(standingEntry), now).get(action.id);
  return { action, state };
}

/** Files the person's appeal of one action; its id. One per action: a second (or one sent at the
 * same moment) is a 409 by the unique index. */
export async function appealAction(
  deps: Pick<AppContext, "db" | "outbox">,
  input: { userId: string; actionId: string; text: string; now: Date },
): Promise<string> {
  const { action, state } = await ownAction(deps.db, input);
  if (!isEnforcing(action.action)) {
    throw conflict(
      ERROR_CODES.conflict,
      "Only a removal, restriction or suspension can be appealed.",
    );
  }
  if (state === "expired") {
    throw conflict(
      ERROR_CODES.conflict,
      "This action is more than a year old and no longer counts, so it cannot be appealed.",
    );
  }
  if (state !== "active") throw conflict(ERROR_CODES.conflict, "This action was undone already.");
  return deps.outbox.transaction(async (tx) => {
    const id = await fileAppealRow(tx, {
      actionId: action.id,
      userId: input.userId,
      text: input.text,
      createdAt: input.now,
    });
    if (!id) throw conflict(ERROR_CODES.conflict, "You already appealed this action.");
    return id;
  });
}

/** One of the person's appeals, as Account standing shows it (a repeated request's answer). */
export async function appealOf(db: Db, { userId, id }: { userId: string; id: string }) {
  const row = await appealById(db, id);
  if (!row || row.userId !== userId) throw notFound("That appeal does not exist.");
  return appealViewOf(row);
}

/** The moderators' queue: open appeals newest first, or decided ones by their decision. */
export async function listAppeals(
  db: Db,
  {
    status,
    limit,
    cursor,
  }: { status: "open" | "decided"; limit: number; cursor?: string | undefined },
): Promise<{ items: QueuedAppeal[]; nextCursor: string | null }> {
  const rows = await appealQueue(db, { status, limit, after: decodeUuidCursor(cursor) });
  const { page, nextCursor } = pageOf(rows, limit, (r) => ({
    at: (status === "open" ? r.appeal.createdAt : r.appeal.decidedAt) ?? r.appeal.createdAt,
    id: r.appeal.id,
  }));
  const people = await peopleById(db, [
    ...new Set(
      page.flatMap((r) =>
        [r.appeal.userId, r.action.moderatorId, r.appeal.decidedBy].filter(
          (id): id is string => id !== null,
        ),
      ),
    ),
  ]);
  const items: QueuedAppeal[] = [];
  for (const { appeal, action } of page) {
    const person = people.get(appeal.userId);
    if (!person) continue;
    const content =
      action.targetType === "profile"
        ? null
        : await resolveTarget(db, action.targetType as ReportTarget, action.targetId);
    items.push({
      id: appeal.id,
      text: appeal.text,
      status: appeal.status as QueuedAppeal["status"],
      createdAt: appeal.createdAt.toISOString(),
      person,
      action: {
        id: action.id,
        action: action.action as StandingAction,
        targetType: action.targetType as ReportTarget,
        targetId: action.targetId,
        rule: (action.rule as ReportReason | null) ?? null,
        reason: action.reason,
        until: action.until?.toISOString() ?? null,
        createdAt: action.createdAt.toISOString(),
        moderator: people.get(action.moderatorId) ?? null,
        reversedAt: action.reversedAt?.toISOString() ?? null,
      },
      content: content
        ? {
            text: content.text,
            imageUrl: content.imageUrl,
            context: content.context,
            href: content.href,
            removed: content.removed,
          }
        : null,
      decision: appeal.decidedAt
        ? {
            by: (appeal.decidedBy && people.get(appeal.decidedBy)) || null,
            reason: appeal.decisionReason,
            at: appeal.decidedAt.toISOString(),
          }
        : null,
    });
  }
  return { items, nextCursor };
}

/** What the appeal was of, in the notice: 'the removal of your post on March 3, 2027'. */
function appealed(action: ModerationActionRow): string {
  const on = `on ${longDateLabel(action.createdAt)}`;
  switch (action.action) {
    case "remove":
      return `the removal of your ${action.targetType} ${on}`;
    case "restrict":
      return `the restriction of your account ${on}`;
    default:
      return `the suspension of your account ${on}`;
  }
}

const UNDONE: Record<string, string> = {
  remove: "It is back where it was.",
  restrict: "You can post, comment, message and follow again.",
  suspend: "You can sign in again.",
};

function decisionText(
  action: ModerationActionRow,
  decision: AppealDecision["decision"],
  { reason, undone }: { reason: string | null; undone: boolean },
): string {
  if (decision === "reject") {
    return `A moderator rejected your appeal of ${appealed(action)}. Reason: ${reason ?? ""}`;
  }
  return [
    `A moderator approved your appeal of ${appealed(action)}: it no longer counts against your account.`,
    undone ? UNDONE[action.action] : null,
    reason ? `Note: ${reason}` : null,
  ]
    .filter((part) => part !== null)
    .join(" ");
}

/** Approves (undoing the action exactly) or rejects an open appeal, once. */
export async function decideAppeal(
  deps: Deps,
  input: {
    moderatorId: string;
    appealId: string;
    decision: AppealDecision["decision"];
    reason?: string | undefined;
    now?: Date;
  },
): Promise<{ status: "approved" | "rejected"; undone: boolean }> {
  const now = input.now ?? new Date();
  const appeal: AppealRow | undefined = await appealById(deps.db, input.appealId);
  if (!appeal) throw notFound("That appeal does not exist.");
  if (appeal.status !== "open")
    throw conflict(ERROR_CODES.conflict, "This appeal was already decided.");
  const action = await moderationActionById(deps.db, appeal.actionId);
  if (!action) throw notFound("That appeal does not exist.");
  if (appeal.userId === input.moderatorId) {
    throw badRequest(ERROR_CODES.validation, "You cannot decide your own appeal.");
  }
  if (action.moderatorId === input.moderatorId) {
    throw badRequest(
      ERROR_CODES.validation,
      "You took this action: another moderator decides its appeal.",
    );
  }
  const reason = input.reason ? input.reason : null;
  const status = input.decision === "approve" ? "approved" : "rejected";
  return deps.outbox.transaction(async (tx, fx) => {
    // First, so two decisions at once make one: the row stays locked until the commit.
    const decided = await decideAppealOnce(tx, {
      id: appeal.id,
      status,
      decidedBy: input.moderatorId,
      reason,
      at: now,
    });
    if (!decided) throw conflict(ERROR_CODES.conflict, "This appeal was already decided.");
    let undone = false;
    if (status === "approved") {
      undone = await undoAction(tx, fx, { action, now });
      await markActionReversed(tx, { id: action.id, at: now });
    }
    await logModerationAction(tx, {
      moderatorId: input.moderatorId,
      action: status === "approved" ? "approve_appeal" : "reject_appeal",
      targetType: action.targetType as ReportTarget,
      targetId: action.targetId,
      targetUserId: action.targetUserId,
      reason: reason ?? "Approved the appeal",
      createdAt: now,
    });
    const text = decisionText(action, input.decision, { reason, undone });
    await tellPerson(tx, fx, deps, { userId: appeal.userId, text, now });
    return { status, undone };
  });
}
