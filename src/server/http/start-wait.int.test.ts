// A start while PostgreSQL is not answering yet (docs/operations.md "Start and stop"): the compiled
// server asks again (each try logged: start-wait.test.ts) and serves once the database answers; past
// START_WAIT_SECONDS it exits 1 with one line naming what it waited for. Runs in the PostgreSQL
// pass: the database appears when a forwarder to the tests' PostgreSQL starts listening.
import { rmSync } from "node:fs";
import { createServer, connect as netConnect, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startServer, stopServer } from "../test-support/child-server";
import { createPostgresDatabase } from "../test-support/test-db";

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)("a start before the database answers", () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let forwarder: Server | undefined;

  beforeAll(async () => {
    created = await createPostgresDatabase(pgUrl as string);
  });
  afterAll(async () => {
    forwarder?.close();
    await created?.drop();
  });

  /** The test database's URL, at `port` on loopback instead. */
  const at = (port: number) => {
    const url = new URL(created.url);
    url.hostname = "127.0.0.1";
    url.port = String(port);
    return url.href;
  };

  it("waits, logging each try, and serves once the database answers", async () => {
    const port = await freePort();
    const target = new URL(created.url);
    setTimeout(() => {
      forwarder = createServer((socket) => {
        const upstream = netConnect(Number(target.port || 5432), target.hostname);
        socket.pipe(upstream).pipe(socket);
        socket.on("error", () => upstream.destroy());
        upstream.on("error", () => socket.destroy());
      }).listen(port, "127.0.0.1");
    }, 2_000);
    const server = await startServer({
      env: { DATABASE_URL: at(port), START_WAIT_SECONDS: "60", LOG_LEVEL: "warn" },
    });
    try {
      // Without the wait the start would have ended at its first try (startServer: "exited").
      expect(forwarder?.listening).toBe(true);
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(200);
    } finally {
      await stopServer(server);
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("exits 1 past START_WAIT_SECONDS with one line naming the database", async () => {
    const port = await freePort();
    const started = Date.now();
    await expect(
      startServer({ env: { DATABASE_URL: at(port), START_WAIT_SECONDS: "2" } }),
    ).rejects.toThrow(
      /instance exited: the database did not answer within 2 s \(START_WAIT_SECONDS\): .*ECONNREFUSED/,
    );
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);
});
