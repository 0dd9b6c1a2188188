// Live delivery of new posts: the app in a child process (in-process bus, or Redis with --redis)
// on the seeded feed database; 1,000 followers of the most-followed author connected over
// WebSocket (session cookies), plus 100 people who do not follow them (who must get nothing).
// The author then creates 20 posts through POST /api/posts (JSON {content}), one every 250 ms,
// and every follower's post.created is timed from just before the HTTP request.
// Target: delivery p99 < 1 s, nothing lost. Prints the app's RSS.
//   node --import tsx bench/post-delivery.ts [--redis]     (seed first: bench/seed-feed.ts)
//   options: FOLLOWERS=1000 OTHERS=100 POSTS=20 GAP_MS=250 REDIS_URL=redis://127.0.0.1:6379
import { execSync } from "node:child_process";
import { loadavg } from "node:os";
import pg from "pg";
import type { ServerMessage } from "../src/domain/realtime-events";
import { startApp } from "./lib/app-process";
import { assertLoopback, feedDatabaseUrl, requireSeeded } from "./lib/bench-db";
import { createSessions, deleteBenchSessions } from "./lib/sessions";
import {
  backendCpuMeter,
  busyPercent,
  formatSummary,
  machineCpu,
  mb,
  sleep,
  summarize,
} from "./lib/stats";
import { closeAll, connectClients, type Receipt } from "./lib/ws-clients";

const FOLLOWERS = Number(process.env.FOLLOWERS ?? 1000);
const OTHERS = Number(process.env.OTHERS ?? 100);
const POSTS = Math.min(200, Number(process.env.POSTS ?? 20));
const GAP_MS = Number(process.env.GAP_MS ?? 250);
const TARGET_P99_MS = 1000;
const useRedis = process.argv.includes("--redis");
const redisUrl = useRedis ? (process.env.REDIS_URL ?? "redis://127.0.0.1:6379") : undefined;
if (redisUrl) assertLoopback(redisUrl, "REDIS_URL");

const softLimit = Number(execSync("ulimit -n", { shell: "/bin/bash" }).toString().trim());
if (Number.isFinite(softLimit) && softLimit < FOLLOWERS + OTHERS + 512) {
  console.error(`ulimit -n is ${softLimit}: raise it to ${FOLLOWERS + OTHERS + 512} or more.`);
  process.exit(1);
}

const { url: databaseUrl } = feedDatabaseUrl();
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
await requireSeeded(pool, 1000, "bench/seed-feed.ts");
await deleteBenchSessions(pool);
const { rows: authors } = await pool.query<{ id: string; followers: number }>(
  `select user_id as id, followers_count as followers from profiles
   where followers_count >= $1 order by followers_count desc, user_id limit 1`,
  [Math.max(1000, FOLLOWERS)],
);
const author = authors[0];
if (!author) throw new Error(`no author with ${FOLLOWERS}+ followers: seed bench/seed-feed.ts`);
const sample = async (sql: string, count: number) => {
  const client = await pool.connect();
  try {
    await client.query("select setseed(0.5)");
    const { rows } = await client.query<{ id: string }>(sql, [author.id, count]);
    return rows.map((r) => r.id);
  } finally {
    client.release();
  }
};
const followerIds = await sample(
  "select follower_id as id from followers where following_id = $1 order by random() limit $2",
  FOLLOWERS,
);
const otherIds = await sample(
  `select user_id as id from profiles p where user_id <> $1 and not exists
     (select 1 from followers f where f.follower_id = p.user_id and f.following_id = $1)
   order by random() limit $2`,
  OTHERS,
);
const [authorSession, ...readerSessions] = await createSessions(pool, [
  author.id,
  ...followerIds,
  ...otherIds,
]);
if (!authorSession) throw new Error("no author session");
const app = await startApp({ databaseUrl, redisUrl });
const idle = await app.stats();
console.log(
  `app on ${app.url}, bus ${useRedis ? `redis (${redisUrl})` : "in-process"}; author with ${author.followers} followers; RSS idle ${mb(idle.rss)}; load average ${loadavg()[0]?.toFixed(1)}`,
);

const log: Receipt[] = [];
const keep = (m: ServerMessage) => m.type === "post.created";
const connectStarted = performance.now();
const { clients, failures } = await connectClients(app.url, readerSessions, 50, log, keep);
const follows = new Set(followerIds);
const connectedFollowers = clients.filter((c) => follows.has(c.userId));
const connected = await app.stats();
console.log(
  `connected ${connectedFollowers.length}/${followerIds.length} followers + ${clients.length - connectedFollowers.length}/${otherIds.length} others in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s` +
    (failures.length ? `; failures: ${[...new Set(failures)].join(", ")}` : ""),
);
console.log(
  `RSS with ${clients.length} sockets: app ${mb(connected.rss)} (+${mb(connected.rss - idle.rss)}), client process ${mb(process.memoryUsage().rss)}`,
);

