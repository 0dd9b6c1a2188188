// Federation inbound (docs/federation.md "Posts from elsewhere" and "Safety"; docs/performance.md
// "Federation"): signed Create(Note) activities POSTed over HTTPS to https://a.bench.test/ap/inbox
// at a fixed offered rate (an open loop: one every 1/rate seconds, never waiting for answers). The
// app runs in a child process on a fresh PostgreSQL database (bench/lib/bench-net.ts). The senders
// are ACTORS people on HOSTS servers elsewhere, each a real HTTPS server in this process serving
// its people's actor documents with their RSA keys, so the app fetches each key once over TLS and
// caches it (the warm-up: one activity from each person, before the clock). Then the just-started
// app takes WARM_SECONDS at the first rate, reported as a row of its own without a target (as the
// feed's first reads on a just-started app are): its JIT, pools and caches are still filling, and
// that tail is not what an inbox answers once running. A person here follows
// every sender (rows written straight into fed_actors and fed_following), so each public Note is
// kept in fed_notes. Activities are signed before the clock with Fedify's signRequest, half
// draft-cavage and half RFC 9421, each host's with its own X-Forwarded-For.
// Measured per rate: each POST's answer time (202 expected: signature verified and the activity
// applied before the answer, docs/federation.md "Safety"), and the rate at which activities were
// verified *and applied*: every one of them in fed_notes and fed_queue empty, over the time from
// the first POST to that moment.
// Each host posts RATE/HOSTS a second, under the per-server inbox budget of 3,000 a minute
// (docs/operations.md "Limits"), which a single host would reach at 50 a second.
// Targets: ≥ 300 activities a second verified and applied (offered at 300 or more, the last one
// applied within a second of the last POST), none lost; answer p99 < 250 ms.
//   node --import tsx bench/federation-inbound.ts
//   options: RATES=300,400 SECONDS=20 WARM_SECONDS=3 HOSTS=20 ACTORS=100 TIMEOUT_SECONDS=120
import { loadavg } from "node:os";
import { signRequest } from "@fedify/fedify";
import { CryptographicKey, Endpoints, Person } from "@fedify/vocab";
import { setGlobalDispatcher, request as undiciRequest } from "undici";
import { rsaSigningPair } from "../src/server/modules/federation/keys";
import { startApp } from "./lib/app-process";
import { freshBenchDatabase, insertPlainPeople } from "./lib/bench-db";
import {
  BENCH_HOST,
  type BenchServer,
  benchCertificate,
  routingAgent,
  startHttpsServer,
  startTlsFront,
} from "./lib/bench-net";
import { recordRow } from "./lib/results";
import { backendCpuMeter, formatSummary, mb, processCpuMs, sleep, summarize } from "./lib/stats";

const RATES = (process.env.RATES ?? "300,400").split(",").map(Number);
const SECONDS = Number(process.env.SECONDS ?? 20);
const WARM_SECONDS = Number(process.env.WARM_SECONDS ?? 3);
const HOSTS = Number(process.env.HOSTS ?? 20);
const ACTORS = Number(process.env.ACTORS ?? 100);
const TIMEOUT_SECONDS = Number(process.env.TIMEOUT_SECONDS ?? 120);
const TARGET_RATE = 300;
const TARGET_P99_MS = 250;
const KEPT_UP_MS = 1000;
const INBOX_BUDGET_PER_MINUTE = 3_000;
const DB_NAME = "bench_federation";

const hostName = (h: number) => `r${h + 1}.bench.test`;

// The senders: actor k lives on host k % HOSTS.
interface Sender {
  host: number;
  uri: string;
  keyId: URL;
  privateKey: CryptoKey;
  document: string;
}
const keysStarted = performance.now();
// Made side by side: RSA key generation runs on libuv's thread pool. RSA-2048, the size Mastodon
// and Misskey give their people's keys (and ours: federation/keys.ts).
const pairs = await Promise.all(Array.from({ length: ACTORS }, () => rsaSigningPair()));
const senders: Sender[] = [];
for (let k = 0; k < ACTORS; k++) {
  const host = k % HOSTS;
  const uri = `https://${hostName(host)}/users/u${k}`;
  const keyId = new URL(`${uri}#main-key`);
  const pair = pairs[k] as CryptoKeyPair;
  const person = new Person({
    id: new URL(uri),
    preferredUsername: `u${k}`,
    name: `Sender ${k}`,
    inbox: new URL(`${uri}/inbox`),
    endpoints: new Endpoints({ sharedInbox: new URL(`https://${hostName(host)}/inbox`) }),
    publicKey: new CryptographicKey({
      id: keyId,
      owner: new URL(uri),
      publicKey: pair.publicKey,
    }),
  });
  senders.push({
    host,
    uri,
    keyId,
    privateKey: pair.privateKey,
    document: JSON.stringify(await person.toJsonLd()),
  });
}
console.log(
  `${ACTORS} senders on ${HOSTS} servers, RSA keys made in ${((performance.now() - keysStarted) / 1000).toFixed(1)} s`,
);

