// Migration 0018 (docs/profiles-and-media.md "Who sees what"): people who filled in attributes
// before audiences existed keep what they filled in visible as it was, sensitive ones included, and
// are due the one-time notice; sensitive attributes they left empty start as Only me; people who
// filled nothing in get the defaults and no notice.
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audiencesOf } from "../../domain/audiences";
import { createAccount, type TestAccount } from "../test-support/accounts";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { queryRows } from "./client";

let t: TestApp;
let filled: TestAccount;
let empty: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  [filled, empty] = await Promise.all([createAccount(t), createAccount(t)]);
});
afterAll(async () => {
  await t.close();
});

const statementsOf = (file: string) =>
  readFileSync(path.join(import.meta.dirname, "migrations", file), "utf8").split(
    "--> statement-breakpoint",
  );

describe("migration 0018_attribute_audiences", () => {
  it("keeps filled-in attributes visible as before and flags the notice", async () => {
    const db = t.database.db;
    // Back to the schema before 0018: its columns (and the trigger that reads them) gone, 0015's
    // trigger back.
    await db.execute(
      sql`alter table profiles drop column attribute_audiences cascade, drop column demographic_search cascade, drop column sensitive_consents, drop column audience_notice_due`,
    );
    await db.execute(sql.raw(statementsOf("0015_search_index.sql").at(-1) as string));
    await db.execute(
      sql`update profiles set religion = 'Sikh', salary = '$1M+', gender = 'Female' where user_id = ${filled.userId}`,
    );
    for (const statement of statementsOf("0018_attribute_audiences.sql")) {
      await db.execute(sql.raw(statement));
    }
    const rows = await queryRows<{
      user_id: string;
      attribute_audiences: unknown;
      audience_notice_due: boolean;
      demographic_search: boolean;
    }>(
      db,
      sql`select user_id, attribute_audiences, audience_notice_due, demographic_search from profiles where user_id in (${filled.userId}, ${empty.userId})`,
    );
    const byId = new Map(rows.map((r) => [r.user_id, r]));
    const before = byId.get(filled.userId);
    expect(audiencesOf(before?.attribute_audiences)).toMatchObject({
      religion: "everyone",
      salary: "everyone",
      gender: "everyone",
      race: "only_me",
      sexuality: "only_me",
      networth: "only_me",
    });
    expect(before).toMatchObject({ audience_notice_due: true, demographic_search: true });
    const fresh = byId.get(empty.userId);
    expect(fresh?.attribute_audiences).toEqual({});
    expect(audiencesOf(fresh?.attribute_audiences).religion).toBe("only_me");
    expect(fresh).toMatchObject({ audience_notice_due: false, demographic_search: true });

    // The re-created trigger logs an audience change for the search index.
    await db.execute(sql`delete from search_changes`);
    await db.execute(
      sql`update profiles set attribute_audiences = '{"religion":"friends"}' where user_id = ${filled.userId}`,
    );
    const logged = await queryRows<{ user_id: string }>(
      db,
      sql`select user_id from search_changes`,
    );
    expect(logged.map((r) => r.user_id)).toEqual([filled.userId]);
  });
});
