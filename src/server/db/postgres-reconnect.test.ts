// postgres.js reconnecting a connection that was ended with bytes still batched, as
// patches/postgres+3.4.9.patch leaves it (docs/architecture.md "Database"). postgres.js batches
// small writes behind a setImmediate; unpatched, ending or closing a connection cancels that
// immediate without forgetting it or the bytes, and the connection object, which the pool reuses,
// then appends each new startup message to the stale bytes and never sends them: every later
// attempt ends in CONNECT_TIMEOUT while the server is up. Here a small PostgreSQL-speaking server
// on loopback answers the startup and every statement (a failing one with an error), and records
// what each connection sent first.
import { once } from "node:events";
import { createServer, type Server } from "node:net";
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";

/** Protocol 3.0, the second word of every startup message. */
const PROTOCOL_3 = 196_608;

const message = (type: string, body: Buffer = Buffer.alloc(0)) => {
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeUInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
};
const READY = message("Z", Buffer.from("I"));
const STARTED = Buffer.concat([message("R", Buffer.alloc(4)), READY]);
const EMPTY_RESULT = Buffer.concat([
  message("1"),
  message("2"),
  message("n"),
  message("C", Buffer.from("SELECT 0\0")),
  READY,
]);
const FAILED = Buffer.concat([
  message("E", Buffer.from("SERROR\0C42P01\0Mno such table\0\0")),
  READY,
]);

interface FakeServer {
  port: number;
  /** The protocol word of each connection's first message, in the order they came. */
  startups: number[];
  /** The next statement is answered with an error, after this many ms. */
  failNextAfterMs: number | null;
  server: Server;
}

async function fakePostgres(): Promise<FakeServer> {
  const fake: FakeServer = {
    port: 0,
    startups: [],
    failNextAfterMs: null,
    server: createServer((socket) => {
      let started = false;
      socket.on("error", () => {});
      socket.on("data", (data) => {
        if (!started) {
          started = true;
          fake.startups.push(data.length >= 8 ? data.readUInt32BE(4) : -1);
          socket.write(STARTED);
          return;
        }
        if (fake.failNextAfterMs !== null) {
          setTimeout(() => socket.write(FAILED), fake.failNextAfterMs);
          fake.failNextAfterMs = null;
          return;
        }
        // Every statement ends with Sync ('S'): each is answered with an empty result.
        for (let at = 0; at < data.length; at += 1 + data.readUInt32BE(at + 1)) {
          if (data[at] === 0x53) socket.write(EMPTY_RESULT);
        }
      });
    }),
  };
  fake.server.listen(0, "127.0.0.1");
  await once(fake.server, "listening");
  const address = fake.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  fake.port = address.port;
  return fake;
}

const outcome = (query: Promise<unknown>) =>
  query.then(
    () => "answered",
    (error: { code?: string }) => error.code ?? "failed",
  );

describe("postgres.js after a connection ends with a write batched", () => {
  let fake: FakeServer | undefined;
  let sql: postgres.Sql | undefined;
  afterEach(async () => {
    await sql?.end({ timeout: 0 });
    fake?.server.close();
  });

  it("sends the next connection's startup message and answers its statements", async () => {
    fake = await fakePostgres();
    sql = postgres({
      host: "127.0.0.1",
      port: fake.port,
      max: 1,
      fetch_types: false,
      connect_timeout: 1,
      // The connection's life ends while the failing statement runs: postgres.js ends it once
      // that statement's answer is in, the Sync its error makes it write still batched.
      max_lifetime: 0.2,
      onnotice: () => {},
    });
    fake.failNextAfterMs = 400;
    expect(await outcome(sql`select ${1}::int`)).toBe("42P01");

    expect(await outcome(sql`select 2`)).toBe("answered");
    expect(fake.startups).toEqual([PROTOCOL_3, PROTOCOL_3]);
  });
});
