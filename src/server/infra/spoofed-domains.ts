// Domains forged in phishing more than any other (docs/mail.md "Authenticity"). Mail whose From
// is one of them, or a subdomain of one, is accepted only when DMARC passes: each of them publishes
// a DMARC record and signs its mail, so anything else is a forgery or a DNS answer we could not
// trust. The list is short on purpose: the brands people are most often tricked with (banks,
// payment, the biggest mail and shopping services), not a reputation database. Each entry also
// refuses that domain's mail that a forwarder or mailing list broke, so add one only for a good
// reason.
const HEAVILY_SPOOFED = new Set([
  "paypal.com",
  "google.com",
  "gmail.com",
  "apple.com",
  "microsoft.com",
  "amazon.com",
  "facebook.com",
  "bankofamerica.com",
  "chase.com",
  "wellsfargo.com",
]);

/** Whether a domain (any case, a trailing dot allowed) is on the list or under one that is. */
export function isHeavilySpoofed(domain: string): boolean {
  const labels = domain.toLowerCase().replace(/\.$/, "").split(".");
  for (let i = 0; i < labels.length - 1; i++) {
    if (HEAVILY_SPOOFED.has(labels.slice(i).join("."))) return true;
  }
  return false;
}