const certificate = benchCertificate();
const documentOf = new Map(senders.map((s) => [new URL(s.uri).pathname, s.document]));
const keyFetches = new Map<number, number>();
const hosts: BenchServer[] = [];
for (let h = 0; h < HOSTS; h++) {
  hosts.push(
    await startHttpsServer(certificate, (request, response) => {
      const path = (request.url ?? "").split("?")[0] ?? "";
      const document = request.method === "GET" ? documentOf.get(path) : undefined;
      request.resume();
      if (!document) {
        response.writeHead(404).end();
        return;
      }
      keyFetches.set(h, (keyFetches.get(h) ?? 0) + 1);
      response.writeHead(200, { "content-type": "application/activity+json" }).end(document);
    }),
  );
}

// A person here who follows every sender, straight into the tables.
const { url, pool } = await freshBenchDatabase(DB_NAME, "BENCH_FEDERATION_DATABASE_URL");
const readerId = "fedbench-inbound-reader";
await insertPlainPeople(pool, { ids: [readerId], handlePrefix: "inbound", name: "Inbound" });
await pool.query(
  `with actors as (
     insert into fed_actors (uri, handle, host, inbox, shared_inbox, name)
     select uri, 'u' || k || '@' || host, host, uri || '/inbox', 'https://' || host || '/inbox',
            'Sender ' || k
     from unnest($1::text[], $2::text[]) with ordinality as t(uri, host, n),
          lateral (select n - 1 as k) as kk
     returning id, uri)
   insert into fed_following (user_id, actor_id, follow_uri, state)
   select $3, id, 'https://${BENCH_HOST}/ap/follows/' || md5(uri), 'accepted' from actors`,
  [senders.map((s) => s.uri), senders.map((s) => hostName(s.host)), readerId],
);
await pool.query("update profiles set following_count = $1 where user_id = $2", [ACTORS, readerId]);

const routes = Object.fromEntries(hosts.map((server, h) => [hostName(h), server.port]));
const app = await startApp({
  databaseUrl: url,
  net: { host: BENCH_HOST, routes, ca: certificate.cert },
});
const front = await startTlsFront(certificate, app.port);
const agent = routingAgent({ [BENCH_HOST]: front.port }, certificate.cert);
setGlobalDispatcher(agent);
console.log(
  `app on ${app.url} as https://${BENCH_HOST}; RSS ${mb((await app.stats()).rss)}; load average ${loadavg()[0]?.toFixed(1)}`,
);

interface Signed {
  headers: Record<string, string>;
  body: string;
}
/** Activity `n` of run `run`, from sender n % ACTORS, signed in one scheme or the other. */
async function signed(run: string, n: number): Promise<Signed> {
  const sender = senders[n % ACTORS] as Sender;
  const noteId = `https://${hostName(sender.host)}/notes/${run}-${n}`;
  const body = JSON.stringify({
    "@context": "https://www.w3.org/ns/activitystreams",
    id: `${noteId}#create`,
    type: "Create",
    actor: sender.uri,
    to: ["https://www.w3.org/ns/activitystreams#Public"],
    cc: [`${sender.uri}/followers`],
    object: {
      id: noteId,
      type: "Note",
      attributedTo: sender.uri,
      to: ["https://www.w3.org/ns/activitystreams#Public"],
      cc: [`${sender.uri}/followers`],
      content: `<p>Note ${n} of ${run}, from elsewhere.</p>`,
      published: new Date().toISOString(),
    },
  });
  const request = await signRequest(
    new Request(`https://${BENCH_HOST}/ap/inbox`, {
      method: "POST",
      headers: { "content-type": "application/activity+json", accept: "application/activity+json" },
      body,
    }),
    sender.privateKey,
    sender.keyId,
    { spec: n % 2 === 0 ? "draft-cavage-http-signatures-12" : "rfc9421" },
  );
  const headers: Record<string, string> = {
    "x-forwarded-for": `10.9.${sender.host >> 8}.${sender.host & 255}`,
  };
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { headers, body };
}

