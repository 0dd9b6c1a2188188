// A DNS resolver for tests (this machine has none): TXT records by name, ENOTFOUND for the rest,
// in the shape dns.promises.resolve answers and mailauth reads (arrays of string chunks).
import type { DnsResolver } from "../infra/smtp-inbound";

export function fakeDns(txt: Record<string, string>): DnsResolver {
  return async (name, type) => {
    const record = txt[name.toLowerCase().replace(/\.$/, "")];
    if (type === "TXT" && record !== undefined) return [[record]];
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  };
}
