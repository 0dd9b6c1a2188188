// The Idempotency-Key request header of a write that is answered once (docs/mail.md "Sending
// once"), for the route's validation and the OpenAPI document.
import { z } from "zod";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX, unquotedKey } from "../idempotency";

const KEY_LENGTH = `An Idempotency-Key is 1 to ${IDEMPOTENCY_KEY_MAX} characters.`;

/** The request's headers with an optional key; every other header passes as it came. */
export const idempotencyKeyHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .transform(unquotedKey)
    .pipe(
      z.string().min(1, { message: KEY_LENGTH }).max(IDEMPOTENCY_KEY_MAX, { message: KEY_LENGTH }),
    )
    .optional()
    .describe(
      "One key per message meant to be sent once, sent again when the request is retried: a repeat is answered as the first request was and sends nothing. Kept 24 hours.",
    ),
});
