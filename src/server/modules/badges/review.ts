// The moderators' side of badge requests (docs/safety.md "Badges"): the queue, the document, and
// the decisions. Approving sets the mark at once (profile.changed); denying and asking tell the
// person why or what; an admin may revoke an approved mark. Every decision is a row of the audit
// log (moderation_actions) and a notice with its e-mail, all in the decision's transaction.
// Precedence (docs/profiles-and-media.md "Badges"): yellow wins over black; revoking yellow falls
// back to black while the face verification stands.
import {
  BADGE_NAMES,
  type BadgeDecision,
  type BadgeKind,
  type BadgeStatus,
  type QueuedBadgeRequest,
} from "../../../domain/contracts/badges";
import { ERROR_CODES } from "../../../domain/error-codes";
import { longDateLabel } from "../../../domain/time-labels";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { badRequest, conflict, notFound } from "../../errors";
import { moderationMail } from "../../infra/safety-mails";
import type { Effects } from "../../outbox/outbox";
import { requireAdmin } from "../../policy/roles";
import { leaveNotice, logModerationAction } from "../audit/record";
import { channelsFor } from "../notification-settings/channels";
import { setBadges } from "../profiles/badges-and-names";
import { toPersonSummary } from "../profiles/person";
import { peopleById } from "../profiles/rows";
import { tellByPush } from "../push/tell";
import { askAgainAt, presentQueued } from "./present";
import { contentTypeOf, type ProofName, proofNameOfUrl, readProof } from "./proof-store";
import {
  type BadgeRequestRow,
  badgeStateOf,
  isProofKept,
  lockRequest,
  queuePage,
  updateRequest,
} from "./queries";

type Deps = Pick<AppContext, "db" | "outbox" | "config" | "captures">;

export async function badgeQueue(
  deps: Pick<Deps, "db">,
  query: { status: BadgeStatus; limit: number; cursor?: string | undefined },
): Promise<{ items: QueuedBadgeRequest[]; nextCursor: string | null }> {
  const { page, nextCursor } = await queuePage(deps.db, query);
  const byId = await peopleById(
    deps.db,
    page.map((r) => r.request.decidedBy).filter((id): id is string => id !== null),
  );
  return {
    items: page.map(({ request, person }) =>
      presentQueued(
        request,
        toPersonSummary(person),
        (request.decidedBy && byId.get(request.decidedBy)) || null,
      ),
    ),
    nextCursor,
  };
}

/** The document of a request still kept, for moderators (the routes check the role). */
export async function readProofForReview(
  deps: Pick<Deps, "db" | "captures">,
  name: ProofName,
): Promise<{ bytes: Buffer; contentType: string }> {
  const url = `/api/badges/proofs/${name.user}/${name.file}`;
  if (!proofNameOfUrl(url) || !(await isProofKept(deps.db, url))) throw notFound();
  const bytes = await readProof(deps.captures, name);
  if (!bytes) throw notFound();
  return { bytes, contentType: contentTypeOf(name.file) };
}

const ACTION_VERBS = { approve: "approve", deny: "deny", ask: "ask", revoke: "revoke" } as const;

/** What the person is told of a decision. */
function noticeText(decision: BadgeDecision, kind: BadgeKind, askAgain: Date | null): string {
  const name = BADGE_NAMES[kind];
  switch (decision.decision) {
    case "approve":
      return `A moderator approved your request: your profile now shows the ${name}.`;
    case "deny":
      return `A moderator denied your request for the ${name}. Reason: ${decision.message} You can ask again on ${longDateLabel(askAgain ?? new Date())}.`;
    case "ask":
      return `A moderator has a question about your request for the ${name}: ${decision.message} Answer it on your Edit Profile page.`;
    case "revoke":
      return `An admin removed the ${name} from your profile. Reason: ${decision.message}`;
  }
}

const OPEN: readonly string[] = ["open", "more_info"];

