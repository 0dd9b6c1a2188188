// Account use-cases (spec-1 §4, §5): register, verify the e-mailed code, resend it, log in and
// out, forgot and reset password. better-auth does hashing, sessions and code storage; this
// module owns the product's rules, limits and error messages.
import type { SessionUser } from "../../../domain/contracts/auth";
import type { LoginResponse, TwoFactorSignInBody } from "../../../domain/contracts/two-factor";
import { emailRefusalMessage } from "../../../domain/email";
import { ERROR_CODES } from "../../../domain/error-codes";
import { OTP_RESEND_COOLDOWN_SECONDS } from "../../../domain/otp";
import type { AppContext } from "../../context";
import { AppError, badRequest, forbidden, tooManyRequests } from "../../errors";
import { registrationAttemptMail } from "../../infra/mail-templates";
import { isSuspended, SUSPENDED_CODE, SUSPENDED_MESSAGE } from "../../policy/standing";
import { createProfileForAccount, getSessionUser } from "../profiles/service";
import { authErrorCode } from "./better-auth";
import { checkEmail } from "./email-policy";
import {
  admitLogin,
  inTurn,
  loginFailed,
  loginSucceeded,
  unknownAddressesSpent,
  withoutHash,
} from "./login-guard";
import { hashPassword } from "./password-hash";
import { assertPasswordAllowed } from "./password-policy";
import { deleteSessionsOf, deleteUser, findUserByEmail } from "./queries";
import { hasSignupProof, signupProofCookie } from "./signup-proof";
import { pendingSignInOf, usingTotpCodeOnce } from "./totp-once";

/** What the accounts use-cases need of the app context. */
export type AuthDeps = Pick<AppContext, "db" | "auth" | "limits" | "log" | "config" | "outbox">;

/** What a call into better-auth hands back to the HTTP layer: cookies to set and a body. */
export interface WithCookies<T> {
  setCookies: string[];
  body: T;
}

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
const signupCooldownKey = (userIdOrEmail: string) => `sign-up:${userIdOrEmail}`;

async function spendCodeBudgets(deps: AuthDeps, to: { email: string; userId: string }) {
  await deps.limits.consume("codeResendCooldown", signupCooldownKey(to.userId));
  await deps.limits.consume("codeSendPerAddress", to.email);
}

/** Starts the resend cooldown and spends the per-address budget, then mails a fresh code. */
async function sendCode(deps: AuthDeps, to: { email: string; userId: string }): Promise<void> {
  await spendCodeBudgets(deps, to);
  await deps.auth.api.sendVerificationOTP({
    body: { email: to.email, type: "email-verification" },
  });
}

export async function resendCode(
  deps: AuthDeps,
  email: string,
): Promise<{ sent: true; resendAfterSeconds: number }> {
  const user = await findUserByEmail(deps.db, email);
  if (user && !user.emailVerified) {
    await sendCode(deps, { email, userId: user.id });
  } else {
    // Same answer and the same cooldown whether or not the address has a pending account.
    await deps.limits.consume("codeResendCooldown", signupCooldownKey(user?.id ?? email));
  }
  return { sent: true, resendAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS };
}

const OTP_FAILURES = new Set(["OTP_EXPIRED", "TOO_MANY_ATTEMPTS", "INVALID_OTP", "USER_NOT_FOUND"]);
const invalidCode = () => badRequest(ERROR_CODES.invalidCode, "Invalid verification code");

