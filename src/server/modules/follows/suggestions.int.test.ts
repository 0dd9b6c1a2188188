// GET /api/follows/suggestions (docs/feed.md "People to follow"): people in the viewer's city when
// the viewer shows it to everyone, then people who posted lately; never the viewer, people already
// followed, blocked either way, muted or suspended; validated and spent from the reads budget.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suggestionsResponse } from "../../../domain/contracts/follows";
import { queryRows } from "../../db/client";
import { LIMITS } from "../../infra/rate-limit";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { follow, inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const suggestions = async (viewer: TestAccount, query = "?limit=10") => {
  const res = await inject(t, viewer, "GET", `/api/follows/suggestions${query}`);
  expect(res.statusCode).toBe(200);
  return suggestionsResponse.parse(res.json()).items;
};
const ids = (items: { userId: string }[]) => items.map((item) => item.userId);

const setCity = (who: TestAccount, city: string | null, audience = "everyone") =>
  queryRows(
    t.database.db,
    sql`update profiles set city = ${city}, attribute_audiences = ${JSON.stringify({ city: audience })}::jsonb where user_id = ${who.userId}`,
  );

describe("GET /api/follows/suggestions", () => {
  it("offers people who posted lately, latest poster first, never the viewer or people followed", async () => {
    const viewer = await createAccount(t, { fullName: "New Person" });
    const [older, newer, followed] = await Promise.all([
      createAccount(t, { fullName: "Older Poster" }),
      createAccount(t, { fullName: "Newer Poster" }),
      createAccount(t, { fullName: "Followed Poster" }),
    ]);
    await publish(t, older, "an older post");
    await publish(t, followed, "followed already");
    await publish(t, newer, "a newer post");
    await publish(t, viewer, "my own post");
    await follow(t, viewer, followed);

    const items = await suggestions(viewer);
    const found = ids(items);
    expect(found.indexOf(newer.userId)).toBeGreaterThanOrEqual(0);
    expect(found.indexOf(newer.userId)).toBeLessThan(found.indexOf(older.userId));
    expect(found).not.toContain(viewer.userId);
    expect(found).not.toContain(followed.userId);
    expect(items.find((item) => item.userId === newer.userId)).toMatchObject({
      fullName: "Newer Poster",
      handle: expect.any(String),
      reason: "active",
      city: null,
    });
  });

  it("never offers people in a block with the viewer either way, muted or suspended", async () => {
    const viewer = await createAccount(t);
    const [blocked, blocker, muted, suspended, fine] = await Promise.all([
      createAccount(t),
      createAccount(t),
      createAccount(t),
      createAccount(t),
      createAccount(t),
    ]);
    for (const who of [blocked, blocker, muted, suspended, fine]) await publish(t, who, "hello");
    await inject(t, viewer, "POST", `/api/safety/blocks/${blocked.userId}`);
    await inject(t, blocker, "POST", `/api/safety/blocks/${viewer.userId}`);
    await inject(t, viewer, "POST", `/api/safety/mutes/${muted.userId}`);
    await queryRows(
      t.database.db,
      sql`update profiles set suspended_at = now() where user_id = ${suspended.userId}`,
    );

    const found = ids(await suggestions(viewer));
    expect(found).toContain(fine.userId);
    for (const hidden of [blocked, blocker, muted, suspended]) {
      expect(found).not.toContain(hidden.userId);
    }
  });

  it("offers people in the viewer's city first when the viewer shows their city to everyone", async () => {
    const viewer = await createAccount(t);
    const [neighbour, privateNeighbour, elsewhere] = await Promise.all([
      createAccount(t, { fullName: "Neighbour" }),
      createAccount(t, { fullName: "Private Neighbour" }),
      createAccount(t, { fullName: "Elsewhere" }),
    ]);
    await setCity(viewer, "Springfield, IL");
    await setCity(neighbour, "Springfield, IL");
    await setCity(privateNeighbour, "Springfield, IL", "friends");
    await setCity(elsewhere, "Springfield, MO");

    const items = await suggestions(viewer);
    expect(items[0]).toMatchObject({
      userId: neighbour.userId,
      reason: "city",
      city: "Springfield, IL",
    });
    expect(ids(items)).not.toContain(privateNeighbour.userId);
    expect(ids(items)).not.toContain(elsewhere.userId);
  });

  it("offers nobody by city when the viewer's own city is not shown to everyone", async () => {
    const viewer = await createAccount(t);
    const neighbour = await createAccount(t);
    await setCity(viewer, "Portland, OR", "friends");
    await setCity(neighbour, "Portland, OR");
    expect(ids(await suggestions(viewer))).not.toContain(neighbour.userId);
  });

  it("answers 5 people by default and at most the limit asked for", async () => {
    const viewer = await createAccount(t);
    const posters = await Promise.all(Array.from({ length: 6 }, () => createAccount(t)));
    for (const who of posters) await publish(t, who, "busy day");
    expect(await suggestions(viewer, "")).toHaveLength(5);
    expect(await suggestions(viewer, "?limit=2")).toHaveLength(2);
  });

  it("needs an account", async () => {
    const res = await inject(t, null, "GET", "/api/follows/suggestions");
    expect(res.statusCode).toBe(401);
  });

  it.each(["?limit=0", "?limit=11", "?limit=two"])(
    "refuses %s with a 400 in the error shape",
    async (query) => {
      const viewer = await createAccount(t);
      const res = await inject(t, viewer, "GET", `/api/follows/suggestions${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: { code: "validation_error", fields: { limit: expect.any(Array) } },
      });
    },
  );

  it("spends the viewer's reads budget like every other read", async () => {
    const viewer = await createAccount(t);
    for (let i = 0; i < LIMITS.readsPerAccount.points; i++) {
      await t.limits.consume("readsPerAccount", viewer.userId);
    }
    const refused = await inject(t, viewer, "GET", "/api/follows/suggestions");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("rate_limited");
  });
});
