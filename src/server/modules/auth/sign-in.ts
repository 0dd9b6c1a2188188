// Signing in and out (spec-1 §5): the password step within the login limits (login-guard.ts),
// the second factor when two-factor authentication is on (docs/accounts.md), the session answer
// refused to a suspended person, logout and the current session.
import type { SessionUser } from "../../../domain/contracts/auth";
import type { LoginResponse, TwoFactorSignInBody } from "../../../domain/contracts/two-factor";
import { ERROR_CODES } from "../../../domain/error-codes";
import { AppError, badRequest, forbidden } from "../../errors";
import { isSuspended, SUSPENDED_CODE, SUSPENDED_MESSAGE } from "../../policy/restrictions";
import { getSessionUser } from "../profiles/service";
import type { AuthDeps, WithCookies } from "./auth-deps";
import { authErrorCode } from "./better-auth";
import {
  admitLogin,
  inTurn,
  loginFailed,
  loginSucceeded,
  unknownAddressesSpent,
  withoutHash,
} from "./login-guard";
import { deleteSessionsOf, findUserByEmail } from "./queries";
import { pendingSignInOf, usingTotpCodeOnce } from "./totp-once";

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
