// postgres.js reconnecting a connection that was ended with bytes still batched, as
// patches/postgres+3.4.9.patch leaves it (docs/architecture.md "Database"). postgres.js batches
// small writes behind a setImmediate; unpatched, ending or closing a connection cancels that
// immediate without forgetting it or the bytes, and the connection object, which the pool reuses,
// then appends each new startup message to the stale bytes and never sends them: every later
// attempt ends in CONNECT_TIMEOUT while the server is up. Here a small PostgreSQL-speaking server
// on loopback (test-support/fake-postgres.ts) answers the startup and every statement (a failing
// one with an error), and records what each connection sent first.
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import { type FakeServer, fakePostgres, PROTOCOL_3 } from "../test-support/fake-postgres";

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
