// Counts the statements the app sends its database, so a test can hold a use-case to its figure
// (docs/performance.md "Mail": statements per message). Each statement is one round trip on
// PostgreSQL (node-postgres sends one at a time), BEGIN and COMMIT included; PGlite is counted
// alike. The hot reads (db/prepared.ts) go through the same counted connections here. Only the
// requests made inside `counting` count, the work they set off after the commit included: a timer
// of the app's own (the outbox's poll) that fires meanwhile on a slow machine is not theirs. An
// injected request does not carry its caller's async context, so the app enters the counted one
// itself, in `countRequests` (createTestApp's `onRequest`), as @fastify/request-context does.
import { AsyncLocalStorage } from "node:async_hooks";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { onRequestHookHandler } from "fastify";
import pg from "pg";
import { type Database, queryRows } from "../db/client";
import { sendHotReadsThrough } from "../db/prepared";
import { createTestApp, type TestApp } from "./test-app";
import { createTestDatabase, openPgliteSnapshot } from "./test-db";

export interface CountedDatabase {
  database: Database;
  /** Statements sent so far from within `counting`. */
  statements(): number;
  /** Runs `work`, counting the statements of the requests it makes to an app given
   * `countRequests`, and of whatever they set off. */
  counting<T>(work: () => Promise<T>): Promise<T>;
}

const counted = new AsyncLocalStorage<true>();
let requestsCounted = false;
const isCounted = () => counted.getStore() === true;

async function counting<T>(work: () => Promise<T>): Promise<T> {
  requestsCounted = true;
  try {
    return await work();
  } finally {
    requestsCounted = false;
  }
}

/** createTestApp's `onRequest`: a request made inside `counting` runs in the counted context. */
export const countRequests: onRequestHookHandler = (_request, _reply, done) => {
  if (requestsCounted) counted.run(true, done);
  else done();
};

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
    if (count !== undefined && isCounted()) pgCounts.set(name, count + 1);
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

function countPglite(client: PGlite, counter: { n: number }) {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const count = (n: number) => {
    if (isCounted()) counter.n += n;
  };
  client.query = ((...args: Parameters<typeof query>) => {
    count(1);
    return query(...args);
  }) as typeof client.query;
  client.exec = (...args) => {
    count(1);
    return exec(...args);
  };
  client.transaction = (work) =>
    transaction((tx) => {
      count(2); // BEGIN and COMMIT
      const inTx: Transaction = Object.create(tx);
      inTx.query = ((...args: Parameters<Transaction["query"]>) => {
        count(1);
        return tx.query(...args);
      }) as Transaction["query"];
      inTx.exec = (...args) => {
        count(1);
        return tx.exec(...args);
      };
      return work(inTx);
    });
}

/** A fresh test database (createTestDatabase) whose statements are counted. */
export async function countedTestDatabase(): Promise<CountedDatabase> {
  if (!process.env.TEST_DATABASE_URL) {
    const counter = { n: 0 };
    const { client, database } = await openPgliteSnapshot();
    countPglite(client, counter);
    return { database, statements: () => counter.n, counting };
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
  return { database, statements: () => pgCounts.get(name) ?? 0, counting };
}

/** A test app on a counted database, its requests counted inside `counting`. */
export async function countedTestApp(): Promise<{ t: TestApp; counted: CountedDatabase }> {
  const counted = await countedTestDatabase();
  const t = await createTestApp({}, { database: counted.database, onRequest: countRequests });
  return { t, counted };
}
