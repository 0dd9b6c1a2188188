// The four failure texts of the e-mail confirmation callback (spec-2 §8), each for its own case.
// An already-used code counts as verified only in the browser that registered the address (the
// server's signup proof, docs/architecture.md "Accounts"); anywhere else the server answers
// 'invalid code' both for a wrong code and for one used before, so this browser cannot tell.
import { ERROR_CODES } from "../../../domain/error-codes";
import { ApiRequestError } from "../../lib/api";

export const CALLBACK_ERRORS = {
  failed: "Verification failed. Please try again.",
  server: "There was an issue confirming your email. Please try again or contact support.",
  unexpected: "An unexpected error occurred.",
  unconfirmed: "Email verification status could not be confirmed here.",
} as const;

/** What to tell the person when the server did not confirm the link's code. */
export function callbackErrorText(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return CALLBACK_ERRORS.unexpected;
  if (error.code === ERROR_CODES.invalidCode) return CALLBACK_ERRORS.unconfirmed;
  if (error.status >= 500) return CALLBACK_ERRORS.server;
  // Expired, too many tries, refused as malformed or rate limited: a new code or a later try helps.
  if (error.status >= 400) return CALLBACK_ERRORS.failed;
  return CALLBACK_ERRORS.unexpected;
}
