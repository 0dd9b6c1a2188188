// One timed autocannon run against the app, with who used the CPU meanwhile, and the report lines
// every HTTP bench prints (requests/s, latency, failures, CPU shares).
import type { Result } from "autocannon";
import type { AppStats, RunningApp } from "./app-process";
import { backendCpuMeter, busyPercent, machineCpu } from "./stats";

export interface MeasuredRun {
  result: Result;
  /** CPU ms over the run: the app process, the PostgreSQL backends of its database, this load
   * generator. */
  appMs: number;
  postgresMs: number;
  loadGeneratorMs: number;
  machineBusyPercent: number;
  after: AppStats;
}

export async function measuredRun(
  app: RunningApp,
  run: () => PromiseLike<Result>,
): Promise<MeasuredRun> {
  const before = await app.stats();
  const postgres = backendCpuMeter(app.database);
  const cpuBefore = { machine: machineCpu(), self: process.cpuUsage() };
  const result = await run();
  const self = process.cpuUsage(cpuBefore.self);
  const postgresMs = postgres();
  const cpuAfter = { machine: machineCpu() };
  const after = await app.stats();
  return {
    result,
    appMs: after.cpuUserMs + after.cpuSystemMs - before.cpuUserMs - before.cpuSystemMs,
    postgresMs,
    loadGeneratorMs: (self.user + self.system) / 1000,
    machineBusyPercent: busyPercent(cpuBefore.machine, cpuAfter.machine),
    after,
  };
}

/** Prints the lines both HTTP benches share; `statusText` lists the answers by status code. */
export function printLoadReport(
  title: string,
  run: MeasuredRun,
  statusText: string,
  detail: string[] = [],
) {
  const { result } = run;
  const share = (ms: number) => `${((ms / (result.duration * 1000)) * 100).toFixed(0)}%`;
  console.log(`\n${title}, ${result.duration.toFixed(1)} s`);
  console.log(
    `requests/s     avg ${result.requests.average.toFixed(0)}  (min ${result.requests.min}, max ${result.requests.max}); total ${result.requests.total}`,
  );
  console.log(
    `latency        p50 ${result.latency.p50} ms  p90 ${result.latency.p90} ms  p99 ${result.latency.p99} ms  max ${result.latency.max} ms`,
  );
  for (const line of detail) console.log(line);
  console.log(
    `non-2xx        ${result.non2xx}  errors ${result.errors}  timeouts ${result.timeouts}  (${statusText})`,
  );
  console.log(
    `CPU (of 1 core) app ${share(run.appMs)}, PostgreSQL ${share(run.postgresMs)}, load generator ${share(run.loadGeneratorMs)}; machine ${run.machineBusyPercent.toFixed(0)}% of 2 cores busy`,
  );
}
