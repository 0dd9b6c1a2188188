// Redis Sentinel (docs/operations.md "Redis"): with REDIS_SENTINELS and REDIS_SENTINEL_NAME the
// app asks a sentinel for the primary and uses it. Here a redis-server and a sentinel of the
// test's own, on free ports in a temp dir.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { freePort } from "../test-support/child-server";
import { hasRedisServer, type OwnRedis, startOwnRedis } from "../test-support/redis-server";
import { connectRedis } from "./redis";

describe.skipIf(!(await hasRedisServer()))("Redis through a sentinel", () => {
  let primary: OwnRedis;
  let sentinelPort: number;
  let stopSentinel: () => Promise<void>;
  const dir = mkdtempSync(path.join(tmpdir(), "chtcht-sentinel-"));

  beforeAll(async () => {
    primary = await startOwnRedis();
    sentinelPort = await freePort();
    const file = path.join(dir, "sentinel.conf");
    writeFileSync(
      file,
      [
        `port ${sentinelPort}`,
        "bind 127.0.0.1",
        `dir ${dir}`,
        `sentinel monitor chtcht 127.0.0.1 ${primary.port} 1`,
        "",
      ].join("\n"),
    );
    const sentinel = spawn("redis-server", [file, "--sentinel"], { stdio: "ignore" });
    stopSentinel = async () => {
      if (sentinel.exitCode !== null) return;
      const exited = new Promise((resolve) => sentinel.once("exit", resolve));
      sentinel.kill("SIGKILL");
      await exited;
    };
    const probe = new Redis({ port: sentinelPort, lazyConnect: true, retryStrategy: () => 100 });
    probe.on("error", () => {});
    const deadline = Date.now() + 10_000;
    for (;;) {
      const answer = await probe
        .call("SENTINEL", "get-master-addr-by-name", "chtcht")
        .catch(() => null);
      if (Array.isArray(answer) && answer[1] === String(primary.port)) break;
      if (Date.now() > deadline) throw new Error("the sentinel did not name the primary");
      await delay(100);
    }
    probe.disconnect();
  }, 30_000);

  afterAll(async () => {
    await stopSentinel?.();
    await primary?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("connects to the primary the sentinel names, REDIS_URL's host unused", async () => {
    const config = loadConfig({
      DATA_DIR: dir,
      REDIS_URL: "redis://no-such-host.invalid:6379/3",
      REDIS_SENTINELS: `127.0.0.1:${sentinelPort}`,
      REDIS_SENTINEL_NAME: "chtcht",
    });
    const redis = await connectRedis(config.redisUrl, config.redisSentinel);
    try {
      await redis?.set("through-sentinel", "yes");
      const direct = new Redis(primary.url, { db: 3 });
      expect(await direct.get("through-sentinel")).toBe("yes");
      direct.disconnect();
    } finally {
      redis?.disconnect();
    }
  });
});