export async function verifyCode(
  deps: AuthDeps,
  input: { email: string; code: string; ip: string; cookieHeader: string | undefined },
): Promise<{ verified: true }> {
  const { email, code } = input;
  // docs/operations.md "Limits": each IP's checks for this address have their own budget, so a
  // stranger's wrong codes refuse only that stranger; the address-wide ceiling, far above it,
  // bounds every guess at the code together.
  await deps.limits.consume("codeCheckPerIp", input.ip);
  await deps.limits.consume("codeCheckPerAddressIp", `${email} ${input.ip}`);
  await deps.limits.consume("codeCheckPerAddress", email);
  try {
    await deps.auth.api.verifyEmailOTP({ body: { email, otp: code } });
    return { verified: true };
  } catch (error) {
    const kind = authErrorCode(error);
    const registeredHere = hasSignupProof({
      secret: deps.config.sessionSecret,
      email,
      cookieHeader: input.cookieHeader,
    });
    // Anyone else learns nothing about the address: one answer for every failure.
    if (!registeredHere && kind && OTP_FAILURES.has(kind)) throw invalidCode();
    if (kind === "OTP_EXPIRED")
      throw badRequest(ERROR_CODES.codeExpired, "This code has expired. Please ask for a new one.");
    if (kind === "TOO_MANY_ATTEMPTS") {
      throw forbidden(
        "Too many wrong codes. Please ask for a new one.",
        ERROR_CODES.tooManyAttempts,
      );
    }
    if (kind === "INVALID_OTP" || kind === "USER_NOT_FOUND") {
      // spec-2 §8: an already-used code is treated as verified (e.g. the link opened twice).
      const user = await findUserByEmail(deps.db, email);
      if (user?.emailVerified) return { verified: true };
      throw invalidCode();
    }
    throw error;
  }
}

const invalidCredentials = () =>
  new AppError(401, ERROR_CODES.invalidCredentials, "Invalid email or password.");

export async function login(
  deps: AuthDeps,
  input: { email: string; password: string; ip: string; headers: Headers },
): Promise<WithCookies<LoginResponse>> {
  await admitLogin(deps.limits, input);
  const attempt = { ...input, known: Boolean(await findUserByEmail(deps.db, input.email)) };
  if (!attempt.known && (await unknownAddressesSpent(deps.limits, input.ip))) {
    await withoutHash(input.ip);
    await loginFailed(deps.limits, attempt);
    throw invalidCredentials();
  }
  try {
    const { headers, response } = await inTurn(input.ip, () =>
      deps.auth.api.signInEmail({
        body: { email: input.email, password: input.password, rememberMe: true },
        headers: input.headers,
        returnHeaders: true,
      }),
    );
    await loginSucceeded(deps.limits, attempt);
    if ("twoFactorRedirect" in response) {
      // No session yet: a signed cookie names the pending sign-in (docs/accounts.md).
      return { setCookies: headers.getSetCookie(), body: { twoFactorRequired: true } };
    }
    return await signedInAs(deps, response.user.id, headers);
  } catch (error) {
    const kind = authErrorCode(error);
    if (kind === "EMAIL_NOT_VERIFIED") {
      throw forbidden(
        "Email not confirmed. Please check your email and enter the code we sent before logging in.",
        ERROR_CODES.emailNotConfirmed,
      );
    }
    if (kind === "INVALID_EMAIL_OR_PASSWORD") {
      await loginFailed(deps.limits, attempt);
      throw invalidCredentials();
    }
    throw error;
  }
}

/** The answer to a sign-in that made a session: the person, unless suspended. */
export async function signedInAs(
  deps: AuthDeps,
  userId: string,
  headers: Headers,
): Promise<WithCookies<{ user: SessionUser }>> {
  if (await isSuspended(deps.db, userId)) {
    // The session just made is ended at once (docs/safety.md "Suspend").
    await deleteSessionsOf(deps.db, userId);
    throw forbidden(SUSPENDED_MESSAGE, SUSPENDED_CODE);
  }
  const user = await getSessionUser(deps.db, userId);
  if (!user) throw new AppError(500, ERROR_CODES.internal, "Login failed");
  return { setCookies: headers.getSetCookie(), body: { user } };
}

