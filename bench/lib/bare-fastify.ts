// The ceilings for the trivial-route bench (bench/trivial-route.ts), in a process of their own on
// the port given: a bare Fastify 5 answering 'hello' with nothing else, and the same with the
// header set every answer of the app carries (security headers, request id, cache-control), to
// tell what the headers' weight costs from what the app's own work costs.
import { randomUUID } from "node:crypto";
import Fastify from "fastify";
import { appSecurityOptions, securityHeaders } from "../../src/server/http/security-headers";

const headers = securityHeaders(appSecurityOptions(false));
const app = Fastify();
app.get("/hello", async () => "hello");
app.get("/hello-with-headers", async (_request, reply) => {
  reply.headers(headers).header("x-request-id", randomUUID()).header("cache-control", "no-store");
  return "hello";
});
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
