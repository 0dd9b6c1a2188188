// The front door in the app (http/front-door.ts): over a real socket the build's files and
// /healthz come with exactly what Fastify's own routes answer an injected request (status, headers,
// body), with a request id, one access log line and the request histogram, and while the instance
// drains they close their connection like any other answer.
import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capturedLog } from "../test-support/captured-log";
import { createTestApp, type TestApp } from "../test-support/test-app";

const TOKEN = "metrics-token-for-the-front-door";
const ASSET = "/assets/entry-Df8k2mQa.js";
const SCRIPT = `export const words = ${JSON.stringify("front door ".repeat(300))};\n`;
const ROBOTS = "User-agent: *\nAllow: /\n";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const agent = new Agent({ keepAlive: true });
const { logger, lines: logLines } = capturedLog();
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp(
    { METRICS_TOKEN: TOKEN },
    {
      logger,
      webFiles: {
        [ASSET]: SCRIPT,
        [`${ASSET}.br`]: brotliCompressSync(SCRIPT),
        [`${ASSET}.gz`]: gzipSync(SCRIPT),
        "/robots.txt": ROBOTS,
      },
    },
  );
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  agent.destroy();
  await t.close();
});

function overSocket(method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const sent = request({ host: "127.0.0.1", port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    sent.on("error", reject);
    sent.end();
  });
}

async function injected(method: "GET" | "HEAD", url: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method, url, headers });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload } as Answer;
}

/** The headers an answer is judged by: not the ones each connection or moment sets. */
function comparable({ headers }: Answer) {
  const { date, connection, "keep-alive": _k, "x-request-id": _id, ...rest } = headers;
  return rest;
}

const etagOfRobots = async () => (await injected("GET", "/robots.txt", {})).headers.etag;

describe("the front door", () => {
  it.each([
    ["GET", "/robots.txt", {}],
    ["GET", ASSET, { "accept-encoding": "br, gzip" }],
    ["GET", ASSET, { "accept-encoding": "gzip" }],
    ["GET", ASSET, {}],
    ["HEAD", ASSET, { "accept-encoding": "br" }],
    ["GET", "/healthz", {}],
    ["HEAD", "/healthz", {}],
  ] as const)("answers %s %s %j as Fastify's route does", async (method, path, headers) => {
    const [door, fastify] = await Promise.all([
      overSocket(method, path, headers),
      injected(method, path, headers),
    ]);
    expect(door.status).toBe(fastify.status);
    expect(comparable(door)).toEqual(comparable(fastify));
    expect(door.body.equals(fastify.body)).toBe(true);
    expect(door.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(door.headers["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it("answers a file the client already holds with 304 and no body", async () => {
    const etag = String(await etagOfRobots());
    const door = await overSocket("GET", "/robots.txt", { "if-none-match": etag });
    const fastify = await injected("GET", "/robots.txt", { "if-none-match": etag });
    expect(door.status).toBe(304);
    expect(door.body.length).toBe(0);
    expect(comparable(door)).toEqual(comparable(fastify));
  });

  it("keeps a safe X-Request-Id and logs one line with it, and feeds the histogram", async () => {
    const scrape = async () =>
      (
        await t.app.inject({
          method: "GET",
          url: "/metrics",
          headers: { authorization: `Bearer ${TOKEN}` },
        })
      ).body;
    const series =
      'chtcht_http_request_duration_seconds_count{method="GET",route="/robots.txt",status="2xx"}';
    const count = (text: string) =>
      Number(
        text
          .split("\n")
          .find((line) => line.startsWith(series))
          ?.slice(series.length) ?? 0,
      );
    const before = count(await scrape());
    const answer = await overSocket("GET", "/robots.txt", { "x-request-id": "door-test.1" });
    expect(answer.headers["x-request-id"]).toBe("door-test.1");
    expect(count(await scrape())).toBe(before + 1);
    const lines = logLines.filter((line) => line.reqId === "door-test.1");
    expect(lines).toEqual([
      expect.objectContaining({
        msg: "request completed",
        method: "GET",
        url: "/robots.txt",
        statusCode: 200,
        ip: "127.0.0.1",
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it("leaves a URL it does not match exactly, and every other method, to Fastify", async () => {
    const withQuery = await overSocket("GET", "/robots.txt?v=2");
    expect(withQuery.status).toBe(200);
    expect(withQuery.body.toString()).toBe(ROBOTS);
    const post = await overSocket("POST", "/healthz");
    expect(post.status).toBe(404);
    expect(JSON.parse(post.body.toString()).error.code).toBe("not_found");
  });

  // Last: a drained instance stays drained.
  it("closes the connection of its answers while the instance drains", async () => {
    const before = await overSocket("GET", "/healthz");
    expect(before.headers.connection).toBe("keep-alive");
    const drained = t.app.drain();
    const during = await overSocket("GET", "/healthz");
    expect(during.status).toBe(200);
    expect(during.headers.connection).toBe("close");
    await drained;
  });
});
