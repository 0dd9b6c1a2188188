// What every request pays (docs/performance.md "Trivial routes"): the compiled app as `npm start`
// runs it (production, info logging, the embedded database) against a bare Fastify 5 'hello' in a
// process of its own, interleaved, each under autocannon at CONNECTIONS connections for SECONDS:
// the bare 'hello', the bare server sending the app's header set, the bare 'hello' in a process
// that holds nextTick's fast path as the app's does (infra/tick-shape.ts: a bare Fastify given the
// app's start), the app's front door alone with no access log (its floor), the app's /robots.txt
// (a static file), /healthz (from memory) and a 404 under /api. The bare 'hello' runs again
// between every two of the others, and each route's ratio is to the mean of the bare runs just
// before and after it: the machine's speed drifts within a round. Prints req/s, p50/p99, each route's ratio to the bare 'hello' and to the bare
// server with the app's headers in the same round, and the CPU each request cost the server (all
// its threads) and the load generator (this process): a side near one core (1,000 ms a second)
// is the one that limits the rate.
// Target: a trivial route within 80% of the bare 'hello''s requests a second and at most 1.25× its
// server CPU a request (each against the bare runs around it), judged on the median ratios over the
// rounds: the bare 'hello' itself moves by a third between rounds a minute apart on a shared
// machine, so one round says more about the machine's moment than about the route. The row
// recorded for `docs/bench-results.md` is each route's median round.
//   node --import tsx bench/trivial-route.ts      options: SECONDS=3 CONNECTIONS=100 ROUNDS=5
import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import autocannon from "autocannon";
import { freePort, startServer, stopServer } from "../src/server/test-support/child-server";
import { recordRow } from "./lib/results";
import { processCpuMs, sleep } from "./lib/stats";