interface Sent {
  t0: number;
  httpMs: number;
  status: number;
  postId?: string;
}
const sent: Sent[] = [];
const cpuBefore = {
  machine: machineCpu(),
  pg: backendCpuMeter(app.database),
  self: process.cpuUsage(),
  at: performance.now(),
};
const runTag = Date.now().toString(36);
for (let i = 0; i < POSTS; i++) {
  const record: Sent = { t0: performance.now(), httpMs: 0, status: 0 };
  sent.push(record);
  try {
    const response = await fetch(`${app.url}/api/posts`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: authorSession.cookie,
        "x-forwarded-for": `10.4.0.${i & 255}`,
      },
      body: JSON.stringify({ content: `Delivery check ${i + 1} of ${POSTS} (${runTag}) 🚀` }),
      signal: AbortSignal.timeout(10_000),
    });
    record.status = response.status;
    const body = (await response.json()) as { post?: { id: string } };
    record.httpMs = performance.now() - record.t0;
    record.postId = body.post?.id;
  } catch {
    record.status = -1;
  }
  await sleep(GAP_MS);
}
const created = sent.filter((s): s is Sent & { postId: string } => Boolean(s.postId));
const expected = created.length * connectedFollowers.length;
const received = () => log.filter((r) => r.message.type === "post.created").length;
for (let waited = 0; waited < 5_000 && received() < expected; waited += 50) await sleep(50);
const self = process.cpuUsage(cpuBefore.self);
const cpuAfter = { machine: machineCpu(), pg: cpuBefore.pg(), at: performance.now() };
const after = await app.stats();

// First post.created per (post, socket), timed from the request that created the post.
const byPost = new Map(created.map((s) => [s.postId, s]));
const arrivals = new Map<string, number>();
let duplicates = 0;
for (const r of log) {
  if (r.message.type !== "post.created") continue;
  const key = `${r.message.post.id}/${r.client}`;
  if (arrivals.has(key)) duplicates++;
  else arrivals.set(key, r.at);
}
const delivery: number[] = [];
const firstPerPost: number[] = [];
const lastPerPost: number[] = [];
let lost = 0;
let beforeResponse = 0;
for (const post of created) {
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  for (const client of connectedFollowers) {
    const at = arrivals.get(`${post.postId}/${client.index}`);
    if (at === undefined) {
      lost++;
      continue;
    }
    delivery.push(at - post.t0);
    first = Math.min(first, at - post.t0);
    last = Math.max(last, at - post.t0);
    if (at - post.t0 <= post.httpMs) beforeResponse++;
  }
  if (last > 0) firstPerPost.push(first);
  if (last > 0) lastPerPost.push(last);
}
const others = new Set(clients.filter((c) => !follows.has(c.userId)).map((c) => c.index));
const wrong = [...arrivals.keys()].filter((key) => {
  const [postId, client] = key.split("/");
  return byPost.has(postId as string) && others.has(Number(client));
}).length;

const summary = summarize(delivery);
console.log(
  `\n${sent.length} posts (${created.length} answered 201), one every ${GAP_MS} ms + the request`,
);
console.log(`HTTP response              ${formatSummary(summarize(created.map((s) => s.httpMs)))}`);
console.log(`post.created → followers   ${formatSummary(summary)}`);
console.log(`  first follower per post  ${formatSummary(summarize(firstPerPost))}`);
console.log(`  last follower per post   ${formatSummary(summarize(lastPerPost))}`);
console.log(
  `  ${delivery.length}/${expected} delivered, ${lost} lost, ${duplicates} duplicates, ${wrong} to non-followers; ${beforeResponse} before the HTTP response`,
);
const wall = cpuAfter.at - cpuBefore.at;
const appMs = after.cpuUserMs + after.cpuSystemMs - connected.cpuUserMs - connected.cpuSystemMs;
const oursMs = appMs + cpuAfter.pg + (self.user + self.system) / 1000;
console.log(
  `app RSS after ${mb(after.rss)}; during the posts (${(wall / 1000).toFixed(1)} s) app CPU ${((appMs / wall) * 100).toFixed(0)}% of a core, machine ${busyPercent(cpuBefore.machine, cpuAfter.machine).toFixed(0)}% of 2 cores busy (this bench ${((oursMs / wall / 2) * 100).toFixed(0)}%)`,
);
console.log(
  `target p99 < ${TARGET_P99_MS} ms, nothing lost: ${summary.p99 < TARGET_P99_MS && lost === 0 && wrong === 0 && created.length === POSTS ? "met" : "MISSED"}`,
);

closeAll(clients);
await sleep(500);
await app.stop();
// The bench's posts would otherwise top the feeds of this author's followers in later runs.
const removed = await pool.query("delete from posts where user_id = $1 and content like $2", [
  author.id,
  `Delivery check % (${runTag}) %`,
]);
await pool.query("vacuum posts"); // keeps the visibility map whole for index-only scans
console.log(
  `removed ${removed.rowCount} bench posts, ${await deleteBenchSessions(pool)} bench sessions`,
);
await pool.end();
