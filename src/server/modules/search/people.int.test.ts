// Header people search (spec-1 §2, §7): ranking, limit, literal wildcards, viewer's follow state.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../../db/schema/profiles";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
let viewer: TestAccount;
const ids: Record<string, string> = {};

async function person(fullName: string, username?: string) {
  const account = await createAccount(t, { fullName });
  if (username)
    await t.database.db
      .update(profiles)
      .set({ username })
      .where(eq(profiles.userId, account.userId));
  ids[username ?? fullName] = account.userId;
  return account;
}

beforeAll(async () => {
  t = await createTestApp();
  viewer = await createAccount(t, { fullName: "Viewer" });
  await person("Zed Marlowe", "marlo");
  await person("Marlo Stanfield");
  await person("Anna Marlowe");
  await person("Percent 100%");
  await person("Under_score");
  await person("Emoji 🦊 Fox");
  await person("O'Brien Quote");
  for (let i = 0; i < 18; i++) await person(`Crowd Member ${i}`);
});
afterAll(async () => {
  await t.close();
});

const search = async (q: string, cookie?: string) => {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/search/people?q=${encodeURIComponent(q)}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.json().items as {
    userId: string;
    fullName: string;
    handle: string;
    following: boolean;
  }[];
};

describe("GET /api/search/people", () => {
  it("ranks the exact handle first, then prefixes, then partial matches", async () => {
    const names = (await search("marlo")).map((p) => p.fullName);
    expect(names[0]).toBe("Zed Marlowe");
    expect(names.indexOf("Marlo Stanfield")).toBeLessThan(names.indexOf("Anna Marlowe"));
    expect(names).toContain("Anna Marlowe");
    expect(new Set(names).size).toBe(names.length);
  });

  it("accepts @, any case and surrounding spaces", async () => {
    expect((await search("  @MARLO "))[0]?.userId).toBe(ids.marlo);
  });

  it("returns at most 15 results", async () => {
    expect(await search("crowd")).toHaveLength(15);
  });

  it.each([
    ["%", []],
    ["_", []],
    ["100%", ["Percent 100%"]],
    ["r_s", ["Under_score"]],
    ["'", []],
    ["o'br", ["O'Brien Quote"]],
    ["🦊 f", ["Emoji 🦊 Fox"]],
  ])("treats %j literally", async (q, expected) => {
    expect((await search(q)).map((p) => p.fullName)).toEqual(expected);
  });

  it("matches one letter by the start of a handle or name, two letters also at the start of any word of the name", async () => {
    const one = (await search("m")).map((p) => p.fullName);
    expect(one).toEqual(expect.arrayContaining(["Zed Marlowe", "Marlo Stanfield"]));
    expect(one).not.toContain("Anna Marlowe");
    const two = (await search("ma")).map((p) => p.fullName);
    expect(two).toEqual(expect.arrayContaining(["Zed Marlowe", "Marlo Stanfield", "Anna Marlowe"]));
    const names = (await search("an")).map((p) => p.fullName);
    expect(names).toContain("Anna Marlowe");
    expect(names).not.toContain("Marlo Stanfield");
  });

  it("tells the signed-in viewer whom they follow", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/follows/toggle",
      headers: { cookie: viewer.cookie },
      payload: { targetUserId: ids["Marlo Stanfield"] },
    });
    const results = await search("stanfield", viewer.cookie);
    expect(results).toEqual([
      expect.objectContaining({ fullName: "Marlo Stanfield", following: true }),
    ]);
    expect((await search("stanfield"))[0]?.following).toBe(false);
  });

  it("answers an empty query with no results", async () => {
    expect(await search("   ")).toEqual([]);
  });
});
