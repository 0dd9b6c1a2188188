// GET /metrics in Prometheus text format (docs/operations.md "Metrics"), and the HTTP histogram
// every answer feeds. Not public: only with METRICS_TOKEN set, and only for a request carrying
// `Authorization: Bearer <token>`; anything else is the same 404 as an unknown path.
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { notFound } from "../errors";
import type { Metrics } from "../infra/metrics";

const digest = (text: string) => createHash("sha256").update(text).digest();

function carriesToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? "");
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  token: string | undefined,
): void {
  app.addHook("onResponse", async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? "unmatched",
      reply.statusCode,
      reply.elapsedTime,
    );
  });

  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!token || !carriesToken(request.headers.authorization, token)) {
      throw notFound();
    }
    const { contentType, body } = await metrics.text();
    return reply.header("cache-control", "no-store").type(contentType).send(body);
  });
}
