// Face verification under load (docs/profiles-and-media.md "Face verification"; docs/performance.md
// "Face verification"): the app in a child process on PostgreSQL (`bench_face`, made fresh), with
// PEOPLE signed-in people whose profile photos are real faces cut from the face-api package's
// sample photos (src/server/test-support/sample-faces.ts). Each verifies once through
// POST /api/verification/face with another shot of their own face (re-encoded, resized, rotated
// or brightened), one after the other, and each verification is timed. Meanwhile ordinary readers
// (GET /healthz, a profile, the home feed) run at a steady RATE (an open loop: one every 1/RATE s,
// never waiting for answers); their latency is compared with a quiet phase before, to show that
// the face model's worker thread leaves the event loop free for everyone else.
// One verification reads two faces (the capture and the current photo), ~100 ms of CPU each.
//   node --import tsx bench/face-verify.ts
//   options: PEOPLE=20 RATE=40 BASELINE_SECONDS=10
import { loadavg } from "node:os";
import {
  faceOf,
  type SamplePerson,
  sameFaceVariants,
} from "../src/server/test-support/sample-faces";
import { startApp } from "./lib/app-process";
import { dropDefaultDatabase, freshBenchDatabase, insertPlainPeople } from "./lib/bench-db";
import { type BenchSession, createSessions } from "./lib/sessions";
import { busyPercent, formatSummary, machineCpu, mb, postgresCpuMs, summarize } from "./lib/stats";

const PEOPLE = Number(process.env.PEOPLE ?? 20);
const RATE = Number(process.env.RATE ?? 40);
const BASELINE_SECONDS = Number(process.env.BASELINE_SECONDS ?? 10);
const DB_NAME = "bench_face";
const FACES: SamplePerson[] = ["a", "b", "c"];
const SHOTS = ["reencoded", "resized", "rotated", "brightened"] as const;

// A fresh database with PEOPLE + 1 people (the first one warms the face model up) and sessions.
const { url, explicit, pool } = await freshBenchDatabase(DB_NAME, "BENCH_FACE_DATABASE_URL");
const ids = Array.from({ length: PEOPLE + 1 }, (_, i) => `facebench-${i}`);
const handles = await insertPlainPeople(pool, { ids, handlePrefix: "face", name: "Face" });
const sessions = await createSessions(pool, ids);
const app = await startApp({ databaseUrl: url });
const faceOfPerson = (i: number) => FACES[i % FACES.length] as SamplePerson;

async function upload(
  session: BenchSession,
  method: "PUT" | "POST",
  path: string,
  bytes: Buffer,
): Promise<{ status: number; body: unknown; ms: number }> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "face.jpg");
  const started = performance.now();
  const response = await fetch(`${app.url}${path}`, {
    method,
    body: form,
    headers: { cookie: session.cookie },
  });
  const body = await response.json().catch(() => null);
  return { status: response.status, body, ms: performance.now() - started };
}

// Profile photos through the real avatar pipeline.
const photos = new Map(
  await Promise.all(FACES.map(async (face) => [face, await faceOf(face, 400)] as const)),
);
for (const [i, session] of sessions.entries()) {
  const res = await upload(
    session,
    "PUT",
    `/api/profiles/${session.userId}/avatar`,
    photos.get(faceOfPerson(i)) as Buffer,
  );
  if (res.status !== 200) throw new Error(`avatar upload answered ${res.status}`);
}
const variants = new Map(
  await Promise.all(FACES.map(async (face) => [face, await sameFaceVariants(face)] as const)),
);
const captureOf = (i: number) =>
  (variants.get(faceOfPerson(i)) as Awaited<ReturnType<typeof sameFaceVariants>>)[
    SHOTS[i % SHOTS.length] as (typeof SHOTS)[number]
  ];

