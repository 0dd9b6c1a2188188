// Whether a server is suspended, as the inbox's door asks for every POST (bridge.ts): each host's
// answer is kept for 5 seconds, so a busy server costs one read every few seconds instead of one
// per activity. A moderator's block or unblock here drops the host's answer at once; on other
// instances it holds for up to those 5 seconds. The door only saves work: whatever a suspended
// server's activity would keep is refused again where it would be kept (remote-actors.ts takes
// none of its people; its people known here went with the suspension).
import type { Db } from "../../db/client";
import { KeyedCache } from "../../infra/keyed-cache";
import { domainBlockOf } from "./block-queries";

const HELD_MS = 5_000;
const caches = new WeakMap<Db, KeyedCache<string, boolean>>();

function cacheOf(db: Db): KeyedCache<string, boolean> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new KeyedCache<string, boolean>({ ttlMs: HELD_MS, maxBytes: 1 << 20 });
    caches.set(db, cache);
  }
  return cache;
}

export async function isSuspendedHost(db: Db, host: string): Promise<boolean> {
  const cache = cacheOf(db);
  const held = cache.get(host);
  if (held !== undefined) return held;
  const suspended = (await domainBlockOf(db, host)) === "suspend";
  cache.put(host, suspended);
  return suspended;
}

/** A moderator changed this server's block: the next POST from it reads it again. */
export const forgetSuspension = (db: Db, host: string) => cacheOf(db).invalidate(host);
