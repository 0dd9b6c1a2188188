// Connections at once per client address for the inbound SMTP server (docs/mail.md "Inbound"),
// so one address cannot take every place of the server's total. An IPv6 client is counted by its
// /64 network: one host is usually handed a whole /64 and could pick a new address per connection.
import { isIPv4, isIPv6 } from "node:net";

/** The key an address is counted under: the IPv4 address, or the first 64 bits of an IPv6 one. */
export function addressKey(address: string): string {
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1];
  if (mapped) return mapped;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = "", tail] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}

export class AddressSlots {
  private readonly perAddress = new Map<string, number>();
  /** Connection id → the key it holds a place under. */
  private readonly held = new Map<string, string>();

  constructor(private readonly maxPerAddress: number) {}

  /** Takes a place for a connection, or answers false when its address has them all. */
  take(connectionId: string, address: string): boolean {
    const key = addressKey(address);
    const count = this.perAddress.get(key) ?? 0;
    if (count >= this.maxPerAddress) return false;
    this.perAddress.set(key, count + 1);
    this.held.set(connectionId, key);
    return true;
  }

  /** Gives a connection's place back; a connection that never got one gives nothing. */
  release(connectionId: string): void {
    const key = this.held.get(connectionId);
    if (key === undefined) return;
    this.held.delete(connectionId);
    const count = (this.perAddress.get(key) ?? 1) - 1;
    if (count > 0) this.perAddress.set(key, count);
    else this.perAddress.delete(key);
  }

  /** Places held now (all addresses). */
  get size(): number {
    return this.held.size;
  }
}
