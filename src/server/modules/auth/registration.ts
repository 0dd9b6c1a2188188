// Registration (spec-1 §4): a new account and its first e-mailed code, or, at an address that
// has an account, a notice to its owner instead, within the same budgets (docs/architecture.md
// "Accounts"). better-auth does hashing and code storage; this module owns the rules and limits.
import { emailRefusalMessage } from "../../../domain/email";
import { ERROR_CODES } from "../../../domain/error-codes";
import { OTP_RESEND_COOLDOWN_SECONDS } from "../../../domain/otp";
import { AppError, badRequest, tooManyRequests } from "../../errors";
import { registrationAttemptMail } from "../../infra/account-mails";
import { createProfileForAccount } from "../profiles/service";
import type { AuthDeps, WithCookies } from "./auth-deps";
import { checkEmail } from "./email-policy";
import { hashPassword } from "./password-hash";
import { assertPasswordAllowed } from "./password-policy";
import { deleteUser, findUserByEmail } from "./queries";
import { signupProofCookie } from "./signup-proof";

/**
 * Registration answers the same whether or not the address has an account (docs/architecture.md
 * "Accounts"): a taken address creates nothing and its owner is mailed a notice instead of a
 * code, within the same budgets. A code that cannot be sent is refused before any account exists.
 */
export async function register(
  deps: AuthDeps,
  input: { email: string; fullName: string; password: string; ip: string },
): Promise<WithCookies<{ email: string; resendAfterSeconds: number }>> {
  await deps.limits.consume("signupPerIp", input.ip);
  const verdict = checkEmail(input.email, deps.config.mailDomain);
  if (!verdict.ok) {
    const message = emailRefusalMessage(verdict.reason, deps.config.mailDomain);
    throw badRequest(ERROR_CODES.emailRefused, message, { email: [message] });
  }
  assertPasswordAllowed(input.password);
  const owner = await findUserByEmail(deps.db, input.email);
  const created = owner
    ? await noticeInstead(deps, { ...input, userId: owner.id })
    : await registerNew(deps, input);
  // Only the browser that created the account may hear why its code failed (signup-proof.ts);
  // any other gets a cookie of the same shape that proves nothing.
  const proof = signupProofCookie({
    secret: deps.config.sessionSecret,
    email: created ? input.email : `not-created\n${input.email}`,
    secure: deps.config.secureCookies,
  });
  return {
    setCookies: [proof],
    body: { email: input.email, resendAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS },
  };
}

/** A new account and its first code; without the code, no account (no half state). Whether this
 * call created the account. */
async function registerNew(
  deps: AuthDeps,
  input: { email: string; fullName: string; password: string },
): Promise<boolean> {
  await deps.limits.check("codeSendPerAddress", input.email).catch(codeRefusal);
  const { user } = await deps.auth.api.signUpEmail({
    body: { email: input.email, password: input.password, name: input.fullName },
  });
  try {
    await createProfileForAccount(deps.db, {
      userId: user.id,
      email: input.email,
      fullName: input.fullName,
      mailDomain: deps.config.mailDomain,
    });
    await sendCode(deps, { email: input.email, userId: user.id }).catch(codeRefusal);
    return true;
  } catch (error) {
    // Sessions, credentials and the profile cascade from the account.
    await deleteUser(deps.db, user.id);
    // A concurrent registration of the same address won the race: its owner is told instead.
    const winner = await findUserByEmail(deps.db, input.email);
    if (winner) return noticeToOwner(deps, { email: input.email, userId: winner.id });
    throw error;
  }
}

/** A registration at a taken address does the new account's costly work too, hashing the
 * password, so its answer takes as long as a fresh one's. */
async function noticeInstead(
  deps: AuthDeps,
  input: { email: string; password: string; userId: string },
): Promise<false> {
  await hashPassword(input.password);
  return noticeToOwner(deps, input);
}

/** Someone registered with an address that has an account: its owner is told, within the same
 * budgets as a code, so the answer and the mail bombing ceiling do not tell the cases apart. */
async function noticeToOwner(
  deps: AuthDeps,
  owner: { email: string; userId: string },
): Promise<false> {
  await spendCodeBudgets(deps, owner).catch(codeRefusal);
  const signIn = `${deps.config.publicUrl}/signup`;
  await deps.outbox.enqueue([
    {
      topic: "mail",
      payload: registrationAttemptMail({
        siteName: deps.config.siteName,
        to: owner.email,
        loginLink: signIn,
        resetLink: `${signIn}?stage=forgot`,
      }),
    },
  ]);
  return false;
}

/** What the person sees when the address's code budget is spent: when to try again, not a code
 * that never comes (docs/operations.md "Limits"). */
function codeRefusal(error: unknown): never {
  if (error instanceof AppError && error.status === 429 && error.code === ERROR_CODES.rateLimited) {
    const retryAfter = error.extra.retryAfter ?? 60;
    throw tooManyRequests(
      retryAfter,
      ERROR_CODES.rateLimited,
      `Too many codes were sent to this address. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`,
    );
  }
  throw error;
}

/** The sign-up code's cooldown belongs to the account, so an address freed by a deletion gets
 * its new account's code at once; the per-address budget bounds every mail to the address. */
export const signupCooldownKey = (userIdOrEmail: string) => `sign-up:${userIdOrEmail}`;

async function spendCodeBudgets(deps: AuthDeps, to: { email: string; userId: string }) {
  await deps.limits.consume("codeResendCooldown", signupCooldownKey(to.userId));
  await deps.limits.consume("codeSendPerAddress", to.email);
}

/** Starts the resend cooldown and spends the per-address budget, then mails a fresh code. */
export async function sendCode(
  deps: AuthDeps,
  to: { email: string; userId: string },
): Promise<void> {
  await spendCodeBudgets(deps, to);
  await deps.auth.api.sendVerificationOTP({
    body: { email: to.email, type: "email-verification" },
  });
}
