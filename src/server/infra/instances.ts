// Instances on one PostgreSQL database (docs/operations.md "Many instances"). Without Redis each
// instance keeps its own realtime events, caches, session revocations and rate limits, so two of
// them on one database would silently serve stale feeds, lose events and accept signed-out
// cookies. Each instance therefore keeps a heartbeat row fresh, and a new one refuses to start
// while another is alive unless both run with REDIS_URL. The embedded database belongs to one
// process and needs none of this.
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { instances } from "../db/schema/instances";

const BEAT_MS = 10_000;
/** A row not refreshed for this long belongs to an instance that is gone. */
const ALIVE_WITHIN_SECONDS = 30;

export class SharedWithoutRedis extends Error {}

export interface Heartbeat {
  stop(): Promise<void>;
}

/** Registers this instance, refusing when it would share the database unsafely; then beats. */
export async function startHeartbeat(
  db: Db,
  { id, redis, onError }: { id: string; redis: boolean; onError: (error: unknown) => void },
): Promise<Heartbeat> {
  const others = await db
    .select({ id: instances.id, redis: instances.redis })
    .from(instances)
    .where(
      and(
        ne(instances.id, id),
        gt(instances.seenAt, sql`now() - make_interval(secs => ${ALIVE_WITHIN_SECONDS})`),
      ),
    );
  const unsafe = others.find((other) => !redis || !other.redis);
  if (unsafe) {
    const which = redis
      ? `Instance ${unsafe.id} runs without REDIS_URL and`
      : `Instance ${unsafe.id}`;
    throw new SharedWithoutRedis(
      `${which} shares this database. Instances that share a database must all set REDIS_URL (the same Redis), or they lose realtime events, serve stale caches and accept signed-out sessions. Set REDIS_URL on every instance (docs/operations.md "Many instances").`,
    );
  }
  const beat = () =>
    db
      .insert(instances)
      .values({ id, redis })
      .onConflictDoUpdate({ target: instances.id, set: { redis, seenAt: sql`now()` } });
  await beat();
  const timer = setInterval(() => {
    beat().catch(onError);
  }, BEAT_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await db.delete(instances).where(eq(instances.id, id));
    },
  };
}
