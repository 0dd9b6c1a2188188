// Username availability: taken by anyone's username or default username, reserved, malformed.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../../db/schema/profiles";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
let owner: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createAccount(t, { label: "taken" });
  await t.database.db
    .update(profiles)
    .set({ username: "claimed" })
    .where(eq(profiles.userId, owner.userId));
});
afterAll(async () => {
  await t.close();
});

const check = (name: string) =>
  t.app.inject({ method: "GET", url: `/api/usernames/${encodeURIComponent(name)}/availability` });

describe("GET /api/usernames/:name/availability", () => {
  it.each([
    ["freshname", true, null, 20],
    ["FreshName", true, null, 20],
    ["abc", true, null, 30],
    ["claimed", false, "taken", 20],
    ["CLAIMED", false, "taken", 20],
    ["admin", false, "reserved", null],
    ["mail", false, "reserved", null],
    ["bad name", false, "invalid", null],
    ["waytoolongusername", false, "length", null],
  ])("%s → available %s (%s)", async (name, available, reason, price) => {
    const res = await check(name);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ name: name.toLowerCase(), available, reason });
    expect(body.tier?.yearlyUsd ?? null).toBe(price);
  });

  it("counts someone's default username as taken", async () => {
    expect(owner.handle).toMatch(/^taken\.[0-9a-f]{8}$/);
    const res = await check(owner.handle.toUpperCase());
    expect(res.json()).toMatchObject({ available: false, reason: "taken" });
  });
});
