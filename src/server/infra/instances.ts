// Instances on one PostgreSQL database (docs/operations.md "Many instances"). Without Redis each
// instance keeps its own realtime events, caches, session revocations and rate limits, so two of
// them on one database would silently serve stale feeds, lose events and accept signed-out
// cookies; two on different Redis servers would do the same. So before it touches the database
// (migrations included) a starting instance reads the others seen alive, and refuses while another
// is alive unless both run with REDIS_URL and it finds, in its own Redis, the probe each of them
// keeps there. Then it keeps its own row and probe fresh. The embedded database belongs to one
// process and needs none of this.
import { randomBytes } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import { type Db, queryRows } from "../db/client";
import { instances } from "../db/schema/instances";

const BEAT_MS = 10_000;
/** A row not refreshed for this long belongs to an instance that is gone. */
const ALIVE_WITHIN_SECONDS = 30;
/** A probe outlives a few missed beats; a Redis restarted empty has it again at the next beat. */
const PROBE_TTL_SECONDS = 60;
/** How long a missing probe is looked for again (a beat and a half) before the start is refused. */
const PROBE_WAIT_MS = 15_000;

export class InstanceRefused extends Error {}

const probeKey = (id: string) => `instance-probe:${id}`;

interface OtherInstance {
  id: string;
  redis: boolean;
  redisProbe: string | null;
}

/** The other instances seen alive. Read before migrations run, so the table may be missing (a new
 * database: nobody else is there) or without the probe column (an older release's rows). */
async function othersAlive(db: Db, id: string): Promise<OtherInstance[]> {
  const [table] = await queryRows<{ name: string | null }>(
    db,
    sql`select to_regclass('instances')::text as name`,
  );
  if (!table?.name) return [];
  return queryRows<OtherInstance>(
    db,
    sql`select i.id, i.redis, to_jsonb(i) ->> 'redis_probe' as "redisProbe" from instances i
      where i.id <> ${id} and i.seen_at > now() - make_interval(secs => ${ALIVE_WITHIN_SECONDS})`,
  );
}

/** Refuses (InstanceRefused, naming REDIS_URL) when this instance would share the database
 * unsafely: it or another alive one runs without Redis, or another one's probe is not in this
 * instance's Redis (looked for again for PROBE_WAIT_MS). */
export async function admitInstance(
  db: Db,
  {
    id,
    redis,
    probeWaitMs = PROBE_WAIT_MS,
  }: { id: string; redis: Redis | undefined; probeWaitMs?: number },
): Promise<void> {
  const others = await othersAlive(db, id);
  const unsafe = others.find((other) => !redis || !other.redis);
  if (unsafe) {
    const which = redis
      ? `Instance ${unsafe.id} runs without REDIS_URL and`
      : `Instance ${unsafe.id}`;
    throw new InstanceRefused(
      `${which} shares this database. Instances that share a database must all set REDIS_URL (the same Redis), or they lose realtime events, serve stale caches and accept signed-out sessions. Set REDIS_URL on every instance (docs/operations.md "Many instances").`,
    );
  }
  if (!redis) return;
  const deadline = Date.now() + probeWaitMs;
  for (const other of others) {
    if (other.redisProbe === null) continue;
    while ((await redis.get(probeKey(other.id))) !== other.redisProbe) {
      if (Date.now() > deadline) {
        throw new InstanceRefused(
          `Instance ${other.id} shares this database but not this Redis: its probe is not in the Redis at REDIS_URL. Instances that share a database must all set REDIS_URL to the same Redis, or they lose realtime events, serve stale caches and accept signed-out sessions (docs/operations.md "Many instances").`,
        );
      }
      await delay(Math.min(1_000, probeWaitMs));
    }
  }
}

export interface Heartbeat {
  stop(): Promise<void>;
}

/** Registers this instance (its probe in Redis first, then its row), then beats every BEAT_MS. */
export async function startHeartbeat(
  db: Db,
  {
    id,
    redis,
    onError,
  }: { id: string; redis: Redis | undefined; onError: (error: unknown) => void },
): Promise<Heartbeat> {
  const probe = redis ? randomBytes(16).toString("hex") : null;
  const beat = async () => {
    if (redis && probe) await redis.set(probeKey(id), probe, "EX", PROBE_TTL_SECONDS);
    await db
      .insert(instances)
      .values({ id, redis: redis !== undefined, redisProbe: probe })
      .onConflictDoUpdate({
        target: instances.id,
        set: { redis: redis !== undefined, redisProbe: probe, seenAt: sql`now()` },
      });
  };
  await beat();
  const timer = setInterval(() => {
    beat().catch(onError);
  }, BEAT_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await db.delete(instances).where(eq(instances.id, id));
      await redis?.del(probeKey(id));
    },
  };
}
