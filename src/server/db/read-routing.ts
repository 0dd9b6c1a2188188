// Which server answers a read that a replica may serve (docs/operations.md "Read replicas"). Only
// reads made while answering a request that changes nothing (GET, HEAD) go to a replica, and
// only the ones their query module routes through `onReplica`: anything else (a write request's
// reads, the outbox, jobs, sign-in) reads the primary. A read the replica fails is answered by
// the primary: the client never sees the replica's error.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Db } from "./handle";
import type { ReplicaSet } from "./replicas";

interface ReadContext {
  /** The WAL position of this client's last write (0: none known); null: a request that writes,
   * whose reads all go to the primary. */
  minLsn: bigint | null;
}

const requestReads = new AsyncLocalStorage<ReadContext>();
const replicasOf = new WeakMap<Db, ReplicaSet>();

/** Lets `onReplica(db, …)` send reads to `replicas`. */
export function readThrough(db: Db, replicas: ReplicaSet): void {
  replicasOf.set(db, replicas);
}

/** Runs `work` (a request) with its reads allowed on replicas that hold `minLsn`; null: none. */
export function readingAfter(minLsn: bigint | null, work: () => void): void {
  requestReads.run({ minLsn }, work);
}

/** `read(handle)` on a replica of `db` when one may serve it, else `read(db)`; `changedAt`
 * (performance.now()) asks for a replica holding every commit made before it. */
export async function onReplica<T>(
  db: Db,
  read: (handle: Db) => Promise<T>,
  changedAt = Number.NEGATIVE_INFINITY,
): Promise<T> {
  const replicas = replicasOf.get(db);
  const context = requestReads.getStore();
  if (!replicas || context?.minLsn == null) return read(db);
  const replica = replicas.pick({ minLsn: context.minLsn, changedAt });
  if (!replica) return read(db);
  let rows: T;
  try {
    rows = await read(replica.db);
  } catch {
    replica.done(true);
    return read(db);
  }
  replica.done(false);
  return rows;
}