const SECOND_FACTOR_REFUSALS: Record<string, () => AppError> & { INVALID_CODE: () => AppError } = {
  INVALID_CODE: () =>
    badRequest(ERROR_CODES.invalidCode, "That code is not right. Please try again."),
  INVALID_BACKUP_CODE: () =>
    badRequest(ERROR_CODES.invalidCode, "That backup code is not right, or was used already."),
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: () =>
    forbidden("Too many wrong codes. Please log in again.", ERROR_CODES.tooManyAttempts),
  INVALID_TWO_FACTOR_COOKIE: () =>
    new AppError(
      401,
      ERROR_CODES.twoFactorExpired,
      "This sign-in has expired. Please log in again.",
    ),
  ACCOUNT_TEMPORARILY_LOCKED: () =>
    new AppError(
      429,
      ERROR_CODES.rateLimited,
      "Too many wrong codes for this account. Please try again in 15 minutes.",
    ),
};

/**
 * The second step of a sign-in with two-factor authentication on (docs/accounts.md): a code from
 * the authenticator app or an unused backup code. Each IP's tries count like e-mail codes; the
 * auth library allows five per sign-in and locks the account's codes for 15 minutes after ten
 * wrong ones in a row.
 */
export async function verifySecondFactor(
  deps: AuthDeps,
  input: TwoFactorSignInBody & { ip: string; headers: Headers },
): Promise<WithCookies<{ user: SessionUser }>> {
  await deps.limits.consume("codeCheckPerIp", input.ip);
  const call = { body: { code: input.code }, headers: input.headers, returnHeaders: true } as const;
  try {
    const { headers, response } =
      input.method === "totp"
        ? await usingTotpCodeOnce(
            deps,
            {
              userId: await pendingSignInOf(deps, input.headers),
              code: input.code,
              refusal: SECOND_FACTOR_REFUSALS.INVALID_CODE,
            },
            () => deps.auth.api.verifyTOTP(call),
          )
        : await deps.auth.api.verifyBackupCode(call);
    return await signedInAs(deps, response.user.id, headers);
  } catch (error) {
    const refusal = SECOND_FACTOR_REFUSALS[authErrorCode(error) ?? ""];
    throw refusal ? refusal() : error;
  }
}

export async function logout(deps: AuthDeps, headers: Headers): Promise<WithCookies<{ ok: true }>> {
  try {
    const result = await deps.auth.api.signOut({ headers, returnHeaders: true });
    return { setCookies: result.headers.getSetCookie(), body: { ok: true } };
  } catch (error) {
    // No session (already signed out) is not an error for the person pressing Logout.
    if (authErrorCode(error) === "FAILED_TO_GET_SESSION")
      return { setCookies: [], body: { ok: true } };
    throw error;
  }
}

export async function currentSession(
  deps: AuthDeps,
  headers: Headers,
): Promise<WithCookies<{ user: SessionUser | null }>> {
  const { headers: out, response } = await deps.auth.api.getSession({
    headers,
    returnHeaders: true,
  });
  const user = response ? await getSessionUser(deps.db, response.user.id) : null;
  return { setCookies: out.getSetCookie(), body: { user } };
}

export async function forgotPassword(deps: AuthDeps, email: string): Promise<{ ok: true }> {
  await deps.limits.consume("passwordResetPerAddress", email);
  // Same answer for known and unknown addresses; better-auth mails only existing accounts.
  await deps.auth.api.requestPasswordReset({ body: { email, redirectTo: "/signup?stage=reset" } });
  return { ok: true };
}

export async function resetPassword(
  deps: AuthDeps,
  { token, password }: { token: string; password: string },
): Promise<{ ok: true }> {
  assertPasswordAllowed(password);
  try {
    await deps.auth.api.resetPassword({ body: { token, newPassword: password } });
    return { ok: true };
  } catch (error) {
    if (authErrorCode(error) === "INVALID_TOKEN") {
      throw badRequest(
        ERROR_CODES.invalidToken,
        "This reset link is invalid or has expired. Please ask for a new one.",
      );
    }
    throw error;
  }
}
