// Asking for a mark (docs/safety.md "Badges"; spec-1 §6, spec-2 §6 leave how yellow and the medal
// are earned open): the yellow badge with a category, the official name, public links and an
// optional organisation address confirmed by a code; the veteran medal with a document, once a
// military branch is set. One open request per person and kind; after a denial the person waits
// 30 days; a moderator's question is answered here, which puts the request back in the queue.
import {
  BADGE_LINKS_MAX,
  BADGE_NAMES,
  type BadgeKind,
  type OwnBadgeRequest,
  type OwnBadgeRequests,
  PROOF_MAX_BYTES,
  PROOF_TOO_LARGE,
} from "../../../domain/contracts/badges";
import { emailRefusalMessage } from "../../../domain/email";
import { ERROR_CODES } from "../../../domain/error-codes";
import { isAtDomainOfLinks, ORG_EMAIL_DOMAIN_MESSAGE } from "../../../domain/org-email";
import { OTP_RESEND_COOLDOWN_SECONDS } from "../../../domain/otp";
import { longDateLabel } from "../../../domain/time-labels";
import type { AppContext } from "../../context";
import { isUniqueViolation } from "../../db/errors";
import { checkMailedCode, issueMailedCode } from "../../db/mailed-codes";
import { badRequest, conflict, forbidden, notFound } from "../../errors";
import { orgEmailCodeMail } from "../../infra/safety-mails";
import type { Effects } from "../../outbox/outbox";
import { checkEmail } from "../auth/email-policy";
import { askAgainAt, presentOwn } from "./present";
import { removeProof, storeProof } from "./proof-store";
import {
  type BadgeRequestRow,
  badgeStateOf,
  insertRequest,
  latestRequestOf,
  latestRequestsOf,
  lockRequest,
  updateRequest,
} from "./queries";

type Deps = Pick<AppContext, "db" | "outbox" | "config" | "limits" | "captures">;

const isOpen = (row: BadgeRequestRow | undefined) =>
  row !== undefined && (row.status === "open" || row.status === "more_info");

const noOpenRequest = () => notFound("You have no open request.");

export async function listOwnRequests(
  deps: Pick<Deps, "db">,
  userId: string,
): Promise<OwnBadgeRequests> {
  const rows = await latestRequestsOf(deps.db, userId);
  const of = (kind: BadgeKind) => {
    const row = rows.find((r) => r.kind === kind);
    return row ? presentOwn(row) : null;
  };
  return { yellow: of("yellow"), veteran: of("veteran") };
}

/** The rules every new request meets: no badge yet, nothing open, no recent denial. */
async function assertMayAsk(
  deps: Pick<Deps, "db">,
  { userId, kind, now }: { userId: string; kind: BadgeKind; now: Date },
) {
  const state = await badgeStateOf(deps.db, userId);
  if (!state) throw noOpenRequest();
  const has = kind === "yellow" ? state.verificationType === "yellow" : state.veteran;
  if (has)
    throw conflict(ERROR_CODES.conflict, `Your profile already shows the ${BADGE_NAMES[kind]}.`);
  if (kind === "veteran" && !state.militaryBranch) {
    const message = "Set your military branch in your profile first.";
    throw badRequest(ERROR_CODES.validation, message, { militaryBranch: [message] });
  }
  const latest = await latestRequestOf(deps.db, { userId, kind });
  if (isOpen(latest)) throw alreadyOpen();
  const again = latest ? askAgainAt(latest) : null;
  if (again && again > now) {
    throw conflict(ERROR_CODES.conflict, `You can ask again on ${longDateLabel(again)}.`);
  }
}

const alreadyOpen = () =>
  conflict(ERROR_CODES.conflict, "You already have a request under review.");

/** The request row, or 409 when another one was opened at the same moment. */
async function insertOnce(
  tx: Parameters<typeof insertRequest>[0],
  values: Parameters<typeof insertRequest>[1],
) {
  try {
    return await insertRequest(tx, values);
  } catch (error) {
    if (isUniqueViolation(error, "badge_requests_one_open_idx")) throw alreadyOpen();
    throw error;
  }
}

const orgCode = (userId: string, email: string) => ({
  purpose: "badge-org-email",
  userId,
  subject: email,
});

/** Spends the sign-up code's send budgets for the organisation address (docs/operations.md
 * "Limits"): one a minute per person, five in half an hour per address. */
async function spendCodeBudgets(deps: Pick<Deps, "limits">, userId: string, email: string) {
  await deps.limits.consume("codeResendCooldown", `badge-org-email:${userId}`);
  await deps.limits.consume("codeSendPerAddress", email);
}

function mailOrgCode(
  deps: Pick<Deps, "config">,
  fx: Effects,
  { to, code, officialName }: { to: string; code: string; officialName: string },
) {
  fx.mail(orgEmailCodeMail({ siteName: deps.config.siteName, to, code, officialName }));
}

