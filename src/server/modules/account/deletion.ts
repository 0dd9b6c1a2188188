// Deleting the account (docs/accounts.md "Deleting the account"): a code mailed to the account's
// address confirms it; the deletion is one transaction that takes the person out of other people's
// counters, keeps the messages they sent as 'Message deleted' in the other person's thread,
// removes everything else of theirs (most of it by cascade from `users`) and holds back their
// names for 90 days. Its effects are outbox rows of that transaction (docs/outbox.md): the
// sessions end on every instance (session.ended), caches forget them (account.deleted), an active
// username subscription is cancelled at the provider and their images leave the object store.
import type { DeletionCodeResponse, DeletionCodeStatus } from "../../../domain/contracts/account";
import { ERROR_CODES } from "../../../domain/error-codes";
import { OTP_RESEND_COOLDOWN_SECONDS, OTP_TTL_SECONDS } from "../../../domain/otp";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { checkMailedCode, issueMailedCode, pendingMailedCode } from "../../db/mailed-codes";
import { badRequest, forbidden, unauthorized } from "../../errors";
import { deletionCodeMail } from "../../infra/account-mails";
import type { Effects } from "../../outbox/outbox";
import { holdEndsAt, holdNames } from "../../policy/held-names";
import { forgetInAuditLog } from "../audit/record";
import { removePersonFromTimelines } from "../posts/timelines";
import {
  activeSubscriptionsOf,
  deleteUserRow,
  detachComments,
  dropFollowCounts,
  dropLikeCounts,
  dropQuoteCounts,
  dropRepostCounts,
  lockAccount,
  mediaUrlsOf,
  namesOf,
  removeTracesOnOthers,
  removeVerifications,
  retireFromThreads,
} from "./deletion-queries";
import { current } from "./service";

export type DeletionDeps = Pick<
  AppContext,
  "db" | "auth" | "outbox" | "limits" | "config" | "log" | "federation"
>;

const deletionCode = (userId: string) => ({ purpose: "delete-account", userId });

/** Mails a fresh code to the account's own address; at most one a minute (the sign-up code's
 * cooldown) and five in half an hour per address. */
export async function sendDeletionCode(
  deps: DeletionDeps,
  { headers, now }: { headers: Headers; now: Date },
): Promise<DeletionCodeResponse> {
  const { user } = await current(deps, headers);
  await deps.limits.consume("codeResendCooldown", `delete-account:${user.id}`);
  await deps.limits.consume("codeSendPerAddress", user.email);
  await deps.outbox.transaction(async (tx, fx) => {
    const code = await issueMailedCode(tx, {
      target: deletionCode(user.id),
      secret: deps.config.sessionSecret,
      now,
    });
    fx.mail(deletionCodeMail(deps.config.siteName, user.email, code));
  });
  return {
    email: user.email,
    resendAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS,
    expiresInSeconds: OTP_TTL_SECONDS,
  };
}

const secondsUntil = (at: number, now: Date) => Math.max(0, Math.ceil((at - now.getTime()) / 1000));

/** Whether a code sent earlier can still be entered, so the screen offers its entry after a
 * reload instead of a send the cooldown refuses. The resend wait counts from the code's issue,
 * which is when `sendDeletionCode` spent the cooldown. */
export async function deletionCodeStatus(
  deps: DeletionDeps,
  { headers, now }: { headers: Headers; now: Date },
): Promise<DeletionCodeStatus> {
  const { user } = await current(deps, headers);
  const code = await pendingMailedCode(deps.db, { target: deletionCode(user.id), now });
  if (!code) return { pending: false };
  return {
    pending: true,
    email: user.email,
    resendAfterSeconds: secondsUntil(
      code.issuedAt.getTime() + OTP_RESEND_COOLDOWN_SECONDS * 1000,
      now,
    ),
    expiresInSeconds: secondsUntil(code.expiresAt.getTime(), now),
  };
}

const codeField = (message: string) => ({ code: [message] });

/**
 * Checks the code and deletes the account in one transaction; a refused code changes nothing but
 * its count of wrong tries. Answers the cookies that clear this browser's session.
 */
export async function deleteAccount(
  deps: DeletionDeps,
  { headers, code, now }: { headers: Headers; code: string; now: Date },
): Promise<{ setCookies: string[] }> {
  const { user } = await current(deps, headers);
  const outcome = await deps.outbox.transaction(async (tx, fx) => {
    const account = await lockAccount(tx, user.id);
    if (!account) return "gone";
    const verdict = await checkMailedCode(tx, {
      target: deletionCode(user.id),
      code,
      secret: deps.config.sessionSecret,
      now,
    });
    if (verdict === "ok")
      await eraseAccount(tx, fx, {
        userId: account.id,
        email: account.email,
        now,
        federation: deps.federation,
      });
    return verdict;
  });
  if (outcome === "gone") throw unauthorized();
  if (outcome === "wrong") {
    const message = "Invalid verification code";
    throw badRequest(ERROR_CODES.invalidCode, message, codeField(message));
  }
  if (outcome === "expired") {
    const message = "This code has expired. Please ask for a new one.";
    throw badRequest(ERROR_CODES.codeExpired, message, codeField(message));
  }
  if (outcome === "too_many") {
    throw forbidden("Too many wrong codes. Please ask for a new one.", ERROR_CODES.tooManyAttempts);
  }
  return { setCookies: await clearingCookies(deps, headers) };
}

/** Everything of the person, inside the deletion's transaction. */
async function eraseAccount(
  tx: Db,
  fx: Effects,
  {
    userId,
    email,
    now,
    federation,
  }: { userId: string; email: string; now: Date; federation: DeletionDeps["federation"] },
): Promise<void> {
  const names = await namesOf(tx, userId, now);
  const media = await mediaUrlsOf(tx, userId);
  const subscriptions = await activeSubscriptionsOf(tx, userId);
  await dropFollowCounts(tx, userId);
  await dropLikeCounts(tx, userId);
  await dropRepostCounts(tx, userId);
  await dropQuoteCounts(tx, userId);
  await detachComments(tx, userId);
  await removeTracesOnOthers(tx, userId);
  await removePersonFromTimelines(tx, userId);
  await retireFromThreads(tx, userId, now);
  await removeVerifications(tx, { userId, email });
  await forgetInAuditLog(tx, userId);
  await federation.actorDeleted(tx, fx, userId);
  // Sessions, credentials, profile, pictures, posts, comments, likes, follows, activity, blocks,
  // mutes, reports, notices, mail settings, checkouts and subscriptions cascade from here.
  await deleteUserRow(tx, userId);
  await holdNames(tx, names, holdEndsAt(now));
  for (const subscriptionId of subscriptions) fx.cancelSubscription(subscriptionId);
  if (media.length > 0) fx.removeMedia(media);
  fx.publish({ type: "session.ended", userId });
  fx.publish({ type: "account.deleted", userId });
}

/** The library's sign-out finds no session any more, but still answers the cookies that clear
 * this browser's. The account is gone whatever it answers: a cookie left behind no longer signs
 * in, so a failure here is no reason to report the committed deletion as failed. */
async function clearingCookies(deps: DeletionDeps, headers: Headers): Promise<string[]> {
  try {
    const result = await deps.auth.api.signOut({ headers, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch (error) {
    deps.log.warn({ err: error }, "the deleted account's cookies could not be cleared");
    return [];
  }
}
