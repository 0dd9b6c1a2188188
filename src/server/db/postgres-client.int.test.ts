// On PostgreSQL the hot reads (db/prepared.ts) go through postgres.js's connections of their own
// (db/postgres-client.ts), everything else through node-postgres; in a transaction they run on
// the transaction. Runs on the PostgreSQL pass only (TEST_DATABASE_URL).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../test-support/test-db";
import { type Database, type Db, fromPostgres, queryRows } from "./client";
import { HOT_READS_NAME } from "./postgres-client";
import { preparedPer } from "./prepared";

const serverUrl = process.env.TEST_DATABASE_URL;

/** A hot read that says which connection ran it, and with what parameter. */
const whoRuns = preparedPer((db: Db) =>
  db
    .select({
      name: sql<string>`current_setting('application_name')`,
      n: sql<number>`${sql.placeholder("n")}::int`,
    })
    .from(sql`(select 1) as one`)
    .prepare("who_runs"),
);

/** A hot read that says which connection ran it and whether it came over TCP (a Unix socket has
 * no server address). */
const whereFrom = preparedPer((db: Db) =>
  db
    .select({
      name: sql<string>`current_setting('application_name')`,
      address: sql<string | null>`inet_server_addr()::text`,
    })
    .from(sql`(select 1) as one`)
    .prepare("where_from"),
);

describe.skipIf(!serverUrl)("the hot reads' connections", () => {
  let database: Database;
  let drop: () => Promise<void>;
  let createdUrl: string;

  beforeAll(async () => {
    const created = await createPostgresDatabase(serverUrl as string);
    drop = created.drop;
    createdUrl = created.url;
    database = fromPostgres(created.url, 4);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it("sends a prepared hot read through postgres.js, many at once, each with its own answer", async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) => whoRuns(database.db).execute({ n })),
    );
    expect(answers).toEqual(Array.from({ length: 50 }, (_, n) => [{ name: HOT_READS_NAME, n }]));
  });

  it("sends every other statement through node-postgres", async () => {
    const [row] = await queryRows<{ name: string }>(
      database.db,
      sql`select current_setting('application_name') as name`,
    );
    expect(row?.name).not.toBe(HOT_READS_NAME);
  });

  it("runs a hot read inside a transaction on the transaction", async () => {
    const seen = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local application_name = 'in-transaction'`);
      return whoRuns(tx).execute({ n: 7 });
    });
    expect(seen).toEqual([{ name: "in-transaction", n: 7 }]);
  });

  it("reach a server over its Unix socket named libpq's way, `?host=/directory`", async () => {
    const [settings] = await queryRows<{ directories: string }>(
      database.db,
      sql`select current_setting('unix_socket_directories') as directories`,
    );
    const directory = settings?.directories.split(",")[0]?.trim() ?? "";
    expect(directory.startsWith("/"), "the test server listens on a Unix socket").toBe(true);
    const url = new URL(createdUrl);
    url.hostname = "localhost";
    url.searchParams.set("host", directory);
    const overSocket = fromPostgres(url.href, 2);
    try {
      expect(await whereFrom(overSocket.db).execute()).toEqual([
        { name: HOT_READS_NAME, address: null },
      ]);
      const [other] = await queryRows<{ address: string | null }>(
        overSocket.db,
        sql`select inet_server_addr()::text as address`,
      );
      expect(other).toEqual({ address: null });
    } finally {
      await overSocket.close();
    }
  });
});
