// Dependencies every instance shares (the database, Redis, the object store), watched apart from
// /readyz (docs/operations.md "Start and stop"): one that is slow or away would fail every
// instance's readiness at once and empty the load balancer's pool. So each is checked every
// WATCH_MS, bounded like a readiness check; the result is the gauge `chtcht_dependency_up` (1 or
// 0 per dependency), each failure is logged at warn and each return at info, for alerts.
import type { FastifyInstance } from "fastify";
import type { Metrics } from "../infra/metrics";
import { type CheckResult, type ReadinessCheck, runChecks } from "./health";

const WATCH_MS = 10_000;

export function watchDependencies(
  app: FastifyInstance,
  {
    checks,
    metrics,
    everyMs = WATCH_MS,
  }: { checks: Record<string, ReadinessCheck>; metrics: Metrics; everyMs?: number },
): void {
  const names = Object.keys(checks);
  const last = new Map<string, CheckResult>();
  metrics.gauge(
    "dependency_up",
    'Whether each shared dependency answered its last check (every 10 s): database, redis, objectStore (docs/operations.md "Start and stop").',
    () => names.map((name) => [{ dependency: name }, last.get(name) === "ok" ? 1 : 0]),
    ["dependency"],
  );
  let running: Promise<void> | null = null;
  const round = async () => {
    const results = await runChecks(checks, app.log);
    for (const [name, result] of Object.entries(results)) {
      const before = last.get(name);
      if (result === "ok" && before !== undefined && before !== "ok") {
        app.log.info({ dependency: name }, "dependency answers again");
      }
      last.set(name, result);
    }
  };
  const tick = () => {
    running ??= round().finally(() => {
      running = null;
    });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}
