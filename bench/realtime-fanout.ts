// Realtime delivery with 2,000 connected users: the real app (in-process bus, or Redis pub/sub
// with --redis) in a child process, 2,000 WebSocket clients signed in as seeded users (session
// rows inserted directly), each watching 2 of 10 "hot" connected profiles. Then 200 follows
// through POST /api/follows/toggle (20/s, at most 10 in flight), each between two connected
// users, half of them on a hot profile. Measures, from just before the HTTP request:
//  - follow.changed at the followed user's socket (the target: p99 < 250 ms);
//  - profile.counts at every watcher of a hot profile (the wide fan-out, ~400 sockets each);
// and the app's RSS with everyone connected.
//   node --import tsx bench/realtime-fanout.ts [--redis]     (seed first: bench/seed-social.ts)
//   options: CLIENTS=2000 FOLLOWS=200 RATE=20 REDIS_URL=redis://127.0.0.1:6379
import { execSync } from "node:child_process";
import { loadavg } from "node:os";
import pg from "pg";
import type { ServerMessage } from "../src/domain/realtime-events";
import { startApp } from "./lib/app-process";
import { assertLoopback, benchDatabaseUrl, requireSeeded } from "./lib/bench-db";
import { counterDrift, reportDrift } from "./lib/counters";
import { analyzeDeliveries, type Follow, waitForDeliveries } from "./lib/delivery";
import { recordRow } from "./lib/results";
import { createSessions, deleteBenchSessions, sampleUsers } from "./lib/sessions";
import {
  backendCpuMeter,
  busyPercent,
  formatSummary,
  machineCpu,
  mb,
  random,
  sleep,
  summarize,
} from "./lib/stats";
import { closeAll, connectClients, flushAll, type Receipt } from "./lib/ws-clients";

const CLIENTS = Number(process.env.CLIENTS ?? 2000);
const FOLLOWS = Number(process.env.FOLLOWS ?? 200);
const RATE = Number(process.env.RATE ?? 20);
const MAX_IN_FLIGHT = 10;
const HOT = 10;
const WATCHES_PER_CLIENT = 2;
const TARGET_P99_MS = 250;
const useRedis = process.argv.includes("--redis");
const redisUrl = useRedis ? (process.env.REDIS_URL ?? "redis://127.0.0.1:6379") : undefined;
if (redisUrl) assertLoopback(redisUrl, "REDIS_URL");

// Each process holds one descriptor per socket (this one the clients, the app the server side).
const softLimit = Number(execSync("ulimit -n", { shell: "/bin/bash" }).toString().trim());
const needed = CLIENTS + 512;
console.log(
  `open-file limit (ulimit -n) ${softLimit}; ${CLIENTS} clients need about ${needed} per process`,
);
if (Number.isFinite(softLimit) && softLimit < needed) {
  console.error(
    `The open-file limit is too low for ${CLIENTS} sockets. Raise it first, e.g. \`ulimit -n ${Math.max(8192, needed)}\`\n` +
      "in this shell (the hard limit is `ulimit -Hn`), or run with fewer: CLIENTS=500.",
  );
  process.exit(1);
}

const { url: databaseUrl } = benchDatabaseUrl();
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
await requireSeeded(pool);
await deleteBenchSessions(pool);
const sessions = await createSessions(pool, await sampleUsers(pool, CLIENTS, 0.61));
const app = await startApp({ databaseUrl, redisUrl });
const idle = await app.stats();
console.log(
  `app on ${app.url}, bus ${useRedis ? `redis (${redisUrl})` : "in-process"}; RSS idle ${mb(idle.rss)}; load average ${loadavg()[0]?.toFixed(1)}`,
);

const log: Receipt[] = [];
const keep = (m: ServerMessage) => m.type === "follow.changed" || m.type === "profile.counts";
const connectStarted = performance.now();
const { clients, failures, connectMs } = await connectClients(app.url, sessions, 50, log, keep);
const connectedIn = performance.now() - connectStarted;
console.log(
  `connected ${clients.length}/${CLIENTS} in ${(connectedIn / 1000).toFixed(1)} s (${formatSummary(summarize(connectMs), 0)} per upgrade)` +
    (failures.length ? `; failures: ${[...new Set(failures)].join(", ")}` : ""),
);

const next = random(23);
const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
const hot = clients.slice(0, HOT);
const watchers = new Map<string, number[]>(hot.map((c) => [c.userId, []]));
for (const client of clients) {
  const chosen = new Set<string>();
  for (let tries = 0; chosen.size < WATCHES_PER_CLIENT && tries < 50; tries++) {
    chosen.add(pick(hot).userId);
  }
  for (const userId of chosen) {
    client.socket.send(JSON.stringify({ type: "watch-profile", userId }));
    watchers.get(userId)?.push(client.index);
  }
}
const unanswered = await flushAll(clients);
const connected = await app.stats();
const selfRss = process.memoryUsage().rss;
console.log(
  `RSS with ${clients.length} clients: app ${mb(connected.rss)} (+${mb(connected.rss - idle.rss)}, ${((connected.rss - idle.rss) / clients.length / 1024).toFixed(1)} KB a connection), client process ${mb(selfRss)}` +
    (unanswered ? `; ${unanswered} pings unanswered` : ""),
);

