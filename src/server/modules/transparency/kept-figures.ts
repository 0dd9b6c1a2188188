// The transparency report's counts, kept in memory per database (docs/safety.md "Transparency
// report" → "Caching"): a past year's counts change only when an account they count is deleted,
// so they are kept an hour; the current year's, and which years have records, a minute. The
// moderators' statement is never kept here: it is read on every answer, so an edit shows at once.
import type { Db } from "../../db/client";
import { KeyedCache } from "../../infra/keyed-cache";

export const PAST_YEAR_MS = 3_600_000;
export const LIVE_MS = 60_000;

/** A cache per database of values each kept for up to `ttlMs` (jittered, as KeyedCache does). */
export function keptPerDb<K, V>(maxBytes: number) {
  const caches = new WeakMap<Db, KeyedCache<K, V>>();
  return async (db: Db, key: K, ttlMs: number, count: () => Promise<V>): Promise<V> => {
    let cache = caches.get(db);
    if (!cache) {
      cache = new KeyedCache<K, V>({ ttlMs: PAST_YEAR_MS, maxBytes });
      caches.set(db, cache);
    }
    const held = cache.get(key);
    if (held !== undefined) return held;
    const value = await count();
    cache.put(key, value, { notAfter: Date.now() + ttlMs });
    return value;
  };
}
