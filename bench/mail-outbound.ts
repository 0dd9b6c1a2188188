// Mail to outside addresses at load (docs/mail.md "Outbound"; docs/performance.md "Mail"): the app
// in a child process on PostgreSQL, SMTP_URL at an SMTP server in this process and a DKIM key, as a
// deployment sends. SENDERS signed-in people each write to an outside address of their own through
// POST /api/mail/send at a steady rate (an open loop), one run per rate; each message is timed from
// just before its request until the SMTP server has its whole DATA, and checked to be signed.
// The app answers once the mail is handed over (a refusal is the sender's error), so the request
// itself lasts about as long.
// Target: delivery p99 < 250 ms at the rate, none lost, every message DKIM-signed; the CPU a
// message costs the app is printed beside it.
//   node --import tsx bench/mail-outbound.ts      options: SENDERS=500 RATES=50,100 SECONDS=15
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { SMTPServer } from "smtp-server";
import { startApp } from "./lib/app-process";
import { freshBenchDatabase, insertPlainPeople } from "./lib/bench-db";
import { recordRow } from "./lib/results";
import { createSessions } from "./lib/sessions";
import { backendCpuMeter, formatSummary, mb, sleep, summarize } from "./lib/stats";

const SENDERS = Number(process.env.SENDERS ?? 500);
const RATES = (process.env.RATES ?? "50,100").split(",").map(Number);
const SECONDS = Number(process.env.SECONDS ?? 15);
const TARGET_P99_MS = 250;

/** When the SMTP server had each message's DATA, by its token, and whether it was signed. */
const arrived = new Map<string, { at: number; signed: boolean }>();
const TOKEN = /\bob-[0-9a-f-]+\b/;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const token = raw.match(TOKEN)?.[0];
      if (token) {
        arrived.set(token, { at: performance.now(), signed: /^DKIM-Signature:/im.test(raw) });
      }
      callback();
    });
  },
});
const smtpPort = await new Promise<number>((resolve) =>
  sink.listen(0, "127.0.0.1", () => resolve((sink.server.address() as { port: number }).port)),
);

const { url, pool } = await freshBenchDatabase("bench_mail_out", "BENCH_MAIL_OUT_DATABASE_URL");
const ids = Array.from({ length: SENDERS }, (_, i) => `outbench-${i}`);
await insertPlainPeople(pool, { ids, handlePrefix: "out", name: "Out" });
const sessions = await createSessions(pool, ids);
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const app = await startApp({
  databaseUrl: url,
  smtp: {
    url: `smtp://127.0.0.1:${smtpPort}`,
    dkim: {
      selector: "bench",
      privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    },
  },
});
console.log(`${SENDERS} senders; app on ${app.url}; SMTP server on ${smtpPort}`);

interface Sent {
  token: string;
  t0: number;
  status: number;
}

/** One message from `sender` to their own outside address. */
function send(sender: number, record: Sent): Promise<void> {
  const session = sessions[sender];
  return fetch(`${app.url}/api/mail/send`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      cookie: session?.cookie ?? "",
      "x-forwarded-for": session?.address ?? "",
    },
    body: JSON.stringify({
      to: `friend${sender}@outside.example`,
      subject: null,
      body: `Hello from the bench, ${record.token}`,
    }),
    signal: AbortSignal.timeout(15_000),
  }).then(
    (response) => {
      record.status = response.status;
      void response.arrayBuffer();
    },
    () => {
      record.status = -1;
    },
  );
}

// Each sender's thread with their address exists before the clock, as after their first message.
for (let i = 0; i < SENDERS; i += 50) {
  await Promise.all(
    ids
      .slice(i, i + 50)
      .map((_, j) => send(i + j, { token: `ob-${randomUUID()}`, t0: 0, status: 0 })),
  );
}

// What the app spends with nothing to do (its timers, the outbox's poll), counted in each row too.
const idleBefore = await app.stats();
await sleep(5_000);
const idleAfter = await app.stats();
const idleMsPerSecond =
  (idleAfter.cpuUserMs + idleAfter.cpuSystemMs - idleBefore.cpuUserMs - idleBefore.cpuSystemMs) / 5;
console.log(`idle: ${idleMsPerSecond.toFixed(1)} ms of app CPU a second`);

async function steady(rate: number) {
  arrived.clear();
  const before = { app: await app.stats(), pg: backendCpuMeter(app.database) };
  const sent: Sent[] = [];
  const total = rate * SECONDS;
  const gap = 1000 / rate;
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = start + i * gap - performance.now();
    if (wait > 0) await sleep(wait);
    const record: Sent = { token: `ob-${randomUUID()}`, t0: performance.now(), status: 0 };
    sent.push(record);
    inFlight.push(send(i % SENDERS, record));
  }
  const sendingMs = performance.now() - start;
  await Promise.all(inFlight);
  await sleep(500);
  const after = await app.stats();
  const ok = sent.filter((s) => s.status === 201);
  const delivery: number[] = [];
  let lost = 0;
  let unsigned = 0;
  for (const s of ok) {
    const at = arrived.get(s.token);
    if (!at) lost++;
    else {
      delivery.push(at.at - s.t0);
      if (!at.signed) unsigned++;
    }
  }
  const summary = summarize(delivery);
  const appMs =
    (after.cpuUserMs + after.cpuSystemMs - before.app.cpuUserMs - before.app.cpuSystemMs) /
    Math.max(1, ok.length);
  const met =
    summary.p99 < TARGET_P99_MS && lost === 0 && unsigned === 0 && ok.length === sent.length;
  recordRow({
    bench: "outbound mail",
    load: `${rate} msg/s offered to outside addresses, DKIM-signed, to an SMTP server`,
    requestsPerSec: (ok.length / sendingMs) * 1000,
    p50Ms: summary.p50,
    p99Ms: summary.p99,
    maxMs: summary.max,
    errors: sent.length - ok.length + lost + unsigned,
    cpuAppMs: appMs,
    cpuPostgresMs: before.pg() / Math.max(1, ok.length),
    target: { text: `delivery p99 < ${TARGET_P99_MS} ms, none lost, all signed`, met },
  });
  const statuses = [...new Set(sent.map((s) => s.status))].join("/");
  console.log(
    `${rate} msg/s for ${SECONDS} s: ${ok.length}/${sent.length} sent (statuses ${statuses}); delivery ${formatSummary(summary)}; ${lost} lost, ${unsigned} unsigned; app CPU ${appMs.toFixed(2)} ms a message → ${met ? "met" : "MISSED"}`,
  );
}

for (const rate of RATES) await steady(rate);
console.log(`app RSS after ${mb((await app.stats()).rss)}`);
await app.stop();
await pool.end();
sink.close();
