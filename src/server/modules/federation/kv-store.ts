// Fedify's KvStore on the fed_kv table (docs/federation.md "Storage"): the library keeps there the
// remote keys and documents it has fetched, which signature scheme each server takes, and the ids
// of the activities it has processed.
import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from "@fedify/fedify";
import type { Db } from "../../db/client";
import { kvCompareAndSet, kvDelete, kvGet, kvList, kvSet } from "./store-queries";

const keyOf = (key: KvKey) => JSON.stringify(key);
const ttlOf = (options?: KvStoreSetOptions) =>
  options?.ttl ? options.ttl.total({ unit: "milliseconds" }) : null;

export class TableKvStore implements KvStore {
  constructor(private readonly db: Db) {}

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    return (await kvGet(this.db, keyOf(key))) as T | undefined;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    await kvSet(this.db, { key: keyOf(key), value, ttlMs: ttlOf(options) });
  }

  async delete(key: KvKey): Promise<void> {
    await kvDelete(this.db, keyOf(key));
  }

  cas = (key: KvKey, expected: unknown, next: unknown, options?: KvStoreSetOptions) =>
    kvCompareAndSet(this.db, { key: keyOf(key), expected, next, ttlMs: ttlOf(options) });

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    // `["a"` matches the key ["a"] and every key that goes on from it: JSON quotes each part.
    const start = prefix ? keyOf(prefix).slice(0, -1) : "";
    for (const row of await kvList(this.db, start)) {
      yield { key: JSON.parse(row.key) as KvKey, value: row.value };
    }
  }
}
