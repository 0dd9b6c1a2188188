// Each authenticator code signs in or turns two-factor on once (RFC 6238 §5.2: the verifier must
// not accept a code's second use; docs/accounts.md "Two-factor authentication"). The auth library
// accepts a code for its 30 s step and one on each side and keeps no record of use, so the code is
// claimed for its account before the library checks it, in the rate-limit store (memory, or Redis
// shared by every instance), which makes two claims at once resolve to one. A code the library
// then refuses, for whatever reason, is given back: it was not used.
import { createCookieGetter } from "better-auth/cookies";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { readCookie } from "../../http/request";
import type { Auth } from "./better-auth";
import { pendingSignInUserId } from "./queries";
import { verifiedToken } from "./viewer-resolver";

type Deps = Pick<AppContext, "db" | "limits"> & { auth: Auth };

/**
 * Runs `verify` with `code` claimed for `userId`; when the account used it already, throws
 * `refusal()` (the answer of a wrong code) without asking the library.
 */
export async function usingTotpCodeOnce<T>(
  deps: Deps,
  input: { userId: string | undefined; code: string; refusal: () => AppError },
  verify: () => Promise<T>,
): Promise<T> {
  // No account behind the request: the library refuses it on its own.
  if (!input.userId) return verify();
  const key = `${input.userId} ${input.code.trim()}`;
  try {
    await deps.limits.consume("totpCodeUsed", key);
  } catch (error) {
    if (error instanceof AppError && error.status === 429) throw input.refusal();
    throw error;
  }
  try {
    return await verify();
  } catch (error) {
    await deps.limits.reset("totpCodeUsed", key);
    throw error;
  }
}

/** The account of the pending sign-in this request's two-factor cookie names, if any. */
export async function pendingSignInOf(deps: Deps, headers: Headers): Promise<string | undefined> {
  const name = createCookieGetter(deps.auth.options)("two_factor").name;
  const cookie = readCookie(headers.get("cookie") ?? undefined, name);
  const identifier = cookie && verifiedToken(cookie, deps.auth.options.secret as string);
  return identifier ? pendingSignInUserId(deps.db, identifier) : undefined;
}