interface Answer {
  ms: number;
  status: number;
}
async function post(activity: Signed): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await undiciRequest(`https://${BENCH_HOST}/ap/inbox`, {
      method: "POST",
      headers: activity.headers,
      body: activity.body,
      dispatcher: agent,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    await response.body.dump();
    return { ms: performance.now() - started, status: response.statusCode };
  } catch {
    return { ms: performance.now() - started, status: -1 };
  }
}

const notesCount = async () =>
  (await pool.query<{ n: number }>("select count(*)::int as n from fed_notes")).rows[0]?.n ?? 0;
const queueDepth = async () =>
  (await pool.query<{ n: number }>("select count(*)::int as n from fed_queue")).rows[0]?.n ?? 0;

/** Waits until fed_notes holds `expected` rows and fed_queue is empty; when that was first seen
 * (or null at the deadline), and the deepest queue seen meanwhile. */
async function applied(expected: number, deadline: number, seen: { maxQueue: number }) {
  for (;;) {
    const [notes, queued] = await Promise.all([notesCount(), queueDepth()]);
    seen.maxQueue = Math.max(seen.maxQueue, queued);
    if (notes >= expected && queued === 0) return { at: performance.now(), notes };
    if (performance.now() > deadline) return { at: null, notes };
    await sleep(100);
  }
}

// Warm-up: one activity from each sender, so every key is fetched and cached before the clock.
const warmStarted = performance.now();
const warm = await Promise.all(
  (await Promise.all(senders.map((_, k) => signed("warm", k)))).map(post),
);
const warmApplied = await applied(ACTORS, performance.now() + 60_000, { maxQueue: 0 });
const fetches = [...keyFetches.values()].reduce((sum, n) => sum + n, 0);
console.log(
  `warm-up: ${ACTORS} activities, statuses ${[...new Set(warm.map((w) => w.status))].join("/")}, applied ${warmApplied.notes}/${ACTORS} in ${((performance.now() - warmStarted) / 1000).toFixed(1)} s; ${fetches} actor documents fetched`,
);

