// Throughput of the follow toggle (POST /api/follows/toggle) on the real app over HTTP, against the
// seeded database: 50 signed-in users, 20 autocannon connections for 20 s, every request picking
// an actor and a target (30% one of the 10 most-followed accounts, so their rows are hot and
// toggles on them queue on the row lock; 70% one of 2,000 ordinary users). Prints requests/s,
// latency p50/p99/max, non-2xx responses and the server's CPU use, then checks that the
// counters of every touched profile equal a recount from the followers table.
//   node --import tsx bench/follow-throughput.ts     (seed first: bench/seed-social.ts)
//   options: DURATION=20 (at most 120) CONNECTIONS=20 ACTORS=50 POOL=10 HOT_SHARE=0.3
// The app runs in a child process with TRUST_PROXY on, and each request carries its own
// X-Forwarded-For address: the global limit (600 requests a minute per address) would otherwise
// cap a single load generator at 10 requests/s, which is the limiter working, not the toggle.
import { loadavg } from "node:os";
import autocannon, { type AutocannonRequest } from "autocannon";
import pg from "pg";
import { startApp } from "./lib/app-process";
import { benchDatabaseUrl, requireSeeded } from "./lib/bench-db";
import { counterDrift, reportDrift } from "./lib/counters";
import { measuredRun, printLoadReport } from "./lib/load-report";
import { createSessions, deleteBenchSessions, popularUsers, sampleUsers } from "./lib/sessions";
import { random, sleep } from "./lib/stats";

const DURATION_S = Math.min(120, Number(process.env.DURATION ?? 20));
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const ACTORS = Number(process.env.ACTORS ?? 50);
const POOL = Number(process.env.POOL ?? 10);
const HOT_TARGETS = 10;
const ORDINARY_TARGETS = 2_000;
const HOT_SHARE = Number(process.env.HOT_SHARE ?? 0.3);
const WARMUP_S = 3;

const { url: databaseUrl } = benchDatabaseUrl();
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const users = await requireSeeded(pool);
await deleteBenchSessions(pool);
const hot = await popularUsers(pool, HOT_TARGETS);
const sample = await sampleUsers(pool, ACTORS + ORDINARY_TARGETS, 0.17);
const actors = sample.slice(0, ACTORS);
const ordinary = sample.slice(ACTORS);
const sessions = await createSessions(pool, actors);
const app = await startApp({ databaseUrl, poolSize: POOL });
console.log(
  `app on ${app.url} (pg pool ${POOL}); ${users} profiles; ${ACTORS} actors, ${HOT_TARGETS} hot + ${ORDINARY_TARGETS} ordinary targets; load average ${loadavg()[0]?.toFixed(1)}`,
);

// Every cookie must sign in, or the run would only measure 401s.
for (const session of sessions) {
  const response = await fetch(`${app.url}/api/follows/status/${hot[0]}`, {
    headers: { cookie: session.cookie, "x-forwarded-for": "10.9.9.9" },
  });
  if (response.status !== 200) {
    console.error(`session cookie refused for ${session.userId}: HTTP ${response.status}`);
    await app.stop();
    await deleteBenchSessions(pool);
    await pool.end();
    process.exit(1);
  }
}

const touched = new Set<string>();
const next = random(7);
let sent = 0;
const outcome = { followed: 0, unfollowed: 0, failed: 0 };
const statuses = new Map<number, number>();
const toggle: AutocannonRequest = {
  method: "POST",
  path: "/api/follows/toggle",
  setupRequest: (request) => {
    const session = sessions[Math.floor(next() * sessions.length)] ?? sessions[0];
    const targets = next() < HOT_SHARE ? hot : ordinary;
    let target = targets[Math.floor(next() * targets.length)] as string;
    if (!session) return null;
    if (target === session.userId)
      target = ordinary[0] === target ? (ordinary[1] as string) : (ordinary[0] as string);
    touched.add(session.userId).add(target);
    sent++;
    return {
      ...request,
      headers: {
        "content-type": "application/json",
        cookie: session.cookie,
        "x-forwarded-for": `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
      },
      body: JSON.stringify({ targetUserId: target }),
    };
  },
  onResponse: (status, body) => {
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status !== 200) {
      outcome.failed++;
      return;
    }
    if ((JSON.parse(body) as { following: boolean }).following) outcome.followed++;
    else outcome.unfollowed++;
  },
};
const run = (duration: number) =>
  autocannon({ url: app.url, connections: CONNECTIONS, duration, timeout: 10, requests: [toggle] });

await run(WARMUP_S);
statuses.clear();
Object.assign(outcome, { followed: 0, unfollowed: 0, failed: 0 });
const measured = await measuredRun(app, () => run(DURATION_S));
const statusText = [...statuses].map(([status, n]) => `${status}×${n}`).join(" ");
printLoadReport(`POST /api/follows/toggle, ${CONNECTIONS} connections`, measured, statusText, []);
console.log(`toggles        ${outcome.followed} follows, ${outcome.unfollowed} unfollows`);
console.log(`app RSS        ${(measured.after.rss / 1048576).toFixed(0)} MB`);

await sleep(1000); // requests autocannon abandoned at the deadline finish before the pool closes
await app.stop();
const checked = [...touched];
reportDrift(await counterDrift(pool, checked), checked.length);
console.log(`removed ${await deleteBenchSessions(pool)} bench sessions`);
await pool.end();
