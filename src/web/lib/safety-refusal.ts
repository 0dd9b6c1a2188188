// Refusals for a safety reason (docs/safety.md), which a person can act on and so are said in the
// server's words wherever an action fails: the account is restricted (403, naming the end date),
// or the viewer blocks the person they act on (409).
import { ApiRequestError } from "./api";

/** The server's message for such a refusal, else null. */
export function safetyRefusal(error: unknown): string | null {
  return error instanceof ApiRequestError &&
    (error.status === 403 || error.status === 409) &&
    error.message
    ? error.message
    : null;
}
