// Counts the statements the app sends its database, so a test can hold a use-case to its figure
// (docs/performance.md "Mail": statements per message). Each statement is one round trip on
// PostgreSQL (node-postgres sends one at a time), BEGIN and COMMIT included; PGlite is counted
// alike. The hot reads (db/prepared.ts) go through the same counted connections here.
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, queryRows } from "../db/client";
import { sendHotReadsThrough } from "../db/prepared";
import { createTestDatabase, openPgliteSnapshot } from "./test-db";

export interface CountedDatabase {
  database: Database;
  /** Statements sent so far. */
  statements(): number;
}

/** PostgreSQL databases being counted, by name, and their counts. */
const pgCounts = new Map<string, number>();
let pgPatched = false;

function countPgClients() {
  if (pgPatched) return;
  pgPatched = true;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    const name = this.database ?? "";
    const count = pgCounts.get(name);
    if (count !== undefined) pgCounts.set(name, count + 1);
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

function countPglite(client: PGlite, counter: { n: number }) {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => {
    counter.n++;
    return query(...args);
  }) as typeof client.query;
  client.exec = (...args) => {
    counter.n++;
    return exec(...args);
  };
  client.transaction = (work) =>
    transaction((tx) => {
      counter.n += 2; // BEGIN and COMMIT
      const counted: Transaction = Object.create(tx);
      counted.query = ((...args: Parameters<Transaction["query"]>) => {
        counter.n++;
        return tx.query(...args);
      }) as Transaction["query"];
      counted.exec = (...args) => {
        counter.n++;
        return tx.exec(...args);
      };
      return work(counted);
    });
}

/** A fresh test database (createTestDatabase) whose statements are counted. */
export async function countedTestDatabase(): Promise<CountedDatabase> {
  if (!process.env.TEST_DATABASE_URL) {
    const counter = { n: 0 };
    const { client, database } = await openPgliteSnapshot();
    countPglite(client, counter);
    return { database, statements: () => counter.n };
  }
  countPgClients();
  const database = await createTestDatabase();
  sendHotReadsThrough(database.db, database.db);
  const [row] = await queryRows<{ name: string }>(
    database.db,
    sql`select current_database() as name`,
  );
  const name = row?.name ?? "";
  pgCounts.set(name, 0);
  return { database, statements: () => pgCounts.get(name) ?? 0 };
}
