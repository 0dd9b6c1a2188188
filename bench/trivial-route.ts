// What every request pays (docs/performance.md "Trivial routes"): the compiled app as `npm start`
// runs it (production, info logging, the embedded database) against a bare Fastify 5 'hello' in a
// process of its own, interleaved, each under autocannon at CONNECTIONS connections for SECONDS:
// the bare 'hello', the bare server sending the app's header set, the app's front door alone with
// no access log (its floor), the app's /robots.txt (a static file), /healthz (from memory) and a
// 404 under /api. Prints req/s, p50/p99 and each route's
// ratio to the bare 'hello' in the same round, and to the bare server with the app's headers, and
// the CPU each request cost the server (all its threads) and the load generator (this process):
// a side near one core (1,000 ms a second) is the one that limits the rate.
// Target: a trivial route within 80% of the bare 'hello' (ratio ≥ 0.8).
//   node --import tsx bench/trivial-route.ts      options: SECONDS=8 CONNECTIONS=100 ROUNDS=2
import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import autocannon from "autocannon";
import { freePort, startServer, stopServer } from "../src/server/test-support/child-server";
import { recordRow } from "./lib/results";
import { processCpuMs, sleep } from "./lib/stats";

const SECONDS = Number(process.env.SECONDS ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const TARGET = 0.8;

// The compiled server and web app, rebuilt when older than their sources, as `npm start` does.
execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
const app = await startServer({
  env: { NODE_ENV: "production", LOG_LEVEL: "info", TRUST_PROXY: "false" },
});
/** bench/lib/bare-fastify.ts in a process of its own, once it answers `probe`. */
async function startCeiling(env: Record<string, string>, probe: string, flags: string[] = []) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...flags, "--import", "tsx", "bench/lib/bare-fastify.ts"],
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
// The door with the app's young generation (package.json's start script).
const door = await startCeiling({ DOOR: "1" }, "/robots.txt", ["--max-semi-space-size=32"]);
const appPid = app.process.pid as number;
const routes = [
  { label: "bare Fastify 'hello'", url: `${bare.url}/hello`, pid: bare.pid },
  { label: "bare, the app's headers", url: `${bare.url}/hello-with-headers`, pid: bare.pid },
  { label: "the door alone, no log", url: `${door.url}/robots.txt`, pid: door.pid },
  { label: "app /robots.txt", url: `${app.url}/robots.txt`, pid: appPid },
  { label: "app /healthz", url: `${app.url}/healthz`, pid: appPid },
  { label: "app 404 under /api", url: `${app.url}/api/no-such-route`, pid: appPid },
];

const run = (url: string, duration: number) =>
  autocannon({ url, connections: CONNECTIONS, duration, timeout: 10 });

try {
  for (const route of routes) await run(route.url, 2); // warm-up
  const rows: {
    label: string;
    round: number;
    rps: number;
    p50: number;
    p99: number;
    ratio: number;
    toHeaders: number;
    ok: boolean;
    serverUs: number;
    clientUs: number;
  }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    let bareRps = 0;
    let headersRps = 0;
    for (const route of routes) {
      const [serverBefore, clientBefore] = [processCpuMs(route.pid), process.cpuUsage()];
      const result = await run(route.url, SECONDS);
      const client = process.cpuUsage(clientBefore);
      const serverUs = ((processCpuMs(route.pid) - serverBefore) * 1000) / result.requests.total;
      const clientUs = (client.user + client.system) / result.requests.total;
      const rps = result.requests.average;
      if (route === routes[0]) bareRps = rps;
      if (route === routes[1]) headersRps = rps;
      const expected = route.label.includes("404") ? 404 : 200;
      const ok =
        result.errors === 0 &&
        result.timeouts === 0 &&
        (expected === 200 ? result.non2xx === 0 : result["4xx"] === result.requests.total);
      rows.push({
        label: route.label,
        round,
        rps,
        p50: result.latency.p50,
        p99: result.latency.p99,
        ratio: rps / bareRps,
        toHeaders: rps / headersRps,
        ok,
        serverUs,
        clientUs,
      });
      const trivial = route.label.startsWith("app") && !route.label.includes("404");
      recordRow({
        bench: "trivial routes",
        load: `${route.label}, ${CONNECTIONS} connections`,
        requestsPerSec: rps,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        maxMs: result.latency.max,
        errors: ok ? 0 : result.errors + result.timeouts + result.non2xx,
        cpuAppMs: serverUs / 1000,
        ceiling: route === routes[0],
        ...(trivial && {
          target: { text: `≥ ${TARGET}× the bare 'hello'`, met: ok && rps / bareRps >= TARGET },
        }),
      });
      console.log(
        `round ${round}  ${route.label.padEnd(24)} ${rps.toFixed(0).padStart(7)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ratio ${(rps / bareRps).toFixed(2)}  CPU/request server ${serverUs.toFixed(0)} µs, load ${clientUs.toFixed(0)} µs${ok ? "" : "  (unexpected answers or errors)"}`,
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
  const trivial = rows.filter((r) => r.label.startsWith("app") && !r.label.includes("404"));
  const met = trivial.every((r) => r.ratio >= TARGET && r.ok);
  console.log(
    `\ntarget: static and trivial routes ≥ ${TARGET}× the bare server: ${met ? "met" : "missed"}`,
  );
} finally {
  bare.child.kill();
  door.child.kill();
  await stopServer(app);
  rmSync(app.dataDir, { recursive: true, force: true });
}
