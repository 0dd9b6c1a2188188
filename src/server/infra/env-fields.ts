// The shapes of environment values config.ts reads (ARCHITECTURE.md "Contracts"): ports, DNS
// servers, addresses and ranges, comma lists, figure pairs and URLs, each refusing a bad value with
// a message that says what it must be.
import { isIP, isIPv4, isIPv6 } from "node:net";
import ipaddr from "ipaddr.js";
import { z } from "zod";

export const port = z.coerce.number().int().min(0).max(65535);
/** A DNS server as node:dns's setServers takes it: `ip`, `ipv4:port` or `[ipv6]:port`. */
export function isDnsServer(entry: string): boolean {
  const validPort = (text: string | undefined) => Number(text) >= 1 && Number(text) <= 65535;
  const ipv6WithPort = entry.match(/^\[(.+)\]:(\d{1,5})$/);
  if (ipv6WithPort) return isIPv6(ipv6WithPort[1] ?? "") && validPort(ipv6WithPort[2]);
  const ipv4WithPort = entry.match(/^([\d.]+):(\d{1,5})$/);
  if (ipv4WithPort) return isIPv4(ipv4WithPort[1] ?? "") && validPort(ipv4WithPort[2]);
  return isIP(entry) !== 0;
}
/** `host:port`, a name or an IPv4 address, or `[ipv6]:port` (a Redis sentinel). */
const HOST_PORT = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9.-]+)):(\d{1,5})$/i;
export const isHostPort = (entry: string) => {
  const match = entry.match(HOST_PORT);
  const portNumber = Number(match?.[3]);
  return (
    match !== null &&
    (match[1] === undefined || isIPv6(match[1])) &&
    portNumber >= 1 &&
    portNumber <= 65535
  );
};
/** `host:port` → `{ host, port }`, for an entry `isHostPort` accepted. */
export function hostPort(entry: string): { host: string; port: number } {
  const match = entry.match(HOST_PORT);
  return { host: match?.[1] ?? match?.[2] ?? "", port: Number(match?.[3]) };
}
/** An address (`127.0.0.1`, `::1`) or a CIDR range (`10.0.0.0/8`). */
export const isAddressOrRange = (entry: string) =>
  entry.includes("/") ? ipaddr.isValidCIDR(entry) : isIP(entry) !== 0;
/** `a, b,,c` → `["a", "b", "c"]`. */
export const commaList = () =>
  z.string().transform((value) =>
    value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
  );
/** `new,others`: a figure for accounts under 30 days old, then one for the others. */
export const newAndOthers = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) => value.split(",").map((entry) => Number(entry.trim())))
    .refine(
      (figures) => figures.length === 2 && figures.every((n) => Number.isInteger(n) && n >= 1),
      { message: "must be two whole numbers, new accounts' then the others' (100,500)" },
    )
    .transform(([newAccount, others]) => ({ newAccount: newAccount ?? 0, others: others ?? 0 }));
export const url = (protocols: string[]) =>
  z.url().refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), {
    message: `must use ${protocols.join(" or ")}`,
  });
