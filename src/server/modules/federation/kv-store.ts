// Fedify's KvStore on the fed_kv table (docs/federation.md "Storage"): the library keeps there the
// remote keys and documents it has fetched, which signature scheme each server takes, and the ids
// of the activities it has processed. Remote keys, read for every signed request, are also held in
// memory for a minute: a key that changed on its server fails verification, and the library then
// fetches it again, whatever any cache holds.
import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from "@fedify/fedify";
import type { Db } from "../../db/client";
import { kvCompareAndSet, kvDelete, kvGet, kvList, kvSet } from "./store-queries";

const keyOf = (key: KvKey) => JSON.stringify(key);

type Ttl = NonNullable<KvStoreSetOptions["ttl"]>;
/** Each duration's milliseconds, worked out once: the library passes the same few Duration objects
 * (patches/@fedify+fedify+2.3.6.patch), and the polyfill's `total` costs about 7 µs a call. */
const ttlMs = new WeakMap<Ttl, number>();
function ttlOf(options?: KvStoreSetOptions): number | null {
  const ttl = options?.ttl;
  if (!ttl) return null;
  let ms = ttlMs.get(ttl);
  if (ms === undefined) {
    ms = ttl.total({ unit: "milliseconds" });
    ttlMs.set(ttl, ms);
  }
  return ms;
}

const REMOTE_KEYS = keyOf(["_fedify", "publicKey"]).slice(0, -1);
const HELD_MS = 60_000;
const HELD_MAX = 10_000;

export class TableKvStore implements KvStore {
  readonly #held = new Map<string, { value: unknown; until: number }>();

  constructor(private readonly db: Db) {}

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const k = keyOf(key);
    const held = k.startsWith(REMOTE_KEYS) ? this.#held.get(k) : undefined;
    if (held && held.until > Date.now()) return held.value as T;
    const value = await kvGet(this.db, k);
    if (value != null && k.startsWith(REMOTE_KEYS)) this.#hold(k, value);
    return value as T | undefined;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const k = keyOf(key);
    this.#held.delete(k);
    await kvSet(this.db, { key: k, value, ttlMs: ttlOf(options) });
  }

  async delete(key: KvKey): Promise<void> {
    const k = keyOf(key);
    this.#held.delete(k);
    await kvDelete(this.db, k);
  }

  cas = (key: KvKey, expected: unknown, next: unknown, options?: KvStoreSetOptions) => {
    const k = keyOf(key);
    this.#held.delete(k);
    return kvCompareAndSet(this.db, { key: k, expected, next, ttlMs: ttlOf(options) });
  };

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    // `["a"` matches the key ["a"] and every key that goes on from it: JSON quotes each part.
    const start = prefix ? keyOf(prefix).slice(0, -1) : "";
    for (const row of await kvList(this.db, start)) {
      yield { key: JSON.parse(row.key) as KvKey, value: row.value };
    }
  }

  #hold(key: string, value: unknown) {
    if (this.#held.size >= HELD_MAX) {
      const oldest = this.#held.keys().next().value;
      if (oldest !== undefined) this.#held.delete(oldest);
    }
    this.#held.set(key, { value, until: Date.now() + HELD_MS });
  }
}
