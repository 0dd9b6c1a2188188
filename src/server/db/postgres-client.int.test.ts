// The PostgreSQL pool (db/postgres-client.ts): statements with parameters prepared once per
// connection, in transactions too; statements counted until answered; undefined sent as NULL;
// a unique violation's constraint named as on PGlite.
// Runs on the PostgreSQL pass only (TEST_DATABASE_URL).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../test-support/test-db";
import { type Database, fromPostgres, queryRows } from "./client";
import { isUniqueViolation } from "./errors";

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("PostgreSQL pool", () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createPostgresDatabase(serverUrl as string);
    drop = created.drop;
    // One connection, so every statement below meets the same session's prepared statements.
    database = fromPostgres(created.url, 1);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  const prepared = async () =>
    (
      await queryRows<{ statement: string }>(
        database.db,
        sql`select statement from pg_prepared_statements`,
      )
    ).map((row) => row.statement);

  it("prepares a statement with parameters once and reuses it", async () => {
    for (const n of [1, 2, 3]) {
      const rows = await queryRows<{ n: number }>(database.db, sql`select ${n}::int + 1 as n`);
      expect(rows).toEqual([{ n: n + 1 }]);
    }
    expect((await prepared()).filter((s) => s === "select $1::int + 1 as n")).toHaveLength(1);
  });

  it("prepares inside a transaction and a savepoint too", async () => {
    const seen = await database.db.transaction(async (tx) => {
      const outer = await queryRows<{ n: number }>(tx, sql`select ${5}::int * 2 as n`);
      const inner = await tx.transaction((nested) =>
        queryRows<{ n: number }>(nested, sql`select ${7}::int * 3 as n`),
      );
      return [outer[0]?.n, inner[0]?.n];
    });
    expect(seen).toEqual([10, 21]);
    expect(await prepared()).toEqual(
      expect.arrayContaining(["select $1::int * 2 as n", "select $1::int * 3 as n"]),
    );
  });

  it("counts a statement from when it is asked for until it is answered", async () => {
    expect(database.queriesInFlight?.()).toBe(0);
    // Drizzle sends a statement when it is awaited: `then` starts it.
    const sleeping = database.db.execute(sql`select pg_sleep(${0.2})`).then(() => {});
    const waiting = database.db.execute(sql`select ${1}::int as n`).then(() => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(database.queriesInFlight?.()).toBe(2);
    await Promise.all([sleeping, waiting]);
    expect(database.queriesInFlight?.()).toBe(0);
  });

  it("sends a placeholder left undefined as NULL", async () => {
    const statement = database.db
      .select({ missing: sql<boolean>`${sql.placeholder("value")}::text is null` })
      .from(sql`(select 1) as one`)
      .prepare("undefined_placeholder");
    expect(await statement.execute({ value: undefined })).toEqual([{ missing: true }]);
    expect(await statement.execute({ value: "x" })).toEqual([{ missing: false }]);
  });

  it("names the constraint a unique violation broke", async () => {
    await database.db.execute(sql`create table pairs (a int constraint pairs_a_key unique)`);
    await database.db.execute(sql`insert into pairs values (${1})`);
    const error = await database.db.execute(sql`insert into pairs values (${1})`).catch((e) => e);
    expect(isUniqueViolation(error, "pairs_a_key")).toBe(true);
    expect(isUniqueViolation(error, "another_key")).toBe(false);
  });
});
