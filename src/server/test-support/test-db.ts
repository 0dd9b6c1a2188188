// A fresh, migrated database per test file: PGlite loaded from a migrated snapshot (fast), or a
// new database on the PostgreSQL server named by TEST_DATABASE_URL.
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, fromPglite, fromPostgres, pgliteExtensions } from "../db/client";

export const snapshotFile = path.resolve(".test-data/pglite-migrated.tar.gz");

/** Builds the migrated PGlite snapshot once per run (vitest globalSetup). */
export async function writePgliteSnapshot(): Promise<Blob> {
  const client = await PGlite.create({ extensions: pgliteExtensions() });
  const database = fromPglite(client);
  await database.migrate();
  const blob = await client.dumpDataDir("gzip");
  await client.close();
  return blob;
}

async function adminQuery(url: string, text: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** Drops a test database once its connections have closed (force only as the last resort). */
async function dropWhenIdle(serverUrl: string, name: string) {
  for (let attempt = 0; attempt < 30; attempt++) {
    try {
      await adminQuery(serverUrl, `drop database if exists ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "55006") throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
}

/** A new, empty database on the PostgreSQL server at `serverUrl`; `drop` removes it. */
export async function createPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => dropWhenIdle(serverUrl, name),
  };
}

/** The migrated PGlite snapshot in memory, and its client. */
export async function openPgliteSnapshot(): Promise<{ client: PGlite; database: Database }> {
  const snapshot = new Blob([await readFile(snapshotFile)]);
  const client = await PGlite.create({ loadDataDir: snapshot, extensions: pgliteExtensions() });
  return { client, database: fromPglite(client) };
}

export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return (await openPgliteSnapshot()).database;
  const created = await createPostgresDatabase(serverUrl);
  const database = fromPostgres(created.url, 5);
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}
