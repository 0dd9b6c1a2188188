// The validate-email function (spec-1 §5, §7): syntax, then disposable or blocked domains.
import disposableDomains from "disposable-email-domains" with { type: "json" };
import {
  type EmailRefusal,
  emailDomain,
  isEmailShaped,
  normalizeEmail,
} from "../../../domain/email";

const disposable = new Set<string>(disposableDomains as string[]);

export type EmailVerdict = { ok: true } | { ok: false; reason: EmailRefusal };

/** Domains and every parent domain, so sub.mailinator.com is caught as well. */
function domainAndParents(domain: string): string[] {
  const parts = domain.split(".");
  return parts.slice(0, -1).map((_, i) => parts.slice(i).join("."));
}

export function checkEmail(raw: string, ownMailDomain: string): EmailVerdict {
  const email = normalizeEmail(raw);
  if (!isEmailShaped(email)) return { ok: false, reason: "invalid-email" };
  const domain = emailDomain(email);
  if (domainAndParents(domain).some((d) => disposable.has(d)))
    return { ok: false, reason: "blocked-domain" };
  // Addresses on our own mail domain are aliases of existing accounts, never a new login.
  if (domain === ownMailDomain || domain.endsWith(`.${ownMailDomain}`))
    return { ok: false, reason: "own-domain" };
  return { ok: true };
}