/** The request's next status, or a refusal when the decision does not fit its state. */
function nextStatus(row: BadgeRequestRow, decision: BadgeDecision["decision"]): BadgeStatus {
  if (decision === "revoke") {
    if (row.status !== "approved")
      throw conflict(ERROR_CODES.conflict, "Only an approved mark can be revoked.");
    return "revoked";
  }
  if (!OPEN.includes(row.status)) {
    throw conflict(ERROR_CODES.conflict, "This request was already decided.");
  }
  return decision === "approve" ? "approved" : decision === "deny" ? "denied" : "more_info";
}

/** The profile's marks after the decision (precedence: yellow over black). */
async function applyToProfile(
  tx: Db,
  { row, status, now }: { row: BadgeRequestRow; status: BadgeStatus; now: Date },
): Promise<boolean> {
  if (status !== "approved" && status !== "revoked") return false;
  const granted = status === "approved";
  if (row.kind === "veteran") {
    await setBadges(tx, row.userId, { veteran: granted, now });
    return true;
  }
  const state = await badgeStateOf(tx, row.userId);
  const fallback = state?.faceVerifiedAt ? "black" : "none";
  await setBadges(tx, row.userId, { verificationType: granted ? "yellow" : fallback, now });
  return true;
}

async function tell(
  deps: Pick<Deps, "config">,
  tx: Db,
  fx: Effects,
  input: { userId: string; text: string; email: string; approved: boolean; now: Date },
) {
  const { userId, text, email, approved, now } = input;
  await leaveNotice(tx, { userId, text, createdAt: now });
  const channels = await channelsFor(tx, { userId, kind: "badge", now });
  if (channels.email) {
    fx.mail(
      moderationMail({
        siteName: deps.config.siteName,
        to: email,
        text,
        link: deps.config.publicUrl,
      }),
      channels.holdUntil,
    );
  }
  await tellByPush(tx, fx, { recipientId: userId, notice: { kind: "badge", approved } });
}

export async function decideBadgeRequest(
  deps: Deps,
  input: { moderatorId: string; requestId: string; decision: BadgeDecision; now: Date },
): Promise<QueuedBadgeRequest> {
  const { moderatorId, decision, now } = input;
  if (decision.decision === "revoke") await requireAdmin(deps, moderatorId, "badge.revoke");
  const decided = await deps.outbox.transaction(async (tx, fx) => {
    const row = await lockRequest(tx, input.requestId);
    if (!row) throw notFound();
    if (row.userId === moderatorId) {
      throw badRequest(ERROR_CODES.validation, "You cannot decide your own request.");
    }
    const status = nextStatus(row, decision.decision);
    const message = decision.decision === "approve" ? null : decision.message;
    const values =
      decision.decision === "ask"
        ? { status, question: message, answer: null, updatedAt: now }
        : { status, reason: message, decidedBy: moderatorId, decidedAt: now, updatedAt: now };
    await updateRequest(tx, row.id, values);
    const after: BadgeRequestRow = { ...row, ...values };
    if (await applyToProfile(tx, { row, status, now })) {
      fx.publish({ type: "profile.changed", userId: row.userId });
    }
    await logModerationAction(tx, {
      moderatorId,
      action: `${ACTION_VERBS[decision.decision]}_${row.kind}`,
      targetType: "profile",
      targetId: row.userId,
      targetUserId: row.userId,
      reason: message ?? `Approved the ${BADGE_NAMES[row.kind as BadgeKind]}`,
      createdAt: now,
    });
    const person = await badgeStateOf(tx, row.userId);
    if (person) {
      const text = noticeText(decision, row.kind as BadgeKind, askAgainAt(after));
      const approved = decision.decision === "approve";
      await tell(deps, tx, fx, { userId: row.userId, text, email: person.email, approved, now });
    }
    return after;
  });
  const people = await peopleById(deps.db, [decided.userId, moderatorId]);
  const person = people.get(decided.userId);
  if (!person) throw notFound();
  const decider = (decided.decidedBy && people.get(moderatorId)) || null;
  return presentQueued(decided, person, decider);
}