// The readers: an open loop of ordinary requests, each timed from just before it is sent.
const readerPaths = [
  { path: "/healthz", signedIn: false },
  { path: `/api/profiles/${handles[1]}`, signedIn: true },
  { path: "/api/feed", signedIn: true },
];
interface Read {
  at: number;
  ms: number;
  status: number;
}
const reads: Read[] = [];
let reading = false;
async function readOnce(n: number) {
  const target = readerPaths[n % readerPaths.length] as (typeof readerPaths)[number];
  // Spread over the people's sessions, so no account nears its read budget.
  const session = sessions[n % sessions.length] as BenchSession;
  const at = performance.now();
  try {
    const response = await fetch(`${app.url}${target.path}`, {
      headers: target.signedIn ? { cookie: session.cookie } : {},
    });
    await response.arrayBuffer();
    reads.push({ at, ms: performance.now() - at, status: response.status });
  } catch {
    reads.push({ at, ms: Number.NaN, status: 0 });
  }
}
async function readers() {
  const gap = 1000 / RATE;
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let n = 0; reading; n++) {
    const wait = start + n * gap - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (reading) inFlight.push(readOnce(n));
  }
  await Promise.all(inFlight);
}
const readsBetween = (from: number, to: number) => reads.filter((r) => r.at >= from && r.at < to);
const describeReads = (list: Read[]) => {
  const failed = list.filter((r) => r.status !== 200).length;
  return `${formatSummary(summarize(list.filter((r) => r.status === 200).map((r) => r.ms)))}${failed ? `, ${failed} not 200` : ""}`;
};

const idle = await app.stats();
console.log(
  `${PEOPLE} people with a photo; app on ${app.url}; RSS idle ${mb(idle.rss)}; readers at ${RATE}/s; load average ${loadavg()[0]?.toFixed(2)}`,
);

// 1. Readers alone.
reading = true;
const readerLoop = readers();
const quietFrom = performance.now();
await new Promise((resolve) => setTimeout(resolve, BASELINE_SECONDS * 1000));
const quietTo = performance.now();

// 2. The first verification loads the model in the worker: timed apart.
const cold = await upload(
  sessions[0] as BenchSession,
  "POST",
  "/api/verification/face",
  captureOf(0),
);
console.log(`first verification (loads the face model): ${cold.ms.toFixed(0)} ms, ${cold.status}`);

// 3. PEOPLE verifications, one after the other, while the readers go on.
const cpuBefore = { machine: machineCpu(), pg: postgresCpuMs(), app: await app.stats() };
const busyFrom = performance.now();
const timings: number[] = [];
let matched = 0;
for (let i = 1; i <= PEOPLE; i++) {
  const res = await upload(
    sessions[i] as BenchSession,
    "POST",
    "/api/verification/face",
    captureOf(i),
  );
  if (res.status !== 200) throw new Error(`verification answered ${res.status}`);
  if ((res.body as { matched?: boolean }).matched) matched++;
  timings.push(res.ms);
}
const busyTo = performance.now();
const appAfter = await app.stats();
const busyMachine = busyPercent(cpuBefore.machine, machineCpu());
const pgMs = postgresCpuMs() - cpuBefore.pg;
reading = false;
await readerLoop;

const seconds = (busyTo - busyFrom) / 1000;
const appCpuMs =
  appAfter.cpuUserMs + appAfter.cpuSystemMs - cpuBefore.app.cpuUserMs - cpuBefore.app.cpuSystemMs;
console.log(
  `\n${PEOPLE} verifications, one at a time (${matched} matched), ${seconds.toFixed(1)} s: ${formatSummary(summarize(timings), 0)}`,
);
console.log(
  `readers alone (${BASELINE_SECONDS} s):      ${describeReads(readsBetween(quietFrom, quietTo))}`,
);
console.log(`readers during verifications: ${describeReads(readsBetween(busyFrom, busyTo))}`);
console.log(
  `CPU during verifications (of 1 core): app ${((appCpuMs / (seconds * 1000)) * 100).toFixed(0)}% (all its threads), PostgreSQL ${((pgMs / (seconds * 1000)) * 100).toFixed(0)}%; machine ${busyMachine.toFixed(0)}% of 2 cores busy`,
);
console.log(`app RSS after ${mb(appAfter.rss)}; load average ${loadavg()[0]?.toFixed(2)}`);

await app.stop();
await pool.end();
if (!explicit) await dropDefaultDatabase(DB_NAME);
