// Connections at once for the inbound SMTP server (docs/mail.md "Inbound"): in all, and per client
// address, so one address cannot take every place of the server's total. When every place is
// taken, a newcomer from an address holding fewer than the busiest one gets the place of that
// address's oldest session that can be closed, so clients that reconnect as soon as they are
// dropped cannot keep everyone else out. An IPv6 client is counted by its /64 network: one host is
// usually handed a whole /64 and could pick a new address per connection.
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

/** A connection let in (after `evicted`, when there was one, made way for it), or why not. */
export type Admission =
  | { admitted: true; evicted?: string }
  | { admitted: false; refusal: "address" | "full" };

export class AddressSlots {
  /** Key → its connection ids, oldest first. */
  private readonly perAddress = new Map<string, Set<string>>();
  /** Connection id → the key it holds a place under, oldest first. */
  private readonly held = new Map<string, string>();

  constructor(private readonly limits: { perAddress: number; total: number }) {}

  /**
   * Takes a place for a connection. With every place taken, a connection from an address that
   * holds fewer than the busiest address takes the place of the oldest connection of a busiest
   * address that `closable` allows (the caller closes it); otherwise it is refused.
   */
  admit(connectionId: string, address: string, closable: (id: string) => boolean): Admission {
    const key = addressKey(address);
    const holding = this.perAddress.get(key)?.size ?? 0;
    if (holding >= this.limits.perAddress) return { admitted: false, refusal: "address" };
    if (this.held.size < this.limits.total) {
      this.take(connectionId, key);
      return { admitted: true };
    }
    const busiest = Math.max(...[...this.perAddress.values()].map((ids) => ids.size));
    if (holding >= busiest) return { admitted: false, refusal: "full" };
    for (const [id, heldKey] of this.held) {
      if (this.perAddress.get(heldKey)?.size === busiest && closable(id)) {
        this.release(id);
        this.take(connectionId, key);
        return { admitted: true, evicted: id };
      }
    }
    return { admitted: false, refusal: "full" };
  }

  /** Gives a connection's place back; a connection that never got one gives nothing. */
  release(connectionId: string): void {
    const key = this.held.get(connectionId);
    if (key === undefined) return;
    this.held.delete(connectionId);
    const ids = this.perAddress.get(key);
    ids?.delete(connectionId);
    if (ids?.size === 0) this.perAddress.delete(key);
  }

  /** Places held now (all addresses). */
  get size(): number {
    return this.held.size;
  }

  private take(connectionId: string, key: string): void {
    const ids = this.perAddress.get(key) ?? new Set<string>();
    this.perAddress.set(key, ids.add(connectionId));
    this.held.set(connectionId, key);
  }
}
