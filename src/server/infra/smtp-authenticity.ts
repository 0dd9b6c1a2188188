// What the inbound SMTP server does with SPF, DKIM and DMARC (docs/mail.md "Authenticity"):
// mailauth checks them through the resolver it is given; this module turns the results into
// accept, accept marked suspicious, refuse (5xx) or "try again later" (4xx).
//
// - DMARC pass: accept. DMARC policy unreadable (a temporary DNS failure, RFC 9989 §4.10): 451,
//   so real senders retry and a forgery is never let through because DNS was down.
// - DMARC fail under p=reject: 550; under p=quarantine: accepted and marked suspicious.
// - A From domain on the heavily spoofed list (spoofed-domains.ts) is accepted only when DMARC
//   passes: 550 otherwise.
// - A refusal or a mark that would come from an SPF or DKIM check that failed on DNS, for a domain
//   that could have aligned, is a 451 instead: the same message may well pass once DNS answers.
import { authenticate } from "mailauth";
import type { DnsResolver } from "./dns-resolver";
import { isHeavilySpoofed } from "./spoofed-domains";

export type Verdict =
  | { accept: true; suspicious: boolean }
  | { accept: false; code: 451 | 550; message: string };

export interface AuthenticityInput {
  raw: Buffer;
  /** The connecting client's address and what it said in HELO/EHLO. */
  ip: string;
  helo: string;
  /** MAIL FROM, "" for a bounce. */
  sender: string;
  /** Our own domain, the authserv-id. */
  mta: string;
  /** Domains of every address in the From header, lower case. */
  fromDomains: string[];
  resolver: DnsResolver;
}

const accept = (suspicious: boolean): Verdict => ({ accept: true, suspicious });
const DNS_FAILED = "4.4.3 DNS is not answering for your domain now, try again later";

/** A domain that could align with one of the author's (the same organisation, RFC 9989 §4.4). */
const related = (domain: string, bases: string[]) =>
  bases.some(
    (base) => domain === base || domain.endsWith(`.${base}`) || base.endsWith(`.${domain}`),
  );

export async function checkAuthenticity(input: AuthenticityInput): Promise<Verdict> {
  const { dkim, spf, dmarc } = await authenticate(input.raw, {
    ip: input.ip,
    helo: input.helo,
    sender: input.sender,
    mta: input.mta,
    resolver: input.resolver as never,
    disableArc: true,
    disableBimi: true,
  });
  const result = dmarc ? dmarc.status.result : "none";
  if (result === "pass") return accept(false);
  if (result === "temperror") return { accept: false, code: 451, message: DNS_FAILED };

  const policy = dmarc && result === "fail" ? dmarc.policy : "none";
  const spoofed = input.fromDomains.some(isHeavilySpoofed);
  if (!spoofed && policy !== "reject" && policy !== "quarantine") return accept(false);

  const authorDomains = [...input.fromDomains, ...(dmarc ? [dmarc.domain] : [])];
  const dnsFailed =
    (spf && spf.status.result === "temperror" && related(spf.domain, authorDomains)) ||
    dkim.results.some(
      (signature) =>
        signature.status.result === "temperror" &&
        related((signature.signingDomain ?? "").toLowerCase(), authorDomains),
    );
  if (dnsFailed) return { accept: false, code: 451, message: DNS_FAILED };

  const domain = dmarc ? dmarc.domain : (input.fromDomains[0] ?? "");
  if (policy === "reject") {
    return { accept: false, code: 550, message: `5.7.1 Rejected by the DMARC policy of ${domain}` };
  }
  if (spoofed) {
    return {
      accept: false,
      code: 550,
      message: `5.7.1 Mail from ${domain} is accepted only when it passes DMARC`,
    };
  }
  return accept(true);
}
