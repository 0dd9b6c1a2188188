// Web push at load (docs/notifications.md "Push"; docs/performance.md "Push"): the app in a child
// process on PostgreSQL, one person with 3 browsers subscribed to a local push service
// (lib/push-receiver.ts), and SENDERS people each in a direct thread with them. Messages go
// through POST /api/mail/threads/:id/messages at RATE a second for SECONDS (an open loop: one
// every 1/RATE seconds, never waiting for answers, from each sender in turn), each with the
// person's previews on so each push names its message. A push is timed from just before its
// message's request to its arrival at the push service; after the run every push is checked
// (VAPID) and decrypted with its browser's keys, and matched to its message and browser.
// The first WARM_UP_SECONDS at RATE are not counted (a just-started app's).
// Target: p99 < 500 ms at 100 messages a second; none lost.
//   node --import tsx bench/push-delivery.ts
//   options: RATE=100 SECONDS=30 WARM_UP_SECONDS=5 SENDERS=100 (a sender may write 120 times a
//   minute)
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { startApp } from "./lib/app-process";
import { freshBenchDatabase, insertPlainPeople } from "./lib/bench-db";
import { startPushReceiver } from "./lib/push-receiver";
import { recordRow } from "./lib/results";
import { createSessions } from "./lib/sessions";
import { backendCpuMeter, formatSummary, mb, percentile, sleep, summarize } from "./lib/stats";

const RATE = Number(process.env.RATE ?? 100);
const SECONDS = Number(process.env.SECONDS ?? 30);
const SENDERS = Number(process.env.SENDERS ?? 100);
const BROWSERS = 3;
/** Seconds at RATE before the clock, not counted: the just-started app's first seconds. */
const WARM_UP_SECONDS = Number(process.env.WARM_UP_SECONDS ?? 5);
const TARGET_P99_MS = 500;
const DB_NAME = "bench_push";

// A fresh database: the recipient, the senders, and one direct thread for each sender.
const { url, pool } = await freshBenchDatabase(DB_NAME, "BENCH_PUSH_DATABASE_URL");
const recipientId = "pushbench-recipient";
const senderIds = Array.from({ length: SENDERS }, (_, i) => `pushbench-${i}`);
await insertPlainPeople(pool, { ids: [recipientId], handlePrefix: "dest", name: "Dest" });
await insertPlainPeople(pool, { ids: senderIds, handlePrefix: "pal", name: "Pal" });
const threadIds = senderIds.map(() => randomUUID());
await pool.query(
  `insert into chat_threads (id, pair_key)
   select t, 'u:' || a || ':' || $3 from unnest($1::uuid[], $2::text[]) as x(t, a)`,
  [threadIds, senderIds, recipientId],
);
await pool.query(
  `insert into chat_thread_members (thread_id, user_id)
   select t, u from unnest($1::uuid[], $2::text[]) as x(t, u)`,
  [
    [...threadIds, ...threadIds],
    [...senderIds, ...senderIds.map(() => recipientId)],
  ],
);
const [recipient, ...senders] = await createSessions(pool, [recipientId, ...senderIds]);
if (!recipient) throw new Error("no session for the recipient");

