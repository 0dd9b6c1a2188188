// spec-2 §8 "Checkout success page": what the page says when the purchase could not be finished.
import { ApiRequestError } from "../../lib/api";

export const COMPLETION_ERRORS = {
  missing: "Missing payment information.",
  noPending: "No pending username found in session.",
  unauthenticated: "Not authenticated.",
  finalize: "Failed to finalize username.",
  failed: "Failed to process checkout.",
} as const;

/** 401: signed out; 404: no such checkout for this person, which without a pending name means
 * there was nothing to finish; 402 (not paid) and 409 (the name could not be assigned): the
 * name was not given; anything else: the call itself failed. */
export function completionErrorText(error: unknown, pendingName: string | null): string {
  const status = error instanceof ApiRequestError ? error.status : 0;
  if (status === 401) return COMPLETION_ERRORS.unauthenticated;
  if (status === 404 && pendingName === null) return COMPLETION_ERRORS.noPending;
  if (status === 402 || status === 409) return COMPLETION_ERRORS.finalize;
  return COMPLETION_ERRORS.failed;
}
