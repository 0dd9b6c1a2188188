// A DNS resolver for tests (this machine has none): TXT records by name, and A and AAAA records
// from `addresses` (each name's IPv4 and IPv6 addresses, sorted by kind), ENOTFOUND for the rest,
// in the shape dns.promises.resolve answers and mailauth reads (arrays of string chunks). Names
// in `failing` (and every name under them) fail the way an unreachable or broken DNS does.
import { isIP } from "node:net";
import type { DnsResolver } from "../infra/smtp-inbound";

const dnsError = (name: string, code: string) =>
  Object.assign(new Error(`queryTxt ${code} ${name}`), { code });

export function fakeDns(
  txt: Record<string, string>,
  options: {
    addresses?: Record<string, string[]>;
    failing?: string[];
    code?: "ESERVFAIL" | "ETIMEOUT" | "ECONNREFUSED";
  } = {},
): DnsResolver {
  return async (name, type) => {
    const key = name.toLowerCase().replace(/\.$/, "");
    if (options.failing?.some((f) => key === f || key.endsWith(`.${f}`))) {
      throw dnsError(name, options.code ?? "ESERVFAIL");
    }
    const record = txt[key];
    if (type === "TXT" && record !== undefined) return [[record]];
    const family = type === "A" ? 4 : type === "AAAA" ? 6 : 0;
    const addresses = options.addresses?.[key]?.filter((address) => isIP(address) === family);
    if (addresses?.length) return addresses;
    throw dnsError(name, "ENOTFOUND");
  };
}
