// DNS for inbound mail's SPF, DKIM and DMARC checks (docs/mail.md "DNS"), for the addresses of
// profile websites (docs/profiles-and-media.md "Verified links") and of other servers
// (docs/federation.md "Safety"): node:dns's Resolver at
// the servers DNS_SERVERS names, or at the system's (/etc/resolv.conf) when it is unset. It answers
// in the shape of dns.promises.resolve, which is what mailauth reads (TXT: arrays of string chunks),
// and fails with the resolver's codes: ENOTFOUND (NXDOMAIN) and ENODATA are answers, anything else
// (ETIMEOUT, ESERVFAIL, ECONNREFUSED, …) is a temporary failure.
import { Resolver } from "node:dns/promises";

/** The signature of dns.promises.resolve, which mailauth calls for TXT (and MX, A, …) records. */
export type DnsResolver = (name: string, type: string) => Promise<unknown>;

/** One query waits at most this long; a DMARC Tree Walk makes at most eight (RFC 9989 §4.10). */
const QUERY_TIMEOUT_MS = 3000;

export function createDnsResolver(servers?: readonly string[]): DnsResolver {
  const resolver = new Resolver({ timeout: QUERY_TIMEOUT_MS, tries: 1 });
  if (servers?.length) resolver.setServers(servers);
  return (name, type) => resolver.resolve(name, type);
}

const NO_RECORD = new Set(["ENOTFOUND", "ENODATA"]);

/** Every A and AAAA address of `host`: none when it has no such record; any other failure of the
 * resolver throws. */
export async function addressesOf(resolver: DnsResolver, host: string): Promise<string[]> {
  const lookUp = async (type: "A" | "AAAA") => {
    try {
      return (await resolver(host, type)) as string[];
    } catch (error) {
      if (NO_RECORD.has((error as { code?: string }).code ?? "")) return [];
      throw error;
    }
  };
  const [v4, v6] = await Promise.all([lookUp("A"), lookUp("AAAA")]);
  return [...v4, ...v6];
}
