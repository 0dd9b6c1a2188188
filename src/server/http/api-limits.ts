// Request budgets of the JSON API (docs/operations.md "Limits"): a signed-in person spends from
// their own account's budget, wherever they connect from, so people behind one NAT (a campus, an
// office, a mobile carrier) do not share one; a visitor spends from their IP's. Writes have a
// smaller budget than reads. Requests those budgets admit also count toward a generous ceiling per
// IP, which bounds one address holding many accounts. A route whose use-case spends its own
// per-IP budgets (`config: { ownIpBudget: true }`, the login) skips the visitor's, so its own
// ceiling decides. Runs after the viewer hook (viewer.ts).
import type { FastifyInstance } from "fastify";
import type { LimitName, RateLimits } from "../infra/rate-limit";
import { clientIp } from "./request";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's use-case spends budgets of its own per IP instead of the visitor's. */
    ownIpBudget?: boolean;
  }
}

export function registerApiLimits(app: FastifyInstance, limits: RateLimits): void {
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    const ip = clientIp(request);
    const read = READS.has(request.method);
    const [name, key]: [LimitName, string] = request.viewerId
      ? [read ? "readsPerAccount" : "writesPerAccount", request.viewerId]
      : [read ? "readsPerIp" : "writesPerIp", ip];
    if (!request.routeOptions.config?.ownIpBudget) await limits.consume(name, key);
    await limits.consume("requestsPerIp", ip);
  });
}
