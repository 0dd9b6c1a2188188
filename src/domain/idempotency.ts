// The Idempotency-Key header (draft-ietf-httpapi-idempotency-key-header; docs/mail.md "Sending
// once"): one key per thing a person means to do once, sent again with each retry of it. Zod-free,
// so the browser's first script can name the header (docs/performance.md "Initial JavaScript").

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";

/** The longest key taken (Stripe's limit). */
export const IDEMPOTENCY_KEY_MAX = 255;

/** The draft writes the key as a structured-field string (RFC 8941 §3.3.3), in double quotes;
 * a bare value is taken as it is. */
export const unquotedKey = (value: string) =>
  value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
