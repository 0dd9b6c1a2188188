// Which IP addresses a fetch of someone else's web page may reach (docs/profiles-and-media.md
// "Verified links"): public unicast only. Refused: private (RFC 1918), loopback, link-local,
// carrier-grade NAT, multicast, broadcast, unspecified, documentation, benchmarking and the other
// reserved IPv4 ranges; for IPv6 everything outside global unicast (2000::/3) — loopback,
// unique-local, link-local, site-local, multicast, IPv4-compatible — and the ranges that carry or
// translate an IPv4 address (6to4, Teredo, NAT64). An IPv4-mapped IPv6 address (::ffff:10.0.0.1)
// is judged as the IPv4 address it carries.
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/** Ranges an operator allows although not public (LINK_CHECK_ALLOW_PRIVATE), parsed once. */
export type AllowedRanges = readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/** `10.0.0.0/8`, `127.0.0.1`, `::1`…: an address alone is a range of one. */
export function parseAllowedRanges(entries: readonly string[]): AllowedRanges {
  return entries.map((entry) => {
    if (entry.includes("/")) return ipaddr.parseCIDR(entry);
    const address = ipaddr.process(entry);
    return [address, address.kind() === "ipv4" ? 32 : 128];
  });
}

/** An IP literal as node:net reads it; anything else (a name, a legacy 0x7f.1 form) is not one. */
function parseIp(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (isIP(ip) === 0) return null;
  try {
    return ipaddr.process(ip);
  } catch {
    return null;
  }
}

function isPublic(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address.range() !== "unicast") return false;
  return address.kind() === "ipv4" || address.match(GLOBAL_UNICAST_V6);
}

/** True when a page fetch may connect to `ip`: public, or in an operator's allowed range. */
export function mayConnectTo(ip: string, allowed: AllowedRanges = []): boolean {
  const address = parseIp(ip);
  if (!address) return false;
  if (isPublic(address)) return true;
  return allowed.some(
    ([range, bits]) => range.kind() === address.kind() && address.match(range, bits),
  );
}
