// `npm run migrate-to-postgres` (docs/operations.md "From embedded to PostgreSQL"): an embedded
// installation — a compiled instance's DATA_DIR with two people who signed up, a post with a
// picture and a message, and 1,000 more people — copied into an empty PostgreSQL database and an
// S3 store (s3rver). The app then starts on the copy and serves the same profile, picture and
// message to the same session; a second run only verifies; a failed run starts over; a
// non-empty target is refused.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ChildAccount,
  type ChildServer,
  signUp,
  startServer,
  stopServer,
} from "../test-support/child-server";
import { type LocalS3, startLocalS3 } from "../test-support/local-services";
import { faceOf } from "../test-support/sample-faces";
import { createPostgresDatabase } from "../test-support/test-db";
import { pgliteExtensions } from "./client";

/** Runs in the PostgreSQL pass of `npm test` (scripts/test.sh), which names the server. */
const pgUrl = process.env.TEST_DATABASE_URL;
const run = promisify(execFile);
if (!pgUrl) console.warn("migrate-to-postgres test skipped: it runs with TEST_DATABASE_URL");

describe.skipIf(!pgUrl)("migrate-to-postgres", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "chtcht-embedded-"));
  const targets: Awaited<ReturnType<typeof createPostgresDatabase>>[] = [];
  let s3: LocalS3;
  let s3Env: Record<string, string>;
  let ann: ChildAccount;
  let bo: ChildAccount;
  let imageUrl: string;
  let image: Buffer;
  let threadId: string;
  /** The first test's copy, which the backup test dumps. */
  let copied: string;

  const target = async () => {
    const created = await createPostgresDatabase(pgUrl as string);
    targets.push(created);
    return created.url;
  };
  const migrate = (to: string) =>
    run(process.execPath, ["dist/server/migrate-to-postgres.js", "--to", to], {
      env: { ...process.env, NODE_ENV: "test", DATA_DIR: dataDir, ...s3Env },
    }).then(
      ({ stdout }) => ({ code: 0, out: stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        out: `${error.stdout}${error.stderr}`,
      }),
    );
  const get = (server: ChildServer, url: string, who: ChildAccount) =>
    fetch(`${server.url}${url}`, { headers: { cookie: who.cookie } });

  beforeAll(async () => {
    s3 = await startLocalS3(["chtcht-media"]);
    s3Env = {
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: "chtcht-media",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    };
    const embedded = await startServer({ dataDir });
    try {
      ann = await signUp(embedded, "ann");
      bo = await signUp(embedded, "bo");
      const form = new FormData();
      form.append("content", "Before the move");
      form.append("image", new Blob([new Uint8Array(await faceOf("a"))]), "photo.jpg");
      const posted = await fetch(`${embedded.url}/api/posts`, {
        method: "POST",
        body: form,
        headers: { cookie: ann.cookie },
      });
      expect(posted.status).toBe(201);
      imageUrl = ((await posted.json()) as { post: { images: { url: string }[] } }).post.images[0]
        ?.url as string;
      image = Buffer.from(await (await get(embedded, imageUrl, ann)).arrayBuffer());
      const json = { "content-type": "application/json", cookie: ann.cookie };
      const opened = await fetch(`${embedded.url}/api/mail/threads/direct`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ userId: bo.id }),
      });
      threadId = ((await opened.json()) as { thread: { id: string } }).thread.id;
      const sent = await fetch(`${embedded.url}/api/mail/threads/${threadId}/messages`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ subject: "Moving", body: "See you on PostgreSQL" }),
      });
      expect(sent.status).toBe(201);
    } finally {
      await stopServer(embedded);
    }
    // 1,000 more people, as sign-up names them (bench/lib/seed-people.ts writes the same rows).
    const db = await PGlite.create(path.join(dataDir, "db"), { extensions: pgliteExtensions() });
    await db.exec(`
      insert into users (id, name, email, email_verified, created_at, updated_at)
        select 'seeded' || i, 'Seeded Person ' || i, 'seeded' || i || '@example.com', true, now(), now()
        from generate_series(1, 1000) as i;
      insert into profiles (user_id, default_username, full_name, email_address, chtcht_email, created_at, updated_at)
        select 'seeded' || i, 'seeded' || i, 'Seeded Person ' || i, 'seeded' || i || '@example.com',
               'seeded' || i || '@chtcht.local', now(), now()
        from generate_series(1, 1000) as i;`);
    await db.close();
  }, 240_000);

  afterAll(async () => {
    for (const created of targets) await created.drop();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("copies the database and the media, verifies both, and the app serves the copy", async () => {
    const to = await target();
    copied = to;
    const first = await migrate(to);
    expect(first.out).toMatch(/^users: 1,002 rows$/m);
    expect(first.out).toMatch(/^profiles: 1,002 rows$/m);
    expect(first.out).toMatch(/counts verified/);
    expect(first.out).toMatch(/^media: ([1-9]\d*) objects \(\1 copied\), checksums verified$/m);
    expect(first.code).toBe(0);

    const copy = await startServer({ env: { DATABASE_URL: to, ...s3Env } });
    try {
      const profile = await get(copy, `/api/profiles/${ann.handle}`, ann);
      expect(profile.status).toBe(200);
      expect(((await profile.json()) as { profile: { userId: string } }).profile.userId).toBe(
        ann.id,
      );
      const picture = await get(copy, imageUrl, bo);
      expect(picture.status).toBe(200);
      expect(Buffer.from(await picture.arrayBuffer()).equals(image)).toBe(true);
      const messages = await get(copy, `/api/mail/threads/${threadId}/messages`, bo);
      expect(messages.status).toBe(200);
      expect(await messages.text()).toContain("See you on PostgreSQL");
    } finally {
      await stopServer(copy);
      rmSync(copy.dataDir, { recursive: true, force: true });
    }

    const again = await migrate(to);
    expect(again.out).toMatch(/finished by an earlier run; verifying/);
    expect(again.out).toMatch(/^media: [1-9]\d* objects \(0 copied\), checksums verified$/m);
    expect(again.code).toBe(0);
  }, 240_000);

  it('a pg_dump of the copy restores into a new database, and the app serves it (operations.md "Backups")', async () => {
    const dump = path.join(dataDir, "backup.dump");
    await run("pg_dump", ["--format=custom", "--no-owner", `--file=${dump}`, copied]);
    const restored = await target();
    await run("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${restored}`, dump]);
    const app = await startServer({ env: { DATABASE_URL: restored, ...s3Env } });
    try {
      const profile = await get(app, `/api/profiles/${bo.handle}`, ann);
      expect(profile.status).toBe(200);
      expect(((await profile.json()) as { profile: { userId: string } }).profile.userId).toBe(
        bo.id,
      );
      const messages = await get(app, `/api/mail/threads/${threadId}/messages`, ann);
      expect(await messages.text()).toContain("See you on PostgreSQL");
    } finally {
      await stopServer(app);
      rmSync(app.dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("starts over after a run that did not finish", async () => {
    const to = await target();
    const client = new pg.Client({ connectionString: to });
    await client.connect();
    await client.query(`create schema embedded_copy;
      create table embedded_copy.state (started_at timestamptz not null default now(), finished_at timestamptz);
      insert into embedded_copy.state default values;
      create table profiles (user_id text primary key);
      insert into profiles values ('half a copy')`);
    await client.end();
    const resumed = await migrate(to);
    expect(resumed.out).toMatch(/did not finish; starting the copy over/);
    expect(resumed.out).toMatch(/^profiles: 1,002 rows$/m);
    expect(resumed.code).toBe(0);
  }, 120_000);

  it("refuses a target that holds anything, and changes nothing in it", async () => {
    const to = await target();
    const client = new pg.Client({ connectionString: to });
    await client.connect();
    await client.query("create table keep_me (id int); insert into keep_me values (1)");
    const refused = await migrate(to);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/The target database is not empty \(1 table\)/);
    const { rows } = await client.query<{ tables: string[] }>(
      "select array_agg(tablename::text) as tables from pg_tables where schemaname = 'public'",
    );
    await client.end();
    expect(rows[0]?.tables).toEqual(["keep_me"]);
    expect((await migrate("mysql://nope")).out).toMatch(/Usage: npm run migrate-to-postgres/);
  }, 60_000);
});
