// Migration 0010 back-fills height in inches and kids as a number for profiles saved before it,
// the same values a save derives now (domain heightToInches, kidsCount).
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEIGHTS, heightToInches } from "../../domain/enums/height";
import { KIDS, kidsCount } from "../../domain/enums/personal";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { queryRows } from "./client";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const backfill = readFileSync(
  path.join(import.meta.dirname, "migrations/0010_search_filters.sql"),
  "utf8",
)
  .split("--> statement-breakpoint")
  .find((statement) => statement.includes("UPDATE")) as string;

describe("migration 0010_search_filters", () => {
  it("derives every height and kids choice exactly as a save does", async () => {
    const rows = HEIGHTS.map((height, i) => ({
      id: `backfill-${i}`,
      height,
      kids: KIDS[i % KIDS.length] as string,
    }));
    for (const row of rows) {
      await t.database.db.execute(sql`
        with made as (
          insert into users (id, name, email, email_verified)
          values (${row.id}, 'B', ${`${row.id}@example.com`}, true) returning id
        )
        insert into profiles (user_id, default_username, full_name, email_address, chtcht_email, height, kids)
        select id, id, 'B', id || '@example.com', id || '@chtcht.local', ${row.height}, ${row.kids} from made`);
    }
    await t.database.db.execute(sql.raw(backfill));
    const stored = await queryRows<{ user_id: string; height_inches: number; kids_count: number }>(
      t.database.db,
      sql`select user_id, height_inches, kids_count from profiles where height is not null`,
    );
    const byId = new Map(stored.map((r) => [r.user_id, r]));
    for (const row of rows) {
      expect(byId.get(row.id)).toMatchObject({
        height_inches: heightToInches(row.height),
        kids_count: kidsCount(row.kids),
      });
    }
  });
});
