// The shipped nginx configuration (deploy/nginx/chtcht.conf, docs/operations.md "Deploy"), run
// as it is: Debian's nginx (scripts/ensure-services.sh installs it) with a throw-away certificate,
// in front of the app on a real port and of a second upstream that is down, so every answer below
// also shows nginx's passive health passing over a dead instance.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { connect as connectHttp2 } from "node:http2";
import { request as httpsRequest } from "node:https";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { PROOF_MAX_BYTES } from "../domain/contracts/badges";
import { createAccount } from "./test-support/accounts";
import { freePort } from "./test-support/child-server";
import {
  NGINX,
  nginxMainConfig,
  renderNginxSite,
  SHIPPED_NGINX_SITE,
} from "./test-support/nginx-site";
import { selfSignedCertificate } from "./test-support/page-server";
import { createTestApp, type TestApp } from "./test-support/test-app";

let t: TestApp;
let dir: string;
let nginx: ChildProcess;
let confFile: string;
let cert: string;
let httpPort: number;
let httpsPort: number;
/** The headers of every request and WebSocket upgrade the app received, as its HTTP server saw
 * them. */
const received: IncomingHttpHeaders[] = [];

function https(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer; port?: number } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      `https://localhost:${options.port ?? httpsPort}${url}`,
      { ca: cert, method: options.method ?? "GET", headers: options.headers },
      (res) => {
        let body = "";
        res.on("data", (chunk) => {
          body += String(chunk);
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

beforeAll(async () => {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: run scripts/ensure-services.sh`);
  dir = mkdtempSync(path.join(tmpdir(), "chtcht-deploy-nginx-"));
  // nginx's workers run as nobody and keep request bodies in this directory.
  chmodSync(dir, 0o755);
  [httpPort, httpsPort] = [await freePort(), await freePort()];
  t = await createTestApp({
    PUBLIC_URL: `https://localhost:${httpsPort}`,
    TRUST_PROXY: "true",
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  t.app.server.on("request", (req) => received.push(req.headers));
  t.app.server.on("upgrade", (req) => received.push(req.headers));
  const appPort = (t.app.server.address() as AddressInfo).port;
  const deadPort = await freePort();

  const tls = selfSignedCertificate(["localhost", "127.0.0.1"]);
  cert = tls.cert;
  writeFileSync(path.join(dir, "fullchain.pem"), tls.cert);
  writeFileSync(path.join(dir, "privkey.pem"), tls.key);
  const siteFile = path.join(dir, "chtcht.conf");
  writeFileSync(
    siteFile,
    renderNginxSite({ httpPort, httpsPort, certDir: dir, upstreams: [deadPort, appPort] }),
  );
  confFile = path.join(dir, "nginx.conf");
  writeFileSync(confFile, nginxMainConfig(dir, siteFile));

  nginx = spawn(NGINX, ["-c", confFile, "-e", path.join(dir, "error.log"), "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  for (let i = 0; i < 100; i++) {
    const up = await https("/healthz").then(
      () => true,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not answer: ${readFileSync(path.join(dir, "error.log"), "utf8")}`);
});

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx.once("exit", resolve));
    nginx.kill("SIGQUIT");
    await exited;
  }
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("deploy/nginx/chtcht.conf", () => {
  it("passes nginx -t, and a broken copy of it does not", () => {
    const errorLog = ["-e", path.join(dir, "error.log")];
    const good = spawnSync(NGINX, ["-t", "-c", confFile, ...errorLog], { encoding: "utf8" });
    expect(good.stderr).toContain("test is successful");
    expect(good.status).toBe(0);

    const broken = path.join(dir, "broken.conf");
    writeFileSync(broken, nginxMainConfig(dir, path.join(dir, "broken-site.conf")));
    writeFileSync(
      path.join(dir, "broken-site.conf"),
      readFileSync(path.join(dir, "chtcht.conf"), "utf8").replace("proxy_pass", "proxy_pas"),
    );
    const bad = spawnSync(NGINX, ["-t", "-c", broken, ...errorLog], { encoding: "utf8" });
    expect(bad.status).not.toBe(0);
  });

  it("serves /healthz over TLS with HTTP/2, and tells the app the request came over https", async () => {
    const session = connectHttp2(`https://localhost:${httpsPort}`, { ca: cert });
    try {
      const answer = await new Promise<{ status: number; body: string; alpn: string }>(
        (resolve, reject) => {
          const stream = session.request({ ":path": "/healthz" });
          let status = 0;
          let body = "";
          stream.on("response", (headers) => {
            status = Number(headers[":status"]);
          });
          stream.on("data", (chunk) => {
            body += String(chunk);
          });
          stream.on("end", () => resolve({ status, body, alpn: String(session.alpnProtocol) }));
          stream.on("error", reject);
          stream.end();
        },
      );
      expect(answer).toEqual({ status: 200, body: '{"status":"ok"}', alpn: "h2" });
    } finally {
      session.close();
    }
    const seen = received.at(-1);
    expect(seen?.["x-forwarded-proto"]).toBe("https");
    expect(seen?.["x-forwarded-for"]).toBe("127.0.0.1");
    expect(seen?.["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
  });

  it("serves a page over HTTPS, and sends plain HTTP to HTTPS", async () => {
    const page = await https("/");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root">');
    expect(received.at(-1)?.["x-forwarded-proto"]).toBe("https");

    const plain = await fetch(`http://127.0.0.1:${httpPort}/feed`, { redirect: "manual" });
    expect(plain.status).toBe(301);
    expect(plain.headers.get("location")).toBe(`https://127.0.0.1/feed`);
  });

  it("upgrades /realtime to a WebSocket through nginx, and keeps it open", async () => {
    const person = await createAccount(t);
    const socket = new WebSocket(`wss://localhost:${httpsPort}/realtime`, {
      ca: cert,
      headers: { cookie: person.cookie },
      origin: `https://localhost:${httpsPort}`,
    });
    try {
      const ready = await new Promise<{ type: string; userId?: string }>((resolve, reject) => {
        socket.once("message", (raw) => resolve(JSON.parse(String(raw))));
        socket.once("unexpected-response", (_req, res) =>
          reject(new Error(`upgrade refused: ${res.statusCode}`)),
        );
        socket.once("error", reject);
      });
      expect(ready).toMatchObject({ type: "ready", userId: person.userId });
      socket.send(JSON.stringify({ type: "ping" }));
      const pong = await new Promise<{ type: string }>((resolve) =>
        socket.once("message", (raw) => resolve(JSON.parse(String(raw)))),
      );
      expect(pong.type).toBe("pong");
      const upgrade = received.findLast((headers) => headers.upgrade === "websocket");
      expect(upgrade?.["x-forwarded-proto"]).toBe("https");
    } finally {
      socket.close();
    }
  });

  it("passes the largest upload the app takes on to it, and refuses a larger body itself", async () => {
    const limitMb = Number(SHIPPED_NGINX_SITE.match(/client_max_body_size (\d+)m;/)?.[1]);
    const post = (bytes: number) =>
      https("/api/posts", {
        method: "POST",
        headers: { "content-type": "application/octet-stream" },
        body: Buffer.alloc(bytes),
      });

    const largest = await post(PROOF_MAX_BYTES + 64 * 1024);
    expect(largest.status).not.toBe(413);
    expect(JSON.parse(largest.body).error.code).toBeTruthy();

    const tooLarge = await post(limitMb * 1024 * 1024 + 1);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.server).toMatch(/^nginx/);
  });

  it("answers a POST whose instance failed after taking it with 503, Retry-After and the app's error shape", async () => {
    // An instance that reads the request and dies (the connection reset): what a `kill -9`
    // mid-request looks like to nginx, which may not send a POST on to another instance.
    const dying = createServer((socket) => socket.once("data", () => socket.resetAndDestroy()));
    await new Promise<void>((resolve) => dying.listen(0, "127.0.0.1", resolve));
    const alone = path.join(dir, "dying");
    mkdirSync(alone);
    chmodSync(alone, 0o755);
    const [plainPort, tlsPort] = [await freePort(), await freePort()];
    const site = path.join(alone, "chtcht.conf");
    writeFileSync(
      site,
      renderNginxSite({
        httpPort: plainPort,
        httpsPort: tlsPort,
        certDir: dir,
        upstreams: [(dying.address() as AddressInfo).port],
      }),
    );
    const conf = path.join(alone, "nginx.conf");
    writeFileSync(conf, nginxMainConfig(alone, site));
    const front = spawn(
      NGINX,
      ["-c", conf, "-e", path.join(alone, "error.log"), "-g", "daemon off;"],
      {
        stdio: "ignore",
      },
    );
    try {
      let answer: Response | null = null;
      for (let i = 0; i < 100 && !answer; i++) {
        answer = await fetch(`http://127.0.0.1:${plainPort}/`, { redirect: "manual" }).then(
          (r) => r,
          () => null,
        );
        if (!answer) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const posted = await https("/api/posts", {
        port: tlsPort,
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": "k-1" },
        body: Buffer.from(JSON.stringify({ content: "in flight" })),
      });
      expect(posted.status).toBe(503);
      expect(posted.headers["retry-after"]).toBe("1");
      expect(posted.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(posted.body)).toMatchObject({
        error: { code: "unavailable", retryAfter: 1 },
      });
    } finally {
      const exited = new Promise((resolve) => front.once("exit", resolve));
      front.kill("SIGQUIT");
      await exited;
      dying.close();
    }
  });
});
