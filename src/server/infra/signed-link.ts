// Links and cookies the product signs with the session secret so that only ones it made are
// honoured (docs/accounts.md "One-click unsubscribe", docs/safety.md "Appealing a suspension"):
// an HMAC-SHA256 over a purpose and the fields it names, compared in constant time.
import { createHmac, timingSafeEqual } from "node:crypto";

/** The MAC of `fields` for `purpose`, base64url: `purpose\nfield\nfield…`. */
export const signedMac = (secret: string, purpose: string, fields: readonly (string | number)[]) =>
  createHmac("sha256", secret)
    .update([purpose, ...fields].join("\n"))
    .digest("base64url");

/** Whether `given` is the MAC we would make, without telling by timing how much of it matched. */
export function macMatches(given: string, expected: string): boolean {
  const actual = Buffer.from(given);
  const wanted = Buffer.from(expected);
  return actual.length === wanted.length && timingSafeEqual(actual, wanted);
}

/** A text as one URL path segment's part (no dots, so fields can be joined by them). */
export const segment = (text: string) => Buffer.from(text, "utf8").toString("base64url");
export const fromSegment = (part: string) => Buffer.from(part, "base64url").toString("utf8");
