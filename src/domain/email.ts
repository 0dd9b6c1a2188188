// spec-1 §5: the e-mail is trimmed and lower-cased before validation and verification.

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** zod's own e-mail pattern, the one `z.email()` checks (email.test.ts holds them equal), here so
 * the browser's mail screen checks addresses without loading zod. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function isEmailShaped(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1);
}

/** An address on our own mail domain is a member's (spec-1 §1), whatever the case of its letters. */
export function isOwnDomainAddress(address: string, mailDomain: string): boolean {
  return emailDomain(normalizeEmail(address)) === mailDomain.trim().toLowerCase();
}

/** Refusal reasons of the validate-email function (spec-1 §7), and 'own-domain': an address on
 * our own mail domain (or under it), which is a member's mailbox here, not a sign-in address. */
export type EmailRefusal =
  | "invalid-email"
  | "blocked-domain"
  | "blocked-mx"
  | "own-domain"
  | "not-allowed";

/** spec-1 §5: each refusal reason maps to one on-screen message; an address on our own mail
 * domain is told why, rather than spec-1's catch-all 'not allowed'. */
export function emailRefusalMessage(reason: EmailRefusal, mailDomain: string): string {
  switch (reason) {
    case "blocked-domain":
    case "blocked-mx":
      return "This email provider is not supported. Please use a standard provider like Gmail, Outlook, or iCloud.";
    case "invalid-email":
      return "Please enter a valid email address.";
    case "own-domain":
      return `Addresses on ${mailDomain} are mailboxes of this product; use an e-mail address elsewhere.`;
    default:
      return "This email provider is not allowed.";
  }
}

export const EMAIL_CHECK_FAILED =
  "Unable to validate your email right now. Please try again in a moment.";
