// The front door's mechanics (http/front-door.ts) on a Fastify of its own, over real sockets: a
// route it holds is answered without Fastify (none of its hooks run), anything else goes on to
// Fastify, and the server keeps the timeouts Fastify would have set.
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Metrics } from "../infra/metrics";
import { FrontDoor } from "./front-door";
import { securityHeadersFor } from "./security-headers";

let app: FastifyInstance;
let base: string;
let hooksRun = 0;
beforeAll(async () => {
  const door = new FrontDoor({
    log: pino({ level: "silent" }),
    metrics: new Metrics(),
    securityHeaders: securityHeadersFor({}),
    trustProxy: false,
  });
  app = Fastify({ serverFactory: door.serverFactory, keepAliveTimeout: 5_000 });
  app.addHook("onRequest", (_request, _reply, done) => {
    hooksRun++;
    done();
  });
  door.route(app, "/plain", () => ({
    status: 200,
    headers: { "content-type": "text/plain; charset=utf-8" },
    body: Buffer.from("at the door"),
  }));
  app.get("/framework", async () => "through Fastify");
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
});

describe("FrontDoor", () => {
  it("answers its route without running Fastify's hooks", async () => {
    const before = hooksRun;
    const res = await fetch(`${base}/plain`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("at the door");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(hooksRun).toBe(before);
  });

  it("hands Fastify every other request: another path, a query, another method", async () => {
    const before = hooksRun;
    expect(await (await fetch(`${base}/framework`)).text()).toBe("through Fastify");
    expect(await (await fetch(`${base}/plain?x=1`)).text()).toBe("at the door");
    expect((await fetch(`${base}/plain`, { method: "POST" })).status).toBe(404);
    expect(hooksRun).toBe(before + 3);
  });

  it("sets the server's timeouts from Fastify's options", () => {
    expect(app.server.keepAliveTimeout).toBe(5_000);
    expect(app.server.requestTimeout).toBe(0);
  });
});
