// Two app processes on different ports share PostgreSQL and Redis, as behind a load balancer:
// a follow made through instance A reaches a WebSocket client connected to instance B.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../test-support/test-db";
import { connectRealtime } from "../test-support/ws-client";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function reachable(): Promise<string | null> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    return `Redis is not reachable at ${redisUrl}`;
  } finally {
    redis.disconnect();
  }
  const client = new pg.Client({ connectionString: pgUrl });
  try {
    await client.connect();
  } catch {
    return `PostgreSQL is not reachable at ${pgUrl}`;
  } finally {
    await client.end().catch(() => undefined);
  }
  return null;
}

const skipReason = await reachable();
if (skipReason) console.warn(`multi-instance realtime test skipped: ${skipReason}`);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Instance {
  url: string;
  dataDir: string;
  process: ChildProcess;
}

async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "chtcht-instance-"));
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      TRUST_PROXY: "true",
      // Each instance's inbound SMTP on a free port of its own.
      SMTP_INBOUND_PORT: "0",
      SESSION_SECRET: "multi-instance-test-secret-shared-by-both-apps",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance exited: ${stderr}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, dataDir, process: child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error(`instance did not become healthy: ${stderr}`);
}

async function stopInstance(instance: Instance) {
  const exited = new Promise((resolve) => instance.process.once("exit", resolve));
  instance.process.kill("SIGTERM");
  await exited;
  rmSync(instance.dataDir, { recursive: true, force: true });
}

/** Registers, verifies (code from the instance's captured mail) and logs in over real HTTP. */
async function signedInUser(instance: Instance) {
  const email = `multi.${randomBytes(4).toString("hex")}@example.com`;
  const password = "violet kettle 7342";
  const headers = {
    "content-type": "application/json",
    "x-forwarded-for": `10.77.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
  };
  const post = (url: string, body: unknown) =>
    fetch(`${instance.url}${url}`, { method: "POST", headers, body: JSON.stringify(body) });
  expect(
    (
      await post("/api/auth/register", {
        email,
        fullName: "Multi",
        password,
        agreeToPolicies: true,
      })
    ).status,
  ).toBe(201);
  const mailDir = path.join(instance.dataDir, "mail");
  const mail = readdirSync(mailDir)
    .map((f) => readFileSync(path.join(mailDir, f), "utf8"))
    .find((raw) => raw.includes(email));
  const code = mail?.match(/^Subject: (\d{6}) is your/m)?.[1];
  expect(code).toBeDefined();
  expect((await post("/api/auth/verify-code", { email, code })).status).toBe(200);
  const login = await post("/api/auth/login", { email, password });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { id: ((await login.json()) as { user: { id: string } }).user.id, cookie };
}

describe.skipIf(skipReason !== null)(
  "realtime across two app instances (PostgreSQL + Redis)",
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let a: Instance;
    let b: Instance;

    beforeAll(async () => {
      database = await createPostgresDatabase(pgUrl);
      a = await startInstance(database.url);
      b = await startInstance(database.url);
    }, 180_000);

    afterAll(async () => {
      await Promise.all([a && stopInstance(a), b && stopInstance(b)]);
      await database?.drop();
    }, 60_000);

    it("delivers a follow made on instance A to a client on instance B within 1 s", async () => {
      const follower = await signedInUser(a);
      const followed = await signedInUser(a);
      const socket = await connectRealtime(b.url, followed.cookie);
      try {
        await socket.waitFor((m) => m.type === "ready");
        const started = Date.now();
        const res = await fetch(`${a.url}/api/follows/toggle`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: follower.cookie },
          body: JSON.stringify({ targetUserId: followed.id }),
        });
        expect(res.status).toBe(200);
        const message = await socket.waitFor((m) => m.type === "follow.changed", 1000);
        expect(message).toEqual({
          type: "follow.changed",
          followerId: follower.id,
          followingId: followed.id,
          following: true,
        });
        expect(Date.now() - started).toBeLessThan(1000);
      } finally {
        socket.close();
      }
    });

    it("ends a session on instance B when it is signed out on instance A", async () => {
      const person = await signedInUser(a);
      const feed = () => fetch(`${b.url}/api/feed`, { headers: { cookie: person.cookie } });
      expect((await feed()).status).toBe(200); // B's session cache now holds the cookie
      const logout = await fetch(`${a.url}/api/auth/logout`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: person.cookie },
        body: "{}",
      });
      expect(logout.status).toBe(200);
      const deadline = Date.now() + 1000;
      let status = (await feed()).status;
      while (status !== 401 && Date.now() < deadline) status = (await feed()).status;
      expect(status).toBe(401);
    });
  },
);
