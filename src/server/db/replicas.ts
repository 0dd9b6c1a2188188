// PostgreSQL streaming replicas that serve some reads (docs/operations.md "Read replicas").
// Every `pollMs` the primary's WAL position is sampled, then each replica's replayed position: a
// replica that has replayed a sample holds every commit made before the sample was taken. That
// moment is what routing compares with: a replica serves a read only when it has replayed the
// reader's own last write (its WAL position, db/read-routing.ts), when its lag (the time since the
// newest sample it holds) is within `maxLagMs`, and, for a read that fills a cache, when it holds
// every change the cache has heard of. A replica whose poll or read fails is skipped until a poll
// succeeds again.
import { performance } from "node:perf_hooks";
import type pg from "pg";
import type { Db } from "./handle";
import { openPools, type PostgresPools } from "./postgres-pools";

/** How often the primary's and the replicas' positions are read. */
export const REPLICA_POLL_MS = 200;
/** The lag beyond which a replica serves nothing. */
export const REPLICA_MAX_LAG_MS = 2_000;

export interface ReplicaOptions {
  urls: string[];
  pollMs?: number;
  maxLagMs?: number;
}

export interface ReplicaHealth {
  /** host:port/database, without credentials. */
  name: string;
  usable: boolean;
  /** Seconds since the newest primary position it had replayed, when last polled; null before a
   * successful poll. */
  lagSeconds: number | null;
  /** Reads it served, and reads that failed on it and were answered by the primary. */
  reads: number;
  retried: number;
}

interface Replica {
  name: string;
  pools: PostgresPools;
  /** Its replayed WAL position at the last successful poll; null while it is failing. */
  replayed: bigint | null;
  /** When the newest primary sample it has replayed was taken (performance.now()). */
  holdsUntil: number;
  reads: number;
  retried: number;
}

/** What a read asks of the replica that serves it. */
export interface ReadNeeds {
  /** The WAL position of the reader's last write: the replica must have replayed it. */
  minLsn: bigint;
  /** performance.now() of the newest change the caller has heard of (a cache's events). */
  changedAt: number;
}

/** `X/Y` (pg_lsn's text) as a number. */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split("/");
  if (!high || !low || !/^[0-9A-F]+$/i.test(high) || !/^[0-9A-F]+$/i.test(low)) {
    throw new Error(`not a WAL position: ${text}`);
  }
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

const replicaName = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
};

export class ReplicaSet {
  private readonly replicas: Replica[];
  /** The primary's sampled positions, oldest first, over the last `maxLagMs`. */
  private samples: { at: number; lsn: bigint }[] = [];
  private readonly pollMs: number;
  private readonly maxLagMs: number;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private next = 0;

  constructor(
    private readonly primary: pg.Pool,
    options: ReplicaOptions & { max: number; onError: (error: Error) => void },
  ) {
    this.pollMs = options.pollMs ?? REPLICA_POLL_MS;
    this.maxLagMs = options.maxLagMs ?? REPLICA_MAX_LAG_MS;
    this.replicas = options.urls.map((url) => ({
      name: replicaName(url),
      // Whether a replica is up is the poll's to say: once it is, reads reconnect at once rather
      // than after the backoff its failed reads built up while it was away.
      pools: openPools(url, options.max, options.onError, this.pollMs / 1000),
      replayed: null,
      holdsUntil: Number.NEGATIVE_INFINITY,
      reads: 0,
      retried: 0,
    }));
    this.timer = setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref();
    void this.poll();
  }

  /** The primary's current WAL position: a commit that has returned lies at or before it. */
  async primaryLsn(): Promise<bigint> {
    const { rows } = await this.primary.query<{ lsn: string }>(
      "select pg_current_wal_lsn()::text as lsn",
    );
    return parseLsn(rows[0]?.lsn ?? "");
  }

  /** One round of sampling (a round still running is awaited instead). */
  poll(): Promise<void> {
    this.polling ??= this.sample().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  private async sample(): Promise<void> {
    const at = performance.now();
    let lsn: bigint;
    try {
      lsn = await this.primaryLsn();
    } catch {
      return;
    }
    this.samples.push({ at, lsn });
    while (this.samples.length > 1 && (this.samples[0]?.at ?? at) < at - 2 * this.maxLagMs) {
      this.samples.shift();
    }
    await Promise.all(this.replicas.map((replica) => this.sampleReplica(replica)));
  }

  private async sampleReplica(replica: Replica): Promise<void> {
    try {
      const answer = replica.pools.pool.query<{ lsn: string }>(
        // A server that is not in recovery (a promoted replica) has written what it holds.
        "select (case when pg_is_in_recovery() then pg_last_wal_replay_lsn() else pg_current_wal_lsn() end)::text as lsn",
      );
      const { rows } = await withinMs(answer, this.maxLagMs);
      const replayed = parseLsn(rows[0]?.lsn ?? "");
      replica.replayed = replayed;
      for (const sample of this.samples) {
        if (sample.lsn <= replayed && sample.at > replica.holdsUntil)
          replica.holdsUntil = sample.at;
      }
    } catch {
      replica.replayed = null;
    }
  }

  private usable(replica: Replica, now: number): boolean {
    return replica.replayed !== null && now - replica.holdsUntil <= this.maxLagMs;
  }

  /** A replica that may serve a read with these needs, taken in turn; null: the primary. */
  pick(needs: ReadNeeds): { db: Db; done(failed: boolean): void } | null {
    const now = performance.now();
    const count = this.replicas.length;
    for (let i = 0; i < count; i++) {
      const replica = this.replicas[(this.next + i) % count];
      if (!replica || !this.usable(replica, now)) continue;
      if ((replica.replayed ?? 0n) < needs.minLsn || replica.holdsUntil < needs.changedAt) continue;
      this.next = (this.next + i + 1) % count;
      return {
        db: replica.pools.db as unknown as Db,
        done: (failed) => {
          if (!failed) {
            replica.reads++;
            return;
          }
          replica.retried++;
          replica.replayed = null;
        },
      };
    }
    return null;
  }

  health(): ReplicaHealth[] {
    const now = performance.now();
    return this.replicas.map((replica) => ({
      name: replica.name,
      usable: this.usable(replica, now),
      lagSeconds:
        replica.holdsUntil === Number.NEGATIVE_INFINITY
          ? null
          : Math.max(0, now - replica.holdsUntil) / 1000,
      reads: replica.reads,
      retried: replica.retried,
    }));
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.polling;
    await Promise.all(this.replicas.map((replica) => replica.pools.close()));
  }
}

function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