export async function requestYellow(
  deps: Deps,
  input: {
    userId: string;
    category: string;
    officialName: string;
    links: string[];
    orgEmail?: string | undefined;
    now: Date;
  },
): Promise<OwnBadgeRequest> {
  const { userId, orgEmail, now } = input;
  const links = [...new Set(input.links)];
  if (orgEmail) {
    const verdict = checkEmail(orgEmail, deps.config.mailDomain);
    if (!verdict.ok) {
      const message = emailRefusalMessage(verdict.reason, deps.config.mailDomain);
      throw badRequest(ERROR_CODES.emailRefused, message, { orgEmail: [message] });
    }
    if (!isAtDomainOfLinks(orgEmail, links)) {
      throw badRequest(ERROR_CODES.validation, ORG_EMAIL_DOMAIN_MESSAGE, {
        orgEmail: [ORG_EMAIL_DOMAIN_MESSAGE],
      });
    }
  }
  await assertMayAsk(deps, { userId, kind: "yellow", now });
  if (orgEmail) await spendCodeBudgets(deps, userId, orgEmail);
  const row = await deps.outbox.transaction(async (tx, fx) => {
    const created = await insertOnce(tx, {
      userId,
      kind: "yellow",
      category: input.category,
      officialName: input.officialName,
      links,
      orgEmail: orgEmail ?? null,
      createdAt: now,
      updatedAt: now,
    });
    if (orgEmail) {
      const code = await issueMailedCode(tx, {
        target: orgCode(userId, orgEmail),
        secret: deps.config.sessionSecret,
        now,
      });
      mailOrgCode(deps, fx, { to: orgEmail, code, officialName: input.officialName });
    }
    return created;
  });
  return presentOwn(row);
}

/** The open yellow request whose organisation address still waits for its code. */
async function pendingOrgEmail(deps: Pick<Deps, "db">, userId: string) {
  const row = await latestRequestOf(deps.db, { userId, kind: "yellow" });
  if (!row || !isOpen(row) || !row.orgEmail) throw noOpenRequest();
  if (row.orgEmailConfirmedAt) {
    throw conflict(ERROR_CODES.conflict, "This address is already confirmed.");
  }
  return { ...row, orgEmail: row.orgEmail };
}

export async function resendOrgEmailCode(
  deps: Deps,
  { userId, now }: { userId: string; now: Date },
): Promise<{ sent: true; resendAfterSeconds: number }> {
  const row = await pendingOrgEmail(deps, userId);
  await spendCodeBudgets(deps, userId, row.orgEmail);
  await deps.outbox.transaction(async (tx, fx) => {
    const code = await issueMailedCode(tx, {
      target: orgCode(userId, row.orgEmail),
      secret: deps.config.sessionSecret,
      now,
    });
    mailOrgCode(deps, fx, { to: row.orgEmail, code, officialName: row.officialName ?? "" });
  });
  return { sent: true, resendAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS };
}

const codeField = (message: string) => ({ code: [message] });

export async function confirmOrgEmail(
  deps: Deps,
  { userId, code, now }: { userId: string; code: string; now: Date },
): Promise<OwnBadgeRequest> {
  const row = await pendingOrgEmail(deps, userId);
  const verdict = await deps.db.transaction(async (tx) => {
    const result = await checkMailedCode(tx, {
      target: orgCode(userId, row.orgEmail),
      code,
      secret: deps.config.sessionSecret,
      now,
    });
    if (result === "ok") await updateRequest(tx, row.id, { orgEmailConfirmedAt: now });
    return result;
  });
  if (verdict === "wrong") {
    const message = "Invalid verification code";
    throw badRequest(ERROR_CODES.invalidCode, message, codeField(message));
  }
  if (verdict === "expired") {
    const message = "This code has expired. Please ask for a new one.";
    throw badRequest(ERROR_CODES.codeExpired, message, codeField(message));
  }
  if (verdict === "too_many") {
    throw forbidden("Too many wrong codes. Please ask for a new one.", ERROR_CODES.tooManyAttempts);
  }
  return presentOwn({ ...row, orgEmailConfirmedAt: now });
}

export async function requestVeteran(
  deps: Deps,
  { userId, bytes, now }: { userId: string; bytes: Buffer; now: Date },
): Promise<OwnBadgeRequest> {
  await assertMayAsk(deps, { userId, kind: "veteran", now });
  const proof = await storeProof(deps.captures, { userId, bytes });
  try {
    const row = await insertOnce(deps.db, {
      userId,
      kind: "veteran",
      proofUrl: proof.url,
      proofType: proof.type,
      createdAt: now,
      updatedAt: now,
    });
    return presentOwn(row);
  } catch (error) {
    await removeProof(deps.captures, proof.url);
    throw error;
  }
}

export const PROOF_LIMIT = { maxBytes: PROOF_MAX_BYTES, tooLargeMessage: PROOF_TOO_LARGE };

/** The person answers the moderator's question (and may add links): back in the queue. */
export async function answerQuestion(
  deps: Pick<Deps, "db">,
  input: { userId: string; kind: BadgeKind; answer: string; links: string[]; now: Date },
): Promise<OwnBadgeRequest> {
  const latest = await latestRequestOf(deps.db, { userId: input.userId, kind: input.kind });
  if (latest?.status !== "more_info") {
    throw notFound("No moderator question is waiting for you.");
  }
  return deps.db.transaction(async (tx) => {
    const row = await lockRequest(tx, latest.id);
    if (row?.status !== "more_info") {
      throw notFound("No moderator question is waiting for you.");
    }
    const links = input.kind === "yellow" ? [...new Set([...row.links, ...input.links])] : [];
    if (links.length > BADGE_LINKS_MAX) {
      const message = `At most ${BADGE_LINKS_MAX} links in all.`;
      throw badRequest(ERROR_CODES.validation, message, { links: [message] });
    }
    const values = { status: "open", answer: input.answer, links, updatedAt: input.now };
    await updateRequest(tx, row.id, values);
    return presentOwn({ ...row, ...values });
  });
}