const follows: Follow[] = [];
const busy = new Set<number>();
let inFlight = 0;
const deadline = performance.now() + (FOLLOWS / RATE) * 1000 + 60_000;
async function follow(actorIndex: number, targetIndex: number) {
  const actor = clients[actorIndex];
  const target = clients[targetIndex];
  if (!actor || !target) return;
  const record: Follow = {
    actor: actor.index,
    target: target.index,
    followerId: actor.userId,
    followingId: target.userId,
    t0: performance.now(),
    status: 0,
    httpMs: 0,
  };
  follows.push(record);
  try {
    const response = await fetch(`${app.url}/api/follows/toggle`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: actor.cookie,
        "x-forwarded-for": `10.3.${actor.index >> 8}.${actor.index & 255}`,
      },
      body: JSON.stringify({ targetUserId: target.userId }),
      signal: AbortSignal.timeout(10_000),
    });
    record.status = response.status;
    const body = (await response.json()) as { counts?: unknown };
    record.httpMs = performance.now() - record.t0;
    record.counts = JSON.stringify(body.counts);
  } catch {
    record.status = -1;
  }
}

const fired: Promise<void>[] = [];
const cpuBefore = {
  machine: machineCpu(),
  pg: backendCpuMeter(app.database),
  self: process.cpuUsage(),
  at: performance.now(),
};
for (let i = 0; i < FOLLOWS && performance.now() < deadline; i++) {
  while (inFlight >= MAX_IN_FLIGHT && performance.now() < deadline) await sleep(5);
  let actor = Math.floor(next() * clients.length);
  let target = next() < 0.5 ? Math.floor(next() * HOT) : Math.floor(next() * clients.length);
  for (
    let tries = 0;
    tries < 100 && (actor === target || busy.has(actor) || busy.has(target));
    tries++
  ) {
    actor = Math.floor(next() * clients.length);
    target = next() < 0.5 ? Math.floor(next() * HOT) : Math.floor(next() * clients.length);
  }
  busy.add(actor).add(target);
  inFlight++;
  fired.push(
    follow(actor, target).finally(() => {
      inFlight--;
      busy.delete(actor);
      busy.delete(target);
    }),
  );
  await sleep(1000 / RATE);
}
await Promise.all(fired);
const self = process.cpuUsage(cpuBefore.self);
const cpuAfter = { machine: machineCpu(), pg: cpuBefore.pg(), at: performance.now() };
const after = await app.stats();

const ok = follows.filter((f) => f.status === 200);
await waitForDeliveries(ok, log, 5_000);
const { delivery, missing, beforeResponse, fanout, lastWatcher, reached, expected } =
  analyzeDeliveries(ok, log, watchers);

const http = summarize(ok.map((f) => f.httpMs));
const changed = summarize(delivery);
console.log(
  `\n${follows.length} follows (${ok.length} answered 200) at ${RATE}/s, at most ${MAX_IN_FLIGHT} in flight`,
);
console.log(`HTTP response            ${formatSummary(http)}`);
console.log(`follow.changed → target  ${formatSummary(changed)}; ${missing} not delivered`);
console.log(`  arrived before the HTTP response in ${beforeResponse}/${delivery.length}`);
console.log(
  `profile.counts → watchers ${formatSummary(summarize(fanout))}; reached ${reached}/${expected}`,
);
console.log(`  last watcher per follow ${formatSummary(summarize(lastWatcher))}`);
const wall = cpuAfter.at - cpuBefore.at;
const appMs = after.cpuUserMs + after.cpuSystemMs - connected.cpuUserMs - connected.cpuSystemMs;
const oursMs = appMs + cpuAfter.pg + (self.user + self.system) / 1000;
console.log(
  `app RSS after ${mb(after.rss)}; during the follows (${(wall / 1000).toFixed(1)} s) app CPU ${((appMs / wall) * 100).toFixed(0)}% of a core, machine ${busyPercent(cpuBefore.machine, cpuAfter.machine).toFixed(0)}% of 2 cores busy (this bench ${((oursMs / wall / 2) * 100).toFixed(0)}%)`,
);
const met = changed.p99 < TARGET_P99_MS && missing === 0;
console.log(`target follow.changed p99 < ${TARGET_P99_MS} ms: ${met ? "met" : "MISSED"}`);
recordRow({
  bench: "realtime",
  load: `${follows.length} follows at ${RATE}/s, ${clients.length.toLocaleString("en")} sockets: follow.changed`,
  requestsPerSec: (ok.length / wall) * 1000,
  p50Ms: changed.p50,
  p99Ms: changed.p99,
  maxMs: changed.max,
  errors: follows.length - ok.length + missing,
  cpuAppMs: appMs / Math.max(1, ok.length),
  cpuPostgresMs: cpuAfter.pg / Math.max(1, ok.length),
  target: { text: `delivery p99 < ${TARGET_P99_MS} ms, none lost`, met },
});

closeAll(clients);
await sleep(500);
await app.stop();
const touched = [...new Set(follows.flatMap((f) => [f.followerId, f.followingId]))];
reportDrift(await counterDrift(pool, touched), touched.length);
console.log(`removed ${await deleteBenchSessions(pool)} bench sessions`);
await pool.end();
