// spec-1 §5: the e-mail is trimmed and lower-cased before validation and verification.
import { z } from "zod";

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

const emailShape = z.email();

export function isEmailShaped(email: string): boolean {
  return email.length <= 254 && emailShape.safeParse(email).success;
}

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1);
}

/** An address on our own mail domain is a member's (spec-1 §1), whatever the case of its letters. */
export function isOwnDomainAddress(address: string, mailDomain: string): boolean {
  return emailDomain(normalizeEmail(address)) === mailDomain.trim().toLowerCase();
}

/** Refusal reasons of the validate-email function (spec-1 §7). */
export type EmailRefusal = "invalid-email" | "blocked-domain" | "blocked-mx" | "not-allowed";

/** spec-1 §5: each refusal reason maps to one on-screen message. */
export function emailRefusalMessage(reason: EmailRefusal): string {
  switch (reason) {
    case "blocked-domain":
    case "blocked-mx":
      return "This email provider is not supported. Please use a standard provider like Gmail, Outlook, or iCloud.";
    case "invalid-email":
      return "Please enter a valid email address.";
    default:
      return "This email provider is not allowed.";
  }
}

export const EMAIL_CHECK_FAILED =
  "Unable to validate your email right now. Please try again in a moment.";