async function steady(rate: number, { warm = false } = {}) {
  const seconds = warm ? WARM_SECONDS : SECONDS;
  const total = rate * seconds;
  const run = `${warm ? "w" : "r"}${rate}`;
  const signStarted = performance.now();
  const activities: Signed[] = [];
  for (let n = 0; n < total; n++) activities.push(await signed(run, n));
  const before = await notesCount();
  const fetchesBefore = [...keyFetches.values()].reduce((sum, n) => sum + n, 0);
  console.log(
    `${rate}/s: ${total} activities signed in ${((performance.now() - signStarted) / 1000).toFixed(1)} s; each host ${(rate / HOSTS).toFixed(0)}/s = ${((rate / HOSTS) * 60).toFixed(0)} a minute (budget ${INBOX_BUDGET_PER_MINUTE})`,
  );
  const cpuBefore = { app: processCpuMs(app.pid), pg: backendCpuMeter(app.database) };
  const answers: Promise<Answer>[] = [];
  const gap = 1000 / rate;
  const seen = { maxQueue: 0 };
  const start = performance.now();
  let sending = true;
  const watch = (async () => {
    while (sending) {
      seen.maxQueue = Math.max(seen.maxQueue, await queueDepth());
      await sleep(500);
    }
  })();
  for (let n = 0; n < total; n++) {
    const wait = start + n * gap - performance.now();
    if (wait > 0) await sleep(wait);
    answers.push(post(activities[n] as Signed));
  }
  const sendingMs = performance.now() - start;
  const results = await Promise.all(answers);
  sending = false;
  await watch;
  const done = await applied(before + total, performance.now() + TIMEOUT_SECONDS * 1000, seen);
  const cpu = { app: processCpuMs(app.pid) - cpuBefore.app, pg: cpuBefore.pg() };
  const accepted = results.filter((r) => r.status === 202).length;
  const statuses = new Map<number, number>();
  for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  const appliedCount = done.notes - before;
  const appliedMs = (done.at ?? performance.now()) - start;
  const appliedRate = (appliedCount / appliedMs) * 1000;
  const summary = summarize(results.map((r) => r.ms));
  const lost = total - appliedCount;
  const fetchesDuring = [...keyFetches.values()].reduce((sum, n) => sum + n, 0) - fetchesBefore;
  console.log(
    `${warm ? "just started, " : ""}${rate}/s for ${seconds} s: sent in ${(sendingMs / 1000).toFixed(1)} s (${((total / sendingMs) * 1000).toFixed(0)}/s), answers ${[...statuses].map(([s, n]) => `${n}×${s}`).join(", ")}; answer ${formatSummary(summary)}; applied ${appliedCount}/${total} ${done.at ? `${(appliedMs / 1000).toFixed(1)} s after the first POST` : `by the ${TIMEOUT_SECONDS} s deadline (NOT all)`} = ${appliedRate.toFixed(0)}/s; deepest fed_queue ${seen.maxQueue}; ${fetchesDuring} actor documents fetched during the run; CPU an activity: app ${(cpu.app / total).toFixed(2)} ms, PostgreSQL ${(cpu.pg / total).toFixed(2)} ms; load average ${loadavg()[0]?.toFixed(1)}`,
  );
  // Where the tail sits: each 2 s of sending's own p99, by when the activity was sent.
  const slice = rate * 2;
  const slices = Array.from({ length: Math.ceil(total / slice) }, (_, i) =>
    summarize(results.slice(i * slice, (i + 1) * slice).map((r) => r.ms)).p99.toFixed(0),
  );
  console.log(`${rate}/s answer p99 by 2 s of sending: ${slices.join(" · ")} ms`);
  const errors = total - accepted + Math.max(0, lost);
  const answered = { p50Ms: summary.p50, p99Ms: summary.p99, maxMs: summary.max };
  const answeredRate = (accepted / sendingMs) * 1000;
  const cost = { cpuAppMs: cpu.app / total, cpuPostgresMs: cpu.pg / total };
  if (warm) {
    recordRow({
      bench: "federation inbound",
      load: `inbox answers on the just-started app, its first ${seconds} s at ${rate}/s offered`,
      requestsPerSec: answeredRate,
      ...answered,
      errors,
      ...cost,
    });
    return;
  }
  recordRow({
    bench: "federation inbound",
    load: `activities/s verified and applied, ${rate}/s offered for ${seconds} s from ${ACTORS} people on ${HOSTS} servers (${appliedCount}/${total} applied in ${(appliedMs / 1000).toFixed(1)} s)`,
    requestsPerSec: appliedRate,
    ...answered,
    errors,
    ...cost,
    // An open loop offered at R a second can at best apply R a second over the run plus the last
    // answer's time: the rate is met when at least TARGET_RATE was offered and the last activity
    // was applied within KEPT_UP_MS of the last POST.
    target: {
      text: `≥ ${TARGET_RATE}/s offered, all applied within ${KEPT_UP_MS / 1000} s of the last`,
      met:
        rate >= TARGET_RATE &&
        done.at !== null &&
        appliedMs <= sendingMs + KEPT_UP_MS &&
        errors === 0,
    },
  });
  recordRow({
    bench: "federation inbound",
    load: `inbox answer p99 at ${rate}/s offered`,
    requestsPerSec: answeredRate,
    ...answered,
    errors: total - accepted,
    target: {
      text: `p99 < ${TARGET_P99_MS} ms, no errors`,
      met: summary.p99 < TARGET_P99_MS && accepted === total,
    },
  });
}

if (WARM_SECONDS > 0) {
  await steady(RATES[0] as number, { warm: true });
  await sleep(5000);
}
for (const rate of RATES) {
  await steady(rate);
  // A few quiet seconds between rates. Every host stays far under its budget across all of them.
  if (rate !== RATES.at(-1)) await sleep(5000);
}

await agent.close();
await app.stop();
await front.close();
for (const server of hosts) await server.close();
await pool.end();
process.exit(0);
