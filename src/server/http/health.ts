// Liveness and readiness (docs/operations.md "Start and stop"). `/healthz` answers from memory
// while the process is alive: a load balancer restarts an instance that fails it, which a database
// blink must not cause. `/readyz` says whether this instance should get traffic, from what is its
// own (app.ts names the checks: its connection pool, its event loop, its search index) and not
// draining; each check answers within CHECK_TIMEOUT_MS. Shared dependencies are watched apart
// (dependency-watch.ts), with the same bounded checks.
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { FrontDoor, PlainAnswer } from "./front-door";

declare module "fastify" {
  interface FastifyInstance {
    /** Marks the instance draining: `/readyz` answers 503 from now on (docs/operations.md "Start
     * and stop"). Resolves once no request has been in flight for a moment, or after 5 s; main.ts
     * awaits it on SIGTERM before closing. */
    drain(): Promise<void>;
  }
}

/** Resolves when the dependency answers; the signal is aborted once the check has timed out. */
export type ReadinessCheck = (signal: AbortSignal) => unknown;
export type CheckResult = "ok" | "failed" | "timeout";

const CHECK_TIMEOUT_MS = 2_000;
/** A finished round of checks answers the /readyz requests of the next second too: the path is
 * public, and each round costs a query, a PING and (with S3) a billed HeadBucket. */
const REUSE_MS = 1_000;
/** `/healthz`'s one answer, given at the front door. */
const ALIVE: PlainAnswer = {
  status: 200,
  headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  body: Buffer.from(JSON.stringify({ status: "ok" })),
};

async function runCheck(
  name: string,
  check: ReadinessCheck,
  log: FastifyBaseLogger,
): Promise<CheckResult> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve("timeout");
    }, CHECK_TIMEOUT_MS);
  });
  try {
    const answered = (async () => {
      await check(controller.signal);
      return "ok" as const;
    })();
    const result = await Promise.race([answered, timedOut]);
    if (result === "timeout") log.warn({ check: name }, "readiness check timed out");
    return result;
  } catch (error) {
    log.warn({ check: name, err: error }, "readiness check failed");
    return "failed";
  } finally {
    clearTimeout(timer);
  }
}

export async function runChecks(
  checks: Record<string, ReadinessCheck>,
  log: FastifyBaseLogger,
): Promise<Record<string, CheckResult>> {
  const names = Object.keys(checks);
  const results = await Promise.all(
    names.map((name) => runCheck(name, checks[name] as ReadinessCheck, log)),
  );
  return Object.fromEntries(names.map((name, i) => [name, results[i] as CheckResult]));
}

/** `/healthz`, `/readyz` (both hidden from the API docs) and `app.drain()`. */
export function registerHealth(
  app: FastifyInstance,
  door: FrontDoor,
  checks: Record<string, ReadinessCheck>,
) {
  let round: { result: Promise<Record<string, CheckResult>>; settledAt: number | null } | null =
    null;

  const { inFlight } = door;
  app.decorate("drain", () => inFlight.drain());

  door.route(app, "/healthz", () => ALIVE, true);

  app.get("/readyz", { schema: { hide: true } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (inFlight.draining) return reply.status(503).send({ status: "draining" });
    const now = Date.now();
    if (!round || (round.settledAt !== null && now - round.settledAt >= REUSE_MS)) {
      const current: NonNullable<typeof round> = {
        result: runChecks(checks, request.log),
        settledAt: null,
      };
      void current.result.then(() => {
        current.settledAt = Date.now();
      });
      round = current;
    }
    const results = await round.result;
    if (inFlight.draining) return reply.status(503).send({ status: "draining" });
    const ready = Object.values(results).every((result) => result === "ok");
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? "ok" : "unavailable", checks: results });
  });
}
