// The IP ceiling of the API budgets (docs/operations.md "Limits"): it counts only what each
// person's own budget admitted, so one greedy account on a shared IP cannot use up its
// neighbours' share, and it still bounds an address holding many accounts.
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { createRateLimits, LIMITS } from "../infra/rate-limit";
import { registerApiLimits } from "./api-limits";
import { registerErrorHandling } from "./error-handler";

function appWithLimits() {
  const app = Fastify();
  registerErrorHandling(app);
  app.decorateRequest("viewerId", null);
  // Stands in for the viewer hook: the account is named by a header.
  app.addHook("onRequest", async (request) => {
    request.viewerId = (request.headers["x-account"] as string | undefined) ?? null;
  });
  registerApiLimits(app, createRateLimits());
  app.get("/api/thing", async () => ({ ok: true }));
  return app;
}

describe("API ceiling per IP", () => {
  it("counts only admitted requests, then refuses past its budget", async () => {
    const app = appWithLimits();
    const read = (account: string) =>
      app.inject({ method: "GET", url: "/api/thing", headers: { "x-account": account } });
    const perAccount = LIMITS.readsPerAccount.points;
    const accounts = LIMITS.requestsPerIp.points / perAccount;
    let refused = 0;
    for (let i = 0; i < perAccount * 3; i++) {
      if ((await read("greedy")).statusCode === 429) refused++;
    }
    expect(refused).toBe(perAccount * 2);
    for (let a = 1; a < accounts; a++) {
      for (let i = 0; i < perAccount; i++) {
        expect((await read(`neighbour-${a}`)).statusCode).toBe(200);
      }
    }
    const over = await read("one-more");
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
  }, 60_000);
});
