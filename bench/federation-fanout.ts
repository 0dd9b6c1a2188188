// Federation fan-out (docs/federation.md "Posts"; docs/performance.md "Federation"): one public
// post to FOLLOWERS people elsewhere spread evenly over SERVERS servers, while people here read
// their home feed. The app runs in a child process as https://a.bench.test on a fresh PostgreSQL
// database (bench/lib/bench-net.ts); each server elsewhere is a real HTTPS server in this process
// (s1.bench.test …) that answers 202 to every POST and keeps what arrived. The followers are rows
// written straight into fed_actors and fed_followers (each with its own inbox and its server's
// shared inbox, their follows a millisecond apart, as follows arrive one by one), so Fedify's
// preferSharedInbox makes one delivery per server: SERVERS POSTs cover FOLLOWERS followers.
// Measured: from just before POST /api/posts until the last server's POST arrived (the app's
// outbox, Fedify's fan-out and its queue, signing, TLS), and GET /api/feed as signed-in readers
// here, READ_RATE a second (an open loop) from the post until that last arrival, against the same
// reads before it. Afterwards every POST that arrived is checked: its signature verified with
// Fedify's verifyRequest (the key fetched back from the app over TLS), a Create of the post to
// Public, one per server.
// Targets: every server reached; feed reads p99 < 100 ms during the fan-out, no errors.
//   node --import tsx bench/federation-fanout.ts
//   options: FOLLOWERS=10000 SERVERS=100 READERS=200 READ_RATE=200 BASELINE_SECONDS=5
//            TIMEOUT_SECONDS=120
import { loadavg } from "node:os";
import { getDocumentLoader, verifyRequest } from "@fedify/fedify";
import { Pool, setGlobalDispatcher } from "undici";
import { startApp } from "./lib/app-process";
import { freshBenchDatabase, insertPlainPeople } from "./lib/bench-db";
import {
  BENCH_HOST,
  type BenchServer,
  benchCertificate,
  bodyOf,
  routingAgent,
  startHttpsServer,
  startTlsFront,
} from "./lib/bench-net";
import { recordRow } from "./lib/results";
import { type BenchSession, createSessions } from "./lib/sessions";
import { backendCpuMeter, formatSummary, mb, processCpuMs, sleep, summarize } from "./lib/stats";

const FOLLOWERS = Number(process.env.FOLLOWERS ?? 10_000);
const SERVERS = Number(process.env.SERVERS ?? 100);
const READERS = Number(process.env.READERS ?? 200);
const READ_RATE = Number(process.env.READ_RATE ?? 200);
const BASELINE_SECONDS = Number(process.env.BASELINE_SECONDS ?? 5);
const TIMEOUT_SECONDS = Number(process.env.TIMEOUT_SECONDS ?? 120);
const READS_P99_MS = 100;
const DB_NAME = "bench_federation";

if (FOLLOWERS % SERVERS !== 0) {
  console.error(`FOLLOWERS (${FOLLOWERS}) must be a multiple of SERVERS (${SERVERS})`);
  process.exit(2);
}
const perServer = FOLLOWERS / SERVERS;
const serverName = (s: number) => `s${s + 1}.bench.test`;

// The servers elsewhere: each keeps every POST as it arrived, to be verified after the run.
interface Arrival {
  server: number;
  at: number;
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}
const arrivals: Arrival[] = [];
const certificate = benchCertificate();
const sinks: BenchServer[] = [];
for (let s = 0; s < SERVERS; s++) {
  sinks.push(
    await startHttpsServer(certificate, (request, response) => {
      void bodyOf(request).then((body) => {
        if (request.method === "POST") {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(request.headers)) {
            if (typeof value === "string") headers[name] = value;
          }
          arrivals.push({
            server: s,
            at: performance.now(),
            url: `https://${serverName(s)}${request.url}`,
            headers,
            body,
          });
          response.writeHead(202).end();
        } else response.writeHead(404).end();
      });
    }),
  );
}

// People here: one author and READERS readers who follow them.
const { url, pool } = await freshBenchDatabase(DB_NAME, "BENCH_FEDERATION_DATABASE_URL");
const authorId = "fedbench-author";
const readerIds = Array.from({ length: READERS }, (_, i) => `fedbench-reader-${i}`);
await insertPlainPeople(pool, { ids: [authorId, ...readerIds], handlePrefix: "fan", name: "Fan" });
// The app's PUBLIC_URL is https: better-auth names its cookie with the __Secure- prefix.
const secure = (sessions: BenchSession[]) =>
  sessions.map((s) => ({ ...s, cookie: `__Secure-${s.cookie}` }));
const [author, ...readers] = secure(await createSessions(pool, [authorId, ...readerIds]));
if (!author) throw new Error("no author session");