const SECONDS = Number(process.env.SECONDS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const TARGET = 0.8;
/** The most CPU a request of a trivial route may cost, against the bare 'hello''s. */
const CPU_TARGET = 1.25;

// The compiled server and web app, rebuilt when older than their sources, as `npm start` does.
execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
const app = await startServer({
  env: { NODE_ENV: "production", LOG_LEVEL: "info", TRUST_PROXY: "false" },
});
/** bench/lib/bare-fastify.ts in a process of its own, once it answers `probe`. */
async function startCeiling(
  env: Record<string, string>,
  probe: string,
  { flags = [], holdTickShape = false }: { flags?: string[]; holdTickShape?: boolean } = {},
) {
  const port = await freePort();
  // What main.ts loads before anything else: nextTick kept on V8's fast path (infra/tick-shape.ts).
  const hold = holdTickShape ? ["--import", "./src/server/infra/tick-shape.ts"] : [];
  const child = spawn(
    process.execPath,
    [...flags, "--import", "tsx", ...hold, "bench/lib/bare-fastify.ts"],
    {
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: "inherit",
    },
  );
  const url = `http://127.0.0.1:${port}`;
  while (
    !(await fetch(`${url}${probe}`).then(
      (r) => r.ok,
      () => false,
    ))
  )
    await sleep(100);
  return { url, child, pid: child.pid as number };
}

const bare = await startCeiling({}, "/hello");
const bareHeld = await startCeiling({}, "/hello", { holdTickShape: true });
// The door as the app runs it: its young generation (package.json's start script), its nextTick.
const door = await startCeiling({ DOOR: "1" }, "/robots.txt", {
  flags: ["--max-semi-space-size=32"],
  holdTickShape: true,
});
const appPid = app.process.pid as number;
interface Route {
  label: string;
  url: string;
  pid: number;
}
const routes: Route[] = [
  { label: "bare Fastify 'hello'", url: `${bare.url}/hello`, pid: bare.pid },
  { label: "bare, the app's headers", url: `${bare.url}/hello-with-headers`, pid: bare.pid },
  { label: "bare, nextTick's shape held", url: `${bareHeld.url}/hello`, pid: bareHeld.pid },
  { label: "the door alone, no log", url: `${door.url}/robots.txt`, pid: door.pid },
  { label: "app /robots.txt", url: `${app.url}/robots.txt`, pid: appPid },
  { label: "app /healthz", url: `${app.url}/healthz`, pid: appPid },
  { label: "app 404 under /api", url: `${app.url}/api/no-such-route`, pid: appPid },
];

/** One measured autocannon run of a route. */
interface Run {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  ok: boolean;
  serverUs: number;
  clientUs: number;
}
/** A route's run in one round, with its ratios. */
interface Round extends Run {
  round: number;
  ratio: number;
  /** Server CPU a request against the bare runs' around it. */
  cpuRatio: number;
  toHeaders: number;
}
/** The middle item once sorted by `compare` (the lower middle of an even count). */
const middle = <T>(items: readonly T[], compare: (a: T, b: T) => number): T =>
  [...items].sort(compare)[Math.floor((items.length - 1) / 2)] as T;

const run = (url: string, duration: number) =>
  autocannon({ url, connections: CONNECTIONS, duration, timeout: 10 });

try {
  for (const route of routes) await run(route.url, 2); // warm-up
  const rows: Round[] = [];
  /** One autocannon run of `route`, with the CPU it cost its server and the load generator,
   * after a second of the same load unmeasured: a server idle for the other routes' half minute
   * answers its first second 10–20% slower, and the bare server, run between every two routes,
   * would otherwise be the only warm one. */
  async function measure(route: Route): Promise<Run> {
    await run(route.url, 1);
    const [serverBefore, clientBefore] = [processCpuMs(route.pid), process.cpuUsage()];
    const result = await run(route.url, SECONDS);
    const client = process.cpuUsage(clientBefore);
    const total = result.requests.total;
    const expected = route.label.includes("404") ? 404 : 200;
    const ok =
      result.errors === 0 &&
      result.timeouts === 0 &&
      (expected === 200 ? result.non2xx === 0 : result["4xx"] === total);
    return {
      label: route.label,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      errors: ok ? 0 : result.errors + result.timeouts + result.non2xx,
      ok,
      serverUs: ((processCpuMs(route.pid) - serverBefore) * 1000) / total,
      clientUs: (client.user + client.system) / total,
    };
  }
  const [bareRoute, headersRoute, ...others] = routes as [Route, Route, ...Route[]];
  for (let round = 1; round <= ROUNDS; round++) {
    let before = await measure(bareRoute);
    const bareRuns = [before];
    const measured: { run: Run; bareRps: number; bareUs: number }[] = [];
    for (const route of [headersRoute, ...others]) {
      const routeRun = await measure(route);
      const after = await measure(bareRoute);
      measured.push({
        run: routeRun,
        bareRps: (before.rps + after.rps) / 2,
        bareUs: (before.serverUs + after.serverUs) / 2,
      });
      bareRuns.push(after);
      before = after;
    }
    const bare = middle(bareRuns, (a, b) => a.rps - b.rps);
    const headersRps = (measured[0] as (typeof measured)[number]).run.rps;
    for (const { run: r, bareRps, bareUs } of [
      { run: bare, bareRps: bare.rps, bareUs: bare.serverUs },
      ...measured,
    ]) {
      const cpuRatio = r.serverUs / bareUs;
      rows.push({ ...r, round, ratio: r.rps / bareRps, cpuRatio, toHeaders: r.rps / headersRps });
      console.log(
        `round ${round}  ${r.label.padEnd(24)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  ratio ${(r.rps / bareRps).toFixed(2)}  CPU/request server ${r.serverUs.toFixed(0)} µs (${cpuRatio.toFixed(2)}×), load ${r.clientUs.toFixed(0)} µs${r.ok ? "" : "  (unexpected answers or errors)"}`,
      );
    }
  }
  console.log(
    "\n| round | route | req/s | p50 | p99 | to bare 'hello' | to bare with headers | server CPU / request | load generator CPU / request |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const r of rows) {
    const toHeaders = r.label.startsWith("bare") ? "" : r.toHeaders.toFixed(2);
    console.log(
      `| ${r.round} | ${r.label} | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.ratio.toFixed(2)} | ${toHeaders} | ${r.serverUs.toFixed(0)} µs | ${r.clientUs.toFixed(0)} µs |`,
    );
  }
  console.log(
    "\n| route | median ratio to bare 'hello' | rounds' range | median CPU a request to bare | target |",
  );
  console.log("| --- | --- | --- | --- | --- |");
  let met = true;
  const medianRatios = new Map<string, number>();
  for (const route of routes) {
    const rounds = rows.filter((r) => r.label === route.label);
    // The round of the median ratio (the bare 'hello''s, all 1: of the median rate).
    const median = middle(rounds, (a, b) => a.ratio - b.ratio || a.rps - b.rps);
    medianRatios.set(route.label, median.ratio);
    const trivial = route.label.startsWith("app") && !route.label.includes("404");
    const cpuRatio = middle(
      rounds.map((r) => r.cpuRatio),
      (a, b) => a - b,
    );
    const routeMet = median.ratio >= TARGET && cpuRatio <= CPU_TARGET && rounds.every((r) => r.ok);
    if (trivial) met &&= routeMet;
    recordRow({
      bench: "trivial routes",
      load: `${route.label}, ${CONNECTIONS} connections, median of ${rounds.length} rounds`,
      requestsPerSec: median.rps,
      p50Ms: median.p50,
      p99Ms: median.p99,
      maxMs: median.max,
      errors: rounds.reduce((sum, r) => sum + r.errors, 0),
      cpuAppMs: median.serverUs / 1000,
      ceiling: route === routes[0],
      ceilingRatio: median.ratio,
      ...(trivial && {
        target: {
          text: `median ≥ ${TARGET}× the bare 'hello', CPU ≤ ${CPU_TARGET}×`,
          met: routeMet,
        },
      }),
    });
    const ratios = rounds.map((r) => r.ratio);
    const range = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
    console.log(
      `| ${route.label} | ${median.ratio.toFixed(2)} | ${range} | ${cpuRatio.toFixed(2)} | ${trivial ? (routeMet ? "met" : "missed") : ""} |`,
    );
  }
  const held = medianRatios.get("bare, nextTick's shape held") as number;
  console.log(
    `\nagainst the bare 'hello' with nextTick's shape held (median ${held.toFixed(2)}): ${routes
      .filter((r) => r.label.startsWith("app"))
      .map((r) => `${r.label} ${((medianRatios.get(r.label) as number) / held).toFixed(2)}`)
      .join(", ")}`,
  );
  console.log(
    `target: static and trivial routes' median ≥ ${TARGET}× the bare server's requests a second, at most ${CPU_TARGET}× its CPU a request: ${met ? "met" : "missed"}`,
  );
} finally {
  for (const ceiling of [bare, bareHeld, door]) ceiling.child.kill();
  await stopServer(app);
  rmSync(app.dataDir, { recursive: true, force: true });
}
