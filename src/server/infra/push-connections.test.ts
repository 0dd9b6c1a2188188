// Kept connections to push services (push-connections.ts): one agent per checked target, whose
// connections go to the checked address whatever the name would resolve to, and are reused.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PushConnections } from "./push-connections";

let server: http.Server;
let port: number;
let connections = 0;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => response.writeHead(201, { "content-length": "0" }).end());
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const loopback = { address: "127.0.0.1", family: 4 as const };

/** A POST through `agent`; its status. */
const post = (url: URL, agent: http.Agent) =>
  new Promise<number>((resolve, reject) => {
    const request = http.request(url, { method: "POST", agent }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    request.end("push");
  });

describe("PushConnections", () => {
  it("has one agent per scheme, host, port and checked address", () => {
    const pool = new PushConnections();
    const url = new URL("https://push.example/abc");
    const agent = pool.agentFor(url, { address: "93.184.216.34", family: 4 });
    expect(
      pool.agentFor(new URL("https://push.example/def"), { address: "93.184.216.34", family: 4 }),
    ).toBe(agent);
    expect(pool.agentFor(url, { address: "93.184.216.35", family: 4 })).not.toBe(agent);
    expect(
      pool.agentFor(new URL("https://other.example/abc"), { address: "93.184.216.34", family: 4 }),
    ).not.toBe(agent);
    expect(
      pool.agentFor(new URL("https://push.example:8443/abc"), {
        address: "93.184.216.34",
        family: 4,
      }),
    ).not.toBe(agent);
    pool.close();
  });

  it("connects to the checked address, not to what the name resolves to, and keeps the connection", async () => {
    const pool = new PushConnections();
    // push.invalid resolves nowhere: the request reaches the server only through the pinned address.
    const url = new URL(`http://push.invalid:${port}/notify/a`);
    const before = connections;
    for (let i = 0; i < 3; i++) expect(await post(url, pool.agentFor(url, loopback))).toBe(201);
    expect(connections - before).toBe(1);
    pool.close();
  });
});
