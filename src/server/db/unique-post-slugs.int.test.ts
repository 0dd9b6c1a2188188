// Migration 0007 gives repeated slugs of one author unique, stable suffixes: the newest post keeps
// the plain slug (old links opened it), older ones get the suffix a new post would get.
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugCandidates } from "../../domain/post-slug";
import { createAccount, type TestAccount } from "../test-support/accounts";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { queryRows } from "./client";

let t: TestApp;
let ann: TestAccount;
let bo: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  [ann, bo] = await Promise.all([createAccount(t), createAccount(t)]);
});
afterAll(async () => {
  await t.close();
});

const statements = readFileSync(
  path.join(import.meta.dirname, "migrations/0007_unique_post_slugs.sql"),
  "utf8",
).split("--> statement-breakpoint");

describe("migration 0007_unique_post_slugs", () => {
  it("suffixes the older of repeated slugs per author and then enforces uniqueness", async () => {
    const db = t.database.db;
    await db.execute(sql`drop index posts_user_slug_key`);
    const rows = await queryRows<{ id: string; user_id: string; created_at: string }>(
      db,
      sql`insert into posts (user_id, content, slug, created_at) values
        (${ann.userId}, 'same', 'same', '2026-01-01T00:00:00Z'),
        (${ann.userId}, 'same', 'same', '2026-01-02T00:00:00Z'),
        (${ann.userId}, 'same', 'same', '2026-01-03T00:00:00Z'),
        (${bo.userId}, 'same', 'same', '2026-01-01T00:00:00Z')
        returning id, user_id, created_at`,
    );
    for (const statement of statements) await db.execute(sql.raw(statement));

    const slugs = await queryRows<{ id: string; slug: string }>(
      db,
      sql`select id, slug from posts where id in (${sql.join(
        rows.map((r) => sql`${r.id}::uuid`),
        sql`, `,
      )})`,
    );
    const slugOf = new Map(slugs.map((r) => [r.id, r.slug]));
    const [oldest, middle, newest, other] = rows.map((r) => r.id) as [
      string,
      string,
      string,
      string,
    ];
    expect(slugOf.get(newest)).toBe("same");
    expect(slugOf.get(other)).toBe("same");
    expect(slugOf.get(middle)).toBe(slugCandidates("same", middle)[1]);
    expect(slugOf.get(oldest)).toBe(slugCandidates("same", oldest)[1]);
    await expect(
      db.execute(
        sql`insert into posts (user_id, content, slug) values (${ann.userId}, 'x', 'same')`,
      ),
    ).rejects.toThrow();
  });
});
