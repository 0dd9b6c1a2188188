// Mail at load (docs/mail.md; docs/performance.md "Mail"): the app in a child process on
// PostgreSQL with 2,000 signed-in people in 1,000 direct threads, every one of them connected over
// WebSocket. Messages are sent through POST /api/mail/threads/:id/messages at a steady rate (an
// open loop: one every 1/rate seconds, never waiting for answers), one run per rate, and each
// member's mail.message is timed from just before its request. Outside mail over SMTP has its own
// bench (smtp-inbound.ts).
// Target: delivery p99 < 250 ms at the sustained rate; nothing lost, nothing to non-members.
//   node --import tsx bench/mail-delivery.ts
//   options: PEOPLE=2000 RATES=50,100,200 SECONDS=15
import { execSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import type { ServerMessage } from "../src/domain/realtime-events";
import { startApp } from "./lib/app-process";
import { freshBenchDatabase, insertPlainPeople } from "./lib/bench-db";
import { recordRow } from "./lib/results";
import { createSessions } from "./lib/sessions";
import { backendCpuMeter, formatSummary, mb, sleep, summarize } from "./lib/stats";
import { closeAll, connectClients, type Receipt } from "./lib/ws-clients";

const PEOPLE = Math.floor(Number(process.env.PEOPLE ?? 2000) / 2) * 2;
const RATES = (process.env.RATES ?? "50,100,200").split(",").map(Number);
const SECONDS = Number(process.env.SECONDS ?? 15);
const TARGET_P99_MS = 250;
const DB_NAME = "bench_mail";

const softLimit = Number(execSync("ulimit -n", { shell: "/bin/bash" }).toString().trim());
if (Number.isFinite(softLimit) && softLimit < PEOPLE + 512) {
  console.error(`ulimit -n is ${softLimit}: raise it to ${PEOPLE + 512} or more.`);
  process.exit(1);
}

// A fresh database: people, and one direct thread for each pair (2i, 2i+1).
const { url, pool } = await freshBenchDatabase(DB_NAME, "BENCH_MAIL_DATABASE_URL");
const ids = Array.from({ length: PEOPLE }, (_, i) => `mailbench-${i}`);
await insertPlainPeople(pool, { ids, handlePrefix: "pal", name: "Pal" });
const threadIds = Array.from({ length: PEOPLE / 2 }, () => randomUUID());
await pool.query(
  `insert into chat_threads (id, pair_key)
   select t, 'u:' || a || ':' || b from unnest($1::uuid[], $2::text[], $3::text[]) as x(t, a, b)
   on conflict do nothing`,
  [threadIds, ids.filter((_, i) => i % 2 === 0), ids.filter((_, i) => i % 2 === 1)],
);
await pool.query(
  `insert into chat_thread_members (thread_id, user_id)
   select t, u from unnest($1::uuid[], $2::text[]) as x(t, u) on conflict do nothing`,
  [ids.map((_, i) => threadIds[Math.floor(i / 2)]), ids],
);
const sessions = await createSessions(pool, ids);
const app = await startApp({ databaseUrl: url });
const idle = await app.stats();
console.log(
  `${PEOPLE} people in ${PEOPLE / 2} threads; app on ${app.url}, SMTP on ${app.smtpPort}; RSS idle ${mb(idle.rss)}; load average ${loadavg()[0]?.toFixed(1)}`,
);

const log: Receipt[] = [];
const keep = (m: ServerMessage) => m.type === "mail.message";
const { clients, failures } = await connectClients(app.url, sessions, 50, log, keep);
const connected = await app.stats();
console.log(
  `connected ${clients.length}/${PEOPLE} sockets${failures.length ? ` (failures: ${[...new Set(failures)].join(", ")})` : ""}; RSS ${mb(connected.rss)}`,
);
const clientOf = new Map(clients.map((c) => [c.userId, c.index]));
const personOf = new Map(ids.map((id, i) => [id, i]));
const threadOf = (person: number) => threadIds[Math.floor(person / 2)] as string;

/** First arrival of each message at each socket, by message body (bodies are unique). */
function arrivals() {
  const first = new Map<string, number>();
  const wrong: string[] = [];
  for (const r of log) {
    if (r.message.type !== "mail.message") continue;
    const key = `${r.message.message.body}/${r.client}`;
    if (!first.has(key)) first.set(key, r.at);
    const person = personOf.get(clients[r.client]?.userId ?? "");
    if (person !== undefined && threadOf(person) !== r.message.threadId) wrong.push(key);
  }
  return { first, wrong };
}

interface Sent {
  body: string;
  members: number[];
  t0: number;
  status: number;
}

async function steady(rate: number) {
  const cpuBefore = { app: await app.stats(), pg: backendCpuMeter(app.database) };
  const sent: Sent[] = [];
  const total = rate * SECONDS;
  const gap = 1000 / rate;
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * gap;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const sender = Math.floor(Math.random() * PEOPLE);
    const partner = sender % 2 === 0 ? sender + 1 : sender - 1;
    const record: Sent = {
      body: `r${rate}-m${i}-${randomUUID().slice(0, 8)}`,
      members: [sender, partner].map((p) => clientOf.get(ids[p] as string) ?? -1),
      t0: performance.now(),
      status: 0,
    };
    sent.push(record);
    inFlight.push(
      fetch(`${app.url}/api/mail/threads/${threadOf(sender)}/messages`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: sessions[sender]?.cookie ?? "",
          "x-forwarded-for": `10.3.${sender >> 8}.${sender & 255}`,
        },
        body: JSON.stringify({ body: record.body }),
        signal: AbortSignal.timeout(10_000),
      }).then(
        (response) => {
          record.status = response.status;
          void response.arrayBuffer();
        },
        () => {
          record.status = -1;
        },
      ),
    );
  }
  const sendingMs = performance.now() - start;
  await Promise.all(inFlight);
  await sleep(1000);
  const { first, wrong } = arrivals();
  const delivery: number[] = [];
  let lost = 0;
  for (const s of sent.filter((x) => x.status === 201)) {
    for (const member of s.members) {
      const at = first.get(`${s.body}/${member}`);
      if (at === undefined) lost++;
      else delivery.push(at - s.t0);
    }
  }
  const ok = sent.filter((s) => s.status === 201).length;
  const summary = summarize(delivery);
  const statuses = [...new Set(sent.map((s) => s.status))].join("/");
  const appAfter = await app.stats();
  const met = summary.p99 < TARGET_P99_MS && lost === 0 && wrong.length === 0 && ok === sent.length;
  const cpuAppMs =
    (appAfter.cpuUserMs +
      appAfter.cpuSystemMs -
      cpuBefore.app.cpuUserMs -
      cpuBefore.app.cpuSystemMs) /
    Math.max(1, ok);
  const cpuPostgresMs = cpuBefore.pg() / Math.max(1, ok);
  recordRow({
    bench: "message send",
    load: `${rate} msg/s offered, delivery to both members' sockets`,
    requestsPerSec: (ok / sendingMs) * 1000,
    p50Ms: summary.p50,
    p99Ms: summary.p99,
    maxMs: summary.max,
    errors: sent.length - ok + lost + wrong.length,
    cpuAppMs,
    cpuPostgresMs,
    target: { text: `delivery p99 < ${TARGET_P99_MS} ms, none lost`, met },
  });
  console.log(
    `${rate} msg/s for ${SECONDS} s: ${ok}/${sent.length} sent (${((ok / sendingMs) * 1000).toFixed(0)} msg/s achieved; statuses ${statuses}); delivery ${formatSummary(summary)}; ${lost} lost, ${wrong.length} to non-members; CPU a message ${cpuAppMs.toFixed(2)} ms app · ${cpuPostgresMs.toFixed(2)} ms PostgreSQL → ${met ? "met" : "MISSED"}`,
  );
  log.length = 0;
  return { rate, ok, p99: summary.p99 };
}

const results = [];
for (const rate of RATES) results.push(await steady(rate));
const sustained = results.filter((r) => r.p99 < TARGET_P99_MS).at(-1);
console.log(
  `sustained: ${sustained ? `${sustained.rate} msg/s with delivery p99 ${sustained.p99.toFixed(1)} ms` : "no rate met the target"}`,
);

const after = await app.stats();
console.log(`app RSS after ${mb(after.rss)}`);

closeAll(clients);
await sleep(300);
await app.stop();
await pool.end();
