// Inbound SMTP at load (docs/performance.md "Inbound SMTP"): the app in a child process on
// PostgreSQL (`bench_smtp`, made fresh), its people connected over WebSocket, and outside mail
// sent to them over a pool of SMTP connections, one message in flight on each. The sending domain
// publishes SPF and DMARC records on a local DNS server the app is pointed at (DNS_SERVERS), so
// every message goes through the full SPF, DKIM and DMARC checks and passes them.
// Target: at least 200 messages a second over 8 connections, each accepted and delivered live to
// its recipient's socket with end-to-end p99 under 250 ms; none lost.
//   node --import tsx bench/smtp-inbound.ts
//   options: PEOPLE=500 MESSAGES=3000 SMTP_CONNECTIONS=8 WARMUP=200
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import nodemailer from "nodemailer";
import type { ServerMessage } from "../src/domain/realtime-events";
import { startDnsServer } from "../src/server/test-support/dns-server";
import { startApp } from "./lib/app-process";
import { freshBenchDatabase, insertPlainPeople } from "./lib/bench-db";
import { recordRow } from "./lib/results";
import { createSessions } from "./lib/sessions";
import { backendCpuMeter, formatSummary, mapLimit, mb, sleep, summarize } from "./lib/stats";
import { closeAll, connectClients, type Receipt } from "./lib/ws-clients";

const PEOPLE = Number(process.env.PEOPLE ?? 500);
const MESSAGES = Number(process.env.MESSAGES ?? 3000);
const WARMUP = Number(process.env.WARMUP ?? 200);
const SMTP_CONNECTIONS = Number(process.env.SMTP_CONNECTIONS ?? 8);
const TARGET_RATE = 200;
const TARGET_P99_MS = 250;
const SENDER_DOMAIN = "outside.example";

const dns = await startDnsServer({
  [SENDER_DOMAIN]: "v=spf1 ip4:127.0.0.1 -all",
  [`_dmarc.${SENDER_DOMAIN}`]: "v=DMARC1; p=reject",
});
const { url, pool } = await freshBenchDatabase("bench_smtp", "BENCH_SMTP_DATABASE_URL");
const ids = Array.from({ length: PEOPLE }, (_, i) => `smtpbench-${i}`);
const handles = await insertPlainPeople(pool, { ids, handlePrefix: "inbox", name: "Inbox" });
const sessions = await createSessions(pool, ids);
const app = await startApp({ databaseUrl: url, dnsServers: [`127.0.0.1:${dns.port}`] });
const log: Receipt[] = [];
const keep = (m: ServerMessage) => m.type === "mail.message";
const { clients, failures } = await connectClients(app.url, sessions, 50, log, keep);
const clientOf = new Map(clients.map((c) => [c.userId, c.index]));
console.log(
  `${PEOPLE} people, ${clients.length} connected${failures.length ? ` (${failures.length} failed)` : ""}; SMTP on ${app.smtpPort}; RSS ${mb((await app.stats()).rss)}; load average ${loadavg()[0]?.toFixed(1)}`,
);

const transport = nodemailer.createTransport({
  host: "127.0.0.1",
  port: app.smtpPort,
  secure: false,
  ignoreTLS: true,
  pool: true,
  maxConnections: SMTP_CONNECTIONS,
  maxMessages: Number.POSITIVE_INFINITY,
});

interface Sent {
  body: string;
  client: number;
  t0: number;
  acceptedMs: number;
  ok: boolean;
}

async function send(count: number, label: string): Promise<Sent[]> {
  return mapLimit(
    Array.from({ length: count }, (_, i) => i),
    SMTP_CONNECTIONS,
    async (i) => {
      const person = Math.floor(Math.random() * PEOPLE);
      const record: Sent = {
        body: `${label}-${i}-${randomUUID().slice(0, 8)}`,
        client: clientOf.get(ids[person] as string) ?? -1,
        t0: performance.now(),
        acceptedMs: Number.NaN,
        ok: false,
      };
      try {
        await transport.sendMail({
          from: `sender${i % 50}@${SENDER_DOMAIN}`,
          to: `${handles[person]}@chtcht.local`,
          subject: "Bench",
          text: record.body,
        });
        record.ok = true;
        record.acceptedMs = performance.now() - record.t0;
      } catch {
        record.ok = false;
      }
      return record;
    },
  );
}

await send(WARMUP, "warmup");
await sleep(500);
log.length = 0;
dns.questions.length = 0;

const before = await app.stats();
const pgMeter = backendCpuMeter(app.database);
const benchBefore = process.cpuUsage();
const started = performance.now();
const sent = await send(MESSAGES, "run");
const elapsedMs = performance.now() - started;
const after = await app.stats();
const pgMs = pgMeter();
const benchCpu = process.cpuUsage(benchBefore);
const benchMs = (benchCpu.user + benchCpu.system) / 1000;
await sleep(1000);

const first = new Map<string, number>();
for (const r of log) {
  if (r.message.type !== "mail.message") continue;
  const key = `${r.message.message.body}/${r.client}`;
  if (!first.has(key)) first.set(key, r.at);
}
const accepted = sent.filter((s) => s.ok);
const endToEnd: number[] = [];
let lost = 0;
for (const s of accepted) {
  const at = first.get(`${s.body}/${s.client}`);
  if (at === undefined) lost++;
  else endToEnd.push(at - s.t0);
}
const rate = (accepted.length / elapsedMs) * 1000;
const appCpuMs = after.cpuUserMs + after.cpuSystemMs - before.cpuUserMs - before.cpuSystemMs;
const e2e = summarize(endToEnd);
const met = rate >= TARGET_RATE && e2e.p99 < TARGET_P99_MS && lost === 0;
console.log(
  `${accepted.length}/${MESSAGES} accepted at ${rate.toFixed(0)} msg/s over ${SMTP_CONNECTIONS} connections; DNS questions ${dns.questions.length}`,
);
console.log(
  `accepted (SMTP DATA answered) ${formatSummary(summarize(accepted.map((s) => s.acceptedMs)))}`,
);
console.log(
  `end-to-end (submission to the recipient's socket) ${formatSummary(e2e)}; ${lost} lost`,
);
console.log(
  `CPU per message: app ${(appCpuMs / accepted.length).toFixed(2)} ms, PostgreSQL ${(pgMs / accepted.length).toFixed(2)} ms, this load generator ${(benchMs / accepted.length).toFixed(2)} ms; RSS ${mb(after.rss)}`,
);
console.log(
  `target (≥ ${TARGET_RATE} msg/s, end-to-end p99 < ${TARGET_P99_MS} ms, none lost): ${met ? "met" : "MISSED"}`,
);
recordRow({
  bench: "inbound SMTP",
  load: `${MESSAGES} messages over ${SMTP_CONNECTIONS} connections, to the recipient's socket`,
  requestsPerSec: rate,
  p50Ms: e2e.p50,
  p99Ms: e2e.p99,
  maxMs: e2e.max,
  errors: MESSAGES - accepted.length + lost,
  cpuAppMs: appCpuMs / Math.max(1, accepted.length),
  cpuPostgresMs: pgMs / Math.max(1, accepted.length),
  target: { text: `≥ ${TARGET_RATE}/s, p99 < ${TARGET_P99_MS} ms, none lost`, met },
});

transport.close();
closeAll(clients);
await sleep(300);
await app.stop();
await pool.end();
await dns.close();
