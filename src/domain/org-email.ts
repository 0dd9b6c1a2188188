// The yellow badge's organisation e-mail (docs/safety.md "Badges"): the address must be at the
// domain of one of the request's public links, so a confirmed code shows that the person can read
// the organisation's mail. A link on a subdomain (www.acme.org, shop.acme.org) counts for acme.org
// and the other way round; nothing else does.
const hostOf = (link: string): string | null => {
  try {
    return new URL(link).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
};

export function isAtDomainOfLinks(email: string, links: readonly string[]): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  if (!domain.includes(".")) return false;
  return links.some((link) => {
    const host = hostOf(link);
    if (!host) return false;
    return host === domain || host.endsWith(`.${domain}`) || domain.endsWith(`.${host}`);
  });
}

export const ORG_EMAIL_DOMAIN_MESSAGE = "Use an address at the domain of one of your links.";
