// Badge requests as their owner and as moderators see them (docs/safety.md "Badges").
import {
  BADGE_RETRY_DAYS,
  type BadgeKind,
  type BadgeStatus,
  type OwnBadgeRequest,
  PROOF_TYPES,
  type ProofType,
  type QueuedBadgeRequest,
  YELLOW_CATEGORIES,
  type YellowCategory,
} from "../../../domain/contracts/badges";
import type { PersonSummary } from "../../../domain/contracts/follows";
import type { BadgeRequestRow } from "./queries";

const DAY_MS = 86_400_000;

/** A denied person may ask again this long after the decision. */
export const askAgainAt = (row: BadgeRequestRow): Date | null =>
  row.status === "denied" && row.decidedAt
    ? new Date(row.decidedAt.getTime() + BADGE_RETRY_DAYS * DAY_MS)
    : null;

const asCategory = (value: string | null): YellowCategory | null =>
  YELLOW_CATEGORIES.find((c) => c === value) ?? null;

const asProofType = (value: string | null): ProofType | null =>
  PROOF_TYPES.find((t) => t === value) ?? null;

export function presentOwn(row: BadgeRequestRow): OwnBadgeRequest {
  return {
    id: row.id,
    kind: row.kind as BadgeKind,
    status: row.status as BadgeStatus,
    category: asCategory(row.category),
    officialName: row.officialName,
    links: row.links,
    orgEmail: row.orgEmail,
    orgEmailConfirmed: row.orgEmailConfirmedAt !== null,
    hasProof: row.proofUrl !== null,
    question: row.question,
    answer: row.answer,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    askAgainAt: askAgainAt(row)?.toISOString() ?? null,
  };
}

export function presentQueued(
  row: BadgeRequestRow,
  person: PersonSummary,
  decidedBy: PersonSummary | null,
): QueuedBadgeRequest {
  return {
    ...presentOwn(row),
    person,
    proofUrl: row.proofUrl,
    proofType: row.proofUrl ? asProofType(row.proofType) : null,
    proofDeleted: row.proofDeletedAt !== null,
    decidedBy,
  };
}