const routes = Object.fromEntries(sinks.map((sink, s) => [serverName(s), sink.port]));
const app = await startApp({
  databaseUrl: url,
  net: { host: BENCH_HOST, routes, ca: certificate.cert },
});
const front = await startTlsFront(certificate, app.port);
// This process's fetch (verifyRequest's key fetch) reaches the app over TLS as https://a.bench.test.
setGlobalDispatcher(routingAgent({ [BENCH_HOST]: front.port }, certificate.cert));
const http = new Pool(app.url, { connections: 32, pipelining: 1 });

async function call(who: BenchSession, method: string, path: string, body?: unknown) {
  const started = performance.now();
  try {
    const response = await http.request({
      method: method as "GET" | "POST",
      path,
      headers: {
        cookie: who.cookie,
        "x-forwarded-for": who.address,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
    });
    const text = await response.body.text();
    return { status: response.statusCode, ms: performance.now() - started, text };
  } catch {
    return { status: -1, ms: performance.now() - started, text: "" };
  }
}

for (const reader of readers) {
  const res = await call(reader, "POST", "/api/follows/toggle", { targetUserId: authorId });
  if (res.status !== 200) throw new Error(`a reader's follow answered ${res.status}: ${res.text}`);
}
// Posts before anyone elsewhere follows the author: they fill the readers' feeds and go nowhere.
for (let i = 0; i < 20; i++) {
  const res = await call(author, "POST", "/api/posts", { content: `Earlier post ${i}` });
  if (res.status !== 201) throw new Error(`an earlier post answered ${res.status}: ${res.text}`);
}

// The followers elsewhere, straight into the tables; their follows a millisecond apart.
const seedStarted = performance.now();
await pool.query(
  `with actors as (
     insert into fed_actors (uri, handle, host, inbox, shared_inbox, name)
     select 'https://s' || s || '.bench.test/users/f' || i,
            'f' || i || '@s' || s || '.bench.test',
            's' || s || '.bench.test',
            'https://s' || s || '.bench.test/users/f' || i || '/inbox',
            'https://s' || s || '.bench.test/inbox',
            'Follower ' || i
     from generate_series(0, $1::int - 1) as i, lateral (select i / $2::int + 1 as s) as srv
     returning id, uri)
   insert into fed_followers (actor_id, user_id, follow_uri, state, created_at)
   select id, $3, uri || '#follow', 'accepted',
          now() - interval '1 hour' + row_number() over (order by uri) * interval '1 millisecond'
   from actors`,
  [FOLLOWERS, perServer, authorId],
);
await pool.query("update profiles set followers_count = followers_count + $1 where user_id = $2", [
  FOLLOWERS,
  authorId,
]);
console.log(
  `${FOLLOWERS.toLocaleString("en")} followers on ${SERVERS} servers (${perServer} each) seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; ${READERS} readers here; app on ${app.url} as https://${BENCH_HOST}; RSS ${mb((await app.stats()).rss)}; load average ${loadavg()[0]?.toFixed(1)}`,
);

interface Read {
  ms: number;
  status: number;
}
/** GET /api/feed READ_RATE a second, readers in turn, until `until()` says stop. */
async function readFeeds(until: () => boolean): Promise<Read[]> {
  const reads: Read[] = [];
  const inFlight: Promise<void>[] = [];
  const gap = 1000 / READ_RATE;
  const start = performance.now();
  for (let i = 0; !until(); i++) {
    const wait = start + i * gap - performance.now();
    if (wait > 0) await sleep(wait);
    const reader = readers[i % readers.length] as BenchSession;
    inFlight.push(
      call(reader, "GET", "/api/feed").then((res) => {
        reads.push({ ms: res.ms, status: res.status });
      }),
    );
  }
  await Promise.all(inFlight);
  return reads;
}

const readSummary = (reads: Read[]) => ({
  summary: summarize(reads.map((r) => r.ms)),
  errors: reads.filter((r) => r.status !== 200).length,
});

// Warm: every reader's first read, then the same load without a fan-out.
await Promise.all(readers.map((reader) => call(reader, "GET", "/api/feed")));
const baselineEnd = performance.now() + BASELINE_SECONDS * 1000;
const baseline = readSummary(await readFeeds(() => performance.now() > baselineEnd));
console.log(
  `feed reads before, ${READ_RATE}/s for ${BASELINE_SECONDS} s: ${formatSummary(baseline.summary)}, ${baseline.errors} errors`,
);

// The post and its fan-out.
const cpuBefore = { app: processCpuMs(app.pid), pg: backendCpuMeter(app.database) };
const reached = () => new Set(arrivals.map((a) => a.server)).size;
const t0 = performance.now();
const deadline = t0 + TIMEOUT_SECONDS * 1000;
const posting = call(author, "POST", "/api/posts", { content: "One post to ten thousand" });
const during = readFeeds(() => reached() >= SERVERS || performance.now() > deadline);
const posted = await posting;
if (posted.status !== 201) throw new Error(`the post answered ${posted.status}: ${posted.text}`);
const postId = (JSON.parse(posted.text) as { post: { id: string } }).post.id;
const duringReads = readSummary(await during);
const lastAt = Math.max(...arrivals.map((a) => a.at));
const fanoutMs = arrivals.length ? lastAt - t0 : Number.NaN;
const cpu = { app: processCpuMs(app.pid) - cpuBefore.app, pg: cpuBefore.pg() };
const arrivalMs = summarize(arrivals.map((a) => a.at - t0));
// Late or repeated deliveries would show within a few seconds.
await sleep(3000);

// Every POST that arrived: a genuine, signed Create of the post, addressed to Public.
const documentLoader = getDocumentLoader({ allowPrivateAddress: true });
const noteId = `https://${BENCH_HOST}/ap/posts/${postId}`;
let verified = 0;
let wrongShape = 0;
for (const arrival of arrivals) {
  const request = new Request(arrival.url, {
    method: "POST",
    headers: arrival.headers,
    body: new Uint8Array(arrival.body),
  });
  const key = await verifyRequest(request, { documentLoader, contextLoader: documentLoader });
  if (key?.ownerId?.href === `https://${BENCH_HOST}/ap/users/${authorId}`) verified++;
  const activity = JSON.parse(arrival.body.toString()) as {
    type?: string;
    object?: { id?: string };
    to?: string | string[];
  };
  const to = [activity.to ?? []].flat();
  if (
    activity.type !== "Create" ||
    activity.object?.id !== noteId ||
    !to.some((t) => t === "https://www.w3.org/ns/activitystreams#Public" || t === "as:Public")
  )
    wrongShape++;
}
const perSink = new Map<number, number>();
for (const a of arrivals) perSink.set(a.server, (perSink.get(a.server) ?? 0) + 1);
const repeated = [...perSink.values()].filter((n) => n > 1).length;
const servers = reached();
const followersCovered = servers * perServer;
const allDone = servers === SERVERS && verified === arrivals.length && wrongShape === 0;

console.log(
  `fan-out: ${servers}/${SERVERS} servers reached (${followersCovered.toLocaleString("en")} of ${FOLLOWERS.toLocaleString("en")} followers), ${arrivals.length} POSTs, ${repeated} servers more than once; last arrived ${(fanoutMs / 1000).toFixed(2)} s after the post was sent (POST /api/posts answered in ${posted.ms.toFixed(0)} ms); arrivals after the post ${formatSummary(arrivalMs, 0)}`,
);
console.log(
  `checked: ${verified}/${arrivals.length} signatures verified by Fedify's verifyRequest (key fetched from https://${BENCH_HOST}), ${wrongShape} not a public Create of the post`,
);
console.log(
  `feed reads during the fan-out, ${READ_RATE}/s: ${formatSummary(duringReads.summary)}, ${duringReads.errors} errors; CPU during it: app ${cpu.app.toFixed(0)} ms, PostgreSQL ${cpu.pg.toFixed(0)} ms; load average ${loadavg()[0]?.toFixed(1)}`,
);

recordRow({
  bench: "federation fan-out",
  load: `${FOLLOWERS.toLocaleString("en")} followers on ${SERVERS} servers, deliveries done (${servers} shared-inbox POSTs for ${followersCovered.toLocaleString("en")} followers, the last ${(fanoutMs / 1000).toFixed(1)} s after the post; p50/p99/max: arrival after the post)`,
  requestsPerSec: Number.isFinite(fanoutMs) ? servers / (fanoutMs / 1000) : 0,
  p50Ms: arrivalMs.p50,
  p99Ms: arrivalMs.p99,
  maxMs: arrivalMs.max,
  errors: SERVERS - servers + (arrivals.length - verified) + wrongShape + repeated,
  cpuAppMs: cpu.app / Math.max(1, servers),
  cpuPostgresMs: cpu.pg / Math.max(1, servers),
  target: {
    text: `all ${SERVERS} servers reached, signatures verified`,
    met: allDone,
  },
});
recordRow({
  bench: "federation fan-out",
  load: `feed reads p99 during fan-out, ${READ_RATE}/s (before it: p99 ${baseline.summary.p99.toFixed(0)} ms)`,
  requestsPerSec: duringReads.summary.count / (Math.max(1, fanoutMs) / 1000),
  p50Ms: duringReads.summary.p50,
  p99Ms: duringReads.summary.p99,
  maxMs: duringReads.summary.max,
  errors: duringReads.errors,
  target: {
    text: `p99 < ${READS_P99_MS} ms, no errors`,
    met: duringReads.summary.p99 < READS_P99_MS && duringReads.errors === 0,
  },
});

await http.close();
await app.stop();
await front.close();
for (const sink of sinks) await sink.close();
await pool.end();
process.exit(0);
