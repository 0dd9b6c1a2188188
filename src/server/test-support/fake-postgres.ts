// A small PostgreSQL-speaking server on loopback for tests of the drivers' own behaviour
// (db/postgres-reconnect.test.ts, db/transaction-release.test.ts): it answers the startup and
// every statement (extended protocol: an empty result at each Sync), or, when asked, the next
// statement with an error, and records what each connection sent first.
import { once } from "node:events";
import { createServer, type Server } from "node:net";

/** Protocol 3.0, the second word of every startup message. */
export const PROTOCOL_3 = 196_608;

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

export interface FakeServer {
  port: number;
  /** The protocol word of each connection's first message, in the order they came. */
  startups: number[];
  /** The next statement is answered with an error, after this many ms. */
  failNextAfterMs: number | null;
  server: Server;
}

export async function fakePostgres(): Promise<FakeServer> {
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
