// The ceilings for the trivial-route bench (bench/trivial-route.ts), in a process of their own on
// the port given: a bare Fastify 5 answering 'hello' with nothing else, and the same with the
// header set every answer of the app carries (security headers, request id, cache-control), to
// tell what the headers' weight costs from what the app's own work costs. With DOOR=1, instead:
// the app's front door (http/front-door.ts) alone, answering the build's files with the app's
// headers, request ids and request histogram but no access log line and nothing else of the app:
// the floor of what the app's static files could cost (docs/performance.md "Trivial routes").
import { randomUUID } from "node:crypto";
import Fastify, { type FastifyBaseLogger } from "fastify";
import pino from "pino";
import { FrontDoor } from "../../src/server/http/front-door";
import {
  appSecurityOptions,
  securityHeaders,
  securityHeadersFor,
} from "../../src/server/http/security-headers";
import { loadStaticFiles, registerStaticFiles } from "../../src/server/http/static-files";
import { Metrics } from "../../src/server/infra/metrics";

const port = Number(process.env.PORT);

if (process.env.DOOR) {
  const log: FastifyBaseLogger = pino({ level: "warn" });
  const door = new FrontDoor({
    log,
    metrics: new Metrics(),
    securityHeaders: securityHeadersFor(appSecurityOptions(false)),
    trustProxy: false,
  });
  const app = Fastify({ serverFactory: door.serverFactory, loggerInstance: log });
  registerStaticFiles(app, door, loadStaticFiles("dist/web"));
  await app.listen({ port, host: "127.0.0.1" });
} else {
  const headers = securityHeaders(appSecurityOptions(false));
  const app = Fastify();
  app.get("/hello", async () => "hello");
  app.get("/hello-with-headers", async (_request, reply) => {
    reply.headers(headers).header("x-request-id", randomUUID()).header("cache-control", "no-store");
    return "hello";
  });
  await app.listen({ port, host: "127.0.0.1" });
}
