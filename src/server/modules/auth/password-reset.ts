// Password reset (spec-1 §5): the e-mailed link, asked for with the same answer for known and
// unknown addresses, and the new password set with it.
import { ERROR_CODES } from "../../../domain/error-codes";
import { badRequest } from "../../errors";
import type { AuthDeps } from "./auth-deps";
import { authErrorCode } from "./better-auth";
import { assertPasswordAllowed } from "./password-policy";

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
