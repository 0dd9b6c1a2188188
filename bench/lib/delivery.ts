// Pairs each follow made by the realtime bench with the messages it caused: the first matching
// one at each socket after the request started (the bench never has two follows of one pair, or
// of one target, in flight at once).
import type { Receipt } from "./ws-clients";

export interface Follow {
  actor: number;
  target: number;
  followerId: string;
  followingId: string;
  /** performance.now() just before the HTTP request. */
  t0: number;
  status: number;
  httpMs: number;
  /** The target's counters from the response, as JSON. */
  counts?: string;
}

/** When the followed user's socket got follow.changed for this follow, if it did. */
export const changedAt = (log: readonly Receipt[], f: Follow) =>
  log.find(
    (r) =>
      r.client === f.target &&
      r.at >= f.t0 &&
      r.message.type === "follow.changed" &&
      r.message.followerId === f.followerId &&
      r.message.followingId === f.followingId,
  )?.at;

/** Waits (at most `timeoutMs`) until every follow's follow.changed has arrived. */
export async function waitForDeliveries(
  follows: readonly Follow[],
  log: Receipt[],
  timeoutMs: number,
) {
  const until = performance.now() + timeoutMs;
  while (follows.some((f) => changedAt(log, f) === undefined) && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function analyzeDeliveries(
  follows: readonly Follow[],
  log: readonly Receipt[],
  watchers: ReadonlyMap<string, number[]>,
) {
  const delivery: number[] = [];
  let missing = 0;
  let beforeResponse = 0;
  for (const f of follows) {
    const at = changedAt(log, f);
    if (at === undefined) {
      missing++;
      continue;
    }
    delivery.push(at - f.t0);
    if (at - f.t0 <= f.httpMs) beforeResponse++;
  }
  // profile.counts for a watched (hot) target: matched on the counters the response returned.
  const fanout: number[] = [];
  const lastWatcher: number[] = [];
  let reached = 0;
  let expected = 0;
  for (const f of follows) {
    const watching = watchers.get(f.followingId);
    if (!watching || !f.counts) continue;
    const times = new Map<number, number>();
    for (const r of log) {
      if (r.at < f.t0 || times.has(r.client) || r.message.type !== "profile.counts") continue;
      if (r.message.userId !== f.followingId || JSON.stringify(r.message.counts) !== f.counts)
        continue;
      times.set(r.client, r.at - f.t0);
    }
    expected += watching.length;
    const reachedTimes = watching.flatMap((c) => times.get(c) ?? []);
    reached += reachedTimes.length;
    fanout.push(...reachedTimes);
    if (reachedTimes.length) lastWatcher.push(Math.max(...reachedTimes));
  }
  return { delivery, missing, beforeResponse, fanout, lastWatcher, reached, expected };
}
