// Changing the sign-in e-mail (docs/accounts.md "Changing the e-mail"). The new address gets a
// 6-digit code under the sign-up rules (the same checks, 10 minutes, 5 wrong tries, the resend
// cooldown and budgets); the right code moves the account to it and the old address is told.
// The auth library stores the hashed code and makes the change; the product address
// (handle@MAIL_DOMAIN) is not touched.
import { SAME_EMAIL } from "../../../domain/contracts/email-change";
import { emailRefusalMessage } from "../../../domain/email";
import { ERROR_CODES } from "../../../domain/error-codes";
import { OTP_RESEND_COOLDOWN_SECONDS } from "../../../domain/otp";
import type { AppContext } from "../../context";
import { AppError, badRequest, forbidden } from "../../errors";
import { emailChangeAttemptMail, emailChangedMail } from "../../infra/account-mails";
import { LIMITS } from "../../infra/rate-limit";
import { accountByEmail } from "../auth/accounts";
import type { WithCookies } from "../auth/auth-deps";
import { authErrorCode } from "../auth/better-auth";
import { checkEmail } from "../auth/email-policy";
import { type AccountDeps, current } from "./service";

type EmailChangeDeps = AccountDeps & Pick<AppContext, "config">;

const TAKEN = "An account with this email already exists.";
const taken = () =>
  new AppError(409, ERROR_CODES.emailTaken, TAKEN, { fields: { newEmail: [TAKEN] } });

/** The new address must pass the sign-up checks and differ from the current one. Whether it is
 * free is not told here: the answer is the same either way (see `requestEmailChange`). */
function assertUsable(deps: EmailChangeDeps, currentEmail: string, newEmail: string) {
  if (newEmail === currentEmail.toLowerCase()) {
    throw badRequest(ERROR_CODES.validation, SAME_EMAIL, { newEmail: [SAME_EMAIL] });
  }
  const verdict = checkEmail(newEmail, deps.config.mailDomain);
  if (!verdict.ok) {
    const message = emailRefusalMessage(verdict.reason, deps.config.mailDomain);
    throw badRequest(ERROR_CODES.emailRefused, message, { newEmail: [message] });
  }
}

/**
 * Answers as if a code was sent whether or not the new address has an account, so the request
 * does not tell who has one; a taken address's owner is mailed a notice instead of a code. The
 * cooldown is the person's own for that address; the per-address budget bounds everyone's mail
 * to it (docs/operations.md "Limits").
 */
export async function requestEmailChange(
  deps: EmailChangeDeps,
  input: { headers: Headers; newEmail: string },
): Promise<{ sent: true; resendAfterSeconds: number }> {
  const { user } = await current(deps, input.headers);
  assertUsable(deps, user.email, input.newEmail);
  await deps.limits.consume("codeResendCooldown", `email-change:${user.id} ${input.newEmail}`);
  await deps.limits.consume("codeSendPerAddress", input.newEmail);
  if (await accountByEmail(deps.db, input.newEmail)) {
    const notice = emailChangeAttemptMail(deps.config.siteName, input.newEmail);
    await deps.outbox.enqueue([{ topic: "mail", payload: notice }]);
  } else {
    await deps.auth.api.requestEmailChangeEmailOTP({
      body: { newEmail: input.newEmail },
      headers: input.headers,
    });
  }
  // A new code, five new tries.
  await deps.limits.reset("emailChangeWrongCodes", `${user.id} ${input.newEmail}`);
  return { sent: true, resendAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS };
}

export async function confirmEmailChange(
  deps: EmailChangeDeps,
  input: { headers: Headers; ip: string; newEmail: string; code: string },
): Promise<WithCookies<{ email: string }>> {
  const { user } = await current(deps, input.headers);
  assertUsable(deps, user.email, input.newEmail);
  // The budgets of sign-up codes (docs/operations.md "Limits").
  await deps.limits.consume("codeCheckPerIp", input.ip);
  await deps.limits.consume("codeCheckPerAddressIp", `${input.newEmail} ${input.ip}`);
  await deps.limits.consume("codeCheckPerAddress", input.newEmail);
  const tries = `${user.id} ${input.newEmail}`;
  if (
    (await deps.limits.spent("emailChangeWrongCodes", tries)) >= LIMITS.emailChangeWrongCodes.points
  ) {
    throw forbidden("Too many wrong codes. Please ask for a new one.", ERROR_CODES.tooManyAttempts);
  }
  try {
    const { headers } = await deps.auth.api.changeEmailEmailOTP({
      body: { newEmail: input.newEmail, otp: input.code },
      headers: input.headers,
      returnHeaders: true,
    });
    await deps.outbox.enqueue([
      {
        topic: "mail",
        payload: emailChangedMail(deps.config.siteName, user.email, input.newEmail),
      },
    ]);
    return { setCookies: headers.getSetCookie(), body: { email: input.newEmail } };
  } catch (error) {
    const kind = authErrorCode(error);
    const field = (message: string) => ({ code: [message] });
    if (kind === "OTP_EXPIRED") {
      const message = "This code has expired. Please ask for a new one.";
      throw badRequest(ERROR_CODES.codeExpired, message, field(message));
    }
    if (kind === "TOO_MANY_ATTEMPTS") {
      const message = "Too many wrong codes. Please ask for a new one.";
      throw forbidden(message, ERROR_CODES.tooManyAttempts);
    }
    if (kind === "INVALID_OTP") {
      await deps.limits.record("emailChangeWrongCodes", tries);
      throw badRequest(
        ERROR_CODES.invalidCode,
        "Invalid verification code",
        field("Invalid verification code"),
      );
    }
    // Someone else took the address between the two steps; the right code proved this person
    // reads its mail, so telling them is safe.
    if (await accountByEmail(deps.db, input.newEmail)) throw taken();
    throw error;
  }
}