const receiver = await startPushReceiver();
const app = await startApp({ databaseUrl: url, pushAllowPrivate: "127.0.0.1" });
const asRecipient = (method: string, path: string, body?: unknown) =>
  fetch(`${app.url}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      cookie: recipient.cookie,
      "x-forwarded-for": "10.4.255.1",
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const { publicKey } = (await (await asRecipient("GET", "/api/push/key")).json()) as {
  publicKey: string;
};
const browsers: string[] = [];
for (let i = 0; i < BROWSERS; i++) {
  const { clientHash, ...subscription } = await receiver.subscribe(publicKey);
  const answer = await asRecipient("POST", "/api/push/subscriptions", subscription);
  if (answer.status !== 201) throw new Error(`subscribe: ${answer.status} ${await answer.text()}`);
  browsers.push(clientHash);
}
const previews = await asRecipient("PATCH", "/api/account/notifications", {
  messagePreviews: true,
});
if (previews.status !== 200) throw new Error(`previews: ${previews.status}`);
console.log(
  `1 person with ${BROWSERS} browsers, ${SENDERS} senders; app on ${app.url}; load average ${loadavg()[0]?.toFixed(1)}`,
);

interface Sent {
  body: string;
  t0: number;
  status: number;
}

/** Sends `count` messages at `rate` a second from the senders in turn, each timed from its start. */
async function sendAt(rate: number, count: number, label: string): Promise<Sent[]> {
  const sent: Sent[] = [];
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    const sender = i % SENDERS;
    const record: Sent = { body: `${label}-${i}-${randomUUID().slice(0, 8)}`, t0: 0, status: 0 };
    sent.push(record);
    record.t0 = performance.now();
    inFlight.push(
      fetch(`${app.url}/api/mail/threads/${threadIds[sender]}/messages`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: senders[sender]?.cookie ?? "",
          "x-forwarded-for": `10.4.${sender >> 8}.${sender & 255}`,
        },
        body: JSON.stringify({ body: record.body }),
        signal: AbortSignal.timeout(10_000),
      }).then(
        async (response) => {
          record.status = response.status;
          await response.arrayBuffer();
        },
        () => {
          record.status = -1;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  return sent;
}

/** Waits (at most `ms`) until `expected` pushes have arrived. */
async function arrived(expected: number, ms: number) {
  const until = performance.now() + ms;
  while (receiver.count() < expected && performance.now() < until) await sleep(50);
}

// Warm-up at the full rate: the just-started app's first seconds (its pool's connections opened,
// its code compiled for this load) are reported, not counted.
const warmedAt = performance.now();
const warm = await sendAt(RATE, RATE * WARM_UP_SECONDS, "warm");
await arrived(BROWSERS * warm.length, 30_000);
console.log(
  `warm-up: ${warm.length} messages at ${RATE}/s, their last push ${(performance.now() - warmedAt - WARM_UP_SECONDS * 1000).toFixed(0)} ms after the last was sent`,
);
receiver.clear();

const cpuBefore = { app: await app.stats(), pg: backendCpuMeter(app.database) };
const began = performance.now();
const sent = await sendAt(RATE, RATE * SECONDS, "m");
const sendingMs = performance.now() - began;
const ok = sent.filter((s) => s.status === 201);
await arrived(ok.length * BROWSERS, 30_000);
const appAfter = await app.stats();
const cpuPostgres = cpuBefore.pg();

// Each push checked and decrypted, matched to its message (the words after the sender's name)
// and its browser; the first arrival at each browser counts.
const bySentBody = new Map(ok.map((s) => [s.body, s]));
const first = new Map<string, number>();
const slowest: number[] = [];
let strangers = 0;
for (const push of await receiver.opened()) {
  const words = (JSON.parse(push.payload) as { body: string }).body.split(": ")[1] ?? "";
  const message = bySentBody.get(words);
  if (!message || !browsers.includes(push.clientHash)) {
    strangers++;
    continue;
  }
  const key = `${words}/${push.clientHash}`;
  if (!first.has(key)) first.set(key, push.at - message.t0);
  // Whether the pushes fell behind as the run went on: the slowest by 5 s of sending.
  const window = Math.floor((message.t0 - began) / 5000);
  slowest[window] = Math.max(slowest[window] ?? 0, push.at - message.t0);
}
const delivery = [...first.values()];
const lost = ok.length * BROWSERS - delivery.length;
const summary = summarize(delivery);
const p95 = percentile(
  [...delivery].sort((a, b) => a - b),
  95,
);
const errors = sent.length - ok.length + lost + strangers;
const met = summary.p99 < TARGET_P99_MS && errors === 0;
recordRow({
  bench: "push",
  load: `${RATE} msg/s to one person's ${BROWSERS} browsers, request start to the push service`,
  requestsPerSec: (ok.length / sendingMs) * 1000,
  p50Ms: summary.p50,
  p99Ms: summary.p99,
  maxMs: summary.max,
  errors,
  cpuAppMs:
    (appAfter.cpuUserMs +
      appAfter.cpuSystemMs -
      cpuBefore.app.cpuUserMs -
      cpuBefore.app.cpuSystemMs) /
    Math.max(1, ok.length),
  cpuPostgresMs: cpuPostgres / Math.max(1, ok.length),
  target: { text: `push p99 < ${TARGET_P99_MS} ms, none lost`, met },
});
const statuses = [...new Set(sent.map((s) => s.status))].join("/");
console.log(
  `${RATE} msg/s for ${SECONDS} s: ${ok.length}/${sent.length} sent (${((ok.length / sendingMs) * 1000).toFixed(0)} msg/s achieved; statuses ${statuses}); push ${formatSummary(summary)} p95=${p95.toFixed(1)} ms; ${lost} lost, ${strangers} unmatched → ${met ? "met" : "MISSED"}`,
);
console.log(`slowest push by 5 s of sending: ${slowest.map((v) => v.toFixed(0)).join(", ")} ms`);
console.log(
  `app CPU ${(((appAfter.cpuUserMs + appAfter.cpuSystemMs - cpuBefore.app.cpuUserMs - cpuBefore.app.cpuSystemMs) / sendingMs) * 100).toFixed(0)}% of a core; RSS ${mb(appAfter.rss)}; load average ${loadavg()[0]?.toFixed(1)}`,
);

await app.stop();
await receiver.close();
await pool.end();
