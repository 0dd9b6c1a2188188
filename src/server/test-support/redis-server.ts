// A redis-server of the test's own on a free port, in a temp dir, with nothing saved to disk: a
// test may kill it (a Redis restart) and start it again on the same port, empty as after a
// restart without persistence. Never the machine's Redis.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { Redis } from "ioredis";
import { freePort } from "./child-server";

export interface OwnRedis {
  url: string;
  port: number;
  /** SIGKILL, as a crash or a container restart: every connection drops at once. */
  kill(): Promise<void>;
  /** Starts it again on the same port; resolves once it answers PING. */
  start(): Promise<void>;
  /** Kills it and removes its dir. */
  close(): Promise<void>;
}

/** Whether a redis-server binary is on the PATH. */
export async function hasRedisServer(): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = spawn("redis-server", ["--version"], { stdio: "ignore" });
    probe.on("error", () => resolve(false));
    probe.on("exit", (code) => resolve(code === 0));
  });
}

async function answers(port: number): Promise<boolean> {
  const client = new Redis({ port, lazyConnect: true, retryStrategy: () => null });
  client.on("error", () => {});
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export async function startOwnRedis(args: string[] = []): Promise<OwnRedis> {
  const dir = mkdtempSync(path.join(tmpdir(), "chtcht-redis-"));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", ...args],
      { stdio: "ignore" },
    );
    child = started;
    const deadline = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (started.exitCode !== null) throw new Error(`redis-server on ${port} exited`);
      if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not answer`);
      await delay(50);
    }
  };
  const kill = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    start,
    async close() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
