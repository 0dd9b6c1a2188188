// The e-mailed sign-up code (spec-1 §4, spec-2 §8): checking it within each IP's and the
// address's budgets, and sending it again after the cooldown, with answers that tell a stranger
// nothing about the address.
import { ERROR_CODES } from "../../../domain/error-codes";
import { OTP_RESEND_COOLDOWN_SECONDS } from "../../../domain/otp";
import { badRequest, forbidden } from "../../errors";
import type { AuthDeps } from "./auth-deps";
import { authErrorCode } from "./better-auth";
import { findUserByEmail } from "./queries";
import { sendCode, signupCooldownKey } from "./registration";
import { hasSignupProof } from "./signup-proof";

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
