// Follows (spec-1 §4, §5): toggle semantics, exact counters under concurrency, friends, lists.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
let ada: TestAccount;
let bob: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  ada = await createAccount(t, { label: "ada", fullName: "Ada" });
  bob = await createAccount(t, { label: "bob", fullName: "Bob" });
});
afterAll(async () => {
  await t.close();
});

const toggle = (who: TestAccount, payload: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/follows/toggle",
    headers: { cookie: who.cookie },
    payload,
  });

const counts = async (who: TestAccount) =>
  (await t.app.inject({ method: "GET", url: `/api/profiles/${who.handle}` })).json().profile.counts;

const list = (viewer: TestAccount, owner: TestAccount, kind: string, query = "") =>
  t.app.inject({
    method: "GET",
    url: `/api/follows/${owner.userId}/${kind}${query}`,
    headers: { cookie: viewer.cookie },
  });

describe("POST /api/follows/toggle", () => {
  it("follows, then unfollows, keeping both sides' counters and mutual friends exact", async () => {
    const a = await createAccount(t);
    const b = await createAccount(t);
    const first = await toggle(a, { action: "toggle", targetUserId: b.userId });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      following: true,
      state: "following",
      counts: { friends: 0, following: 0, followers: 1 },
    });
    expect(await counts(a)).toEqual({ friends: 0, following: 1, followers: 0 });

    const back = await toggle(b, { targetUserId: a.userId });
    expect(back.json().following).toBe(true);
    expect(await counts(a)).toEqual({ friends: 1, following: 1, followers: 1 });
    expect(await counts(b)).toEqual({ friends: 1, following: 1, followers: 1 });

    const undo = await toggle(a, { targetUserId: b.userId });
    expect(undo.json()).toEqual({
      following: false,
      state: "none",
      counts: { friends: 0, following: 1, followers: 0 },
    });
    expect(await counts(a)).toEqual({ friends: 0, following: 0, followers: 1 });
    const status = await t.app.inject({
      method: "GET",
      url: `/api/follows/status/${b.userId}`,
      headers: { cookie: a.cookie },
    });
    expect(status.json()).toEqual({ following: false, state: "none" });
  });

  it.each([
    ["missing target", {}, 400, "Missing IDs"],
    ["blank target", { targetUserId: " " }, 400, "Missing IDs"],
  ])("refuses a %s", async (_label, payload, status, message) => {
    const res = await toggle(ada, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(message);
  });

  it("refuses following yourself and acting as someone else", async () => {
    expect((await toggle(ada, { targetUserId: ada.userId })).statusCode).toBe(400);
    const asOther = await toggle(ada, { targetUserId: bob.userId, followerId: bob.userId });
    expect(asOther.statusCode).toBe(403);
    expect((await toggle(ada, { targetUserId: "no-such-user" })).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/follows/toggle",
      payload: { targetUserId: bob.userId },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("keeps every counter equal to a recount after 50 concurrent toggles from several users", async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => createAccount(t)));
    const requests = Array.from({ length: 50 }, (_, i) => {
      const from = people[i % people.length] as TestAccount;
      const to = people[(i * 7 + 1) % people.length] as TestAccount;
      return from === to ? null : toggle(from, { targetUserId: to.userId });
    }).filter(Boolean);
    const results = await Promise.all(requests);
    expect(results.every((r) => r?.statusCode === 200)).toBe(true);

    const ids = people.map((p) => p.userId);
    const rows = await queryRows<Record<string, number>>(
      t.database.db,
      sql`
      select p.user_id, p.following_count, p.followers_count, p.friends_count,
        (select count(*) from followers f where f.follower_id = p.user_id)::int as following,
        (select count(*) from followers f where f.following_id = p.user_id)::int as followers,
        (select count(*) from followers f join followers r on r.follower_id = f.following_id and r.following_id = f.follower_id
          where f.follower_id = p.user_id)::int as friends
      from profiles p where p.user_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(rows).toHaveLength(people.length);
    for (const row of rows) {
      expect(row.following_count).toBe(row.following);
      expect(row.followers_count).toBe(row.followers);
      expect(row.friends_count).toBe(row.friends);
    }
  });
});

describe("follower lists", () => {
  it("lists friends, following and followers for the owner, newest first, paginated", async () => {
    const owner = await createAccount(t, { fullName: "Owner" });
    const fans = await Promise.all(
      [1, 2, 3].map((n) => createAccount(t, { fullName: `Fan ${n}` })),
    );
    for (const fan of fans) await toggle(fan, { targetUserId: owner.userId });
    await toggle(owner, { targetUserId: (fans[0] as TestAccount).userId });

    const followersPage = await list(owner, owner, "followers", "?limit=2");
    expect(followersPage.statusCode).toBe(200);
    const first = followersPage.json();
    expect(first.items.map((p: { fullName: string }) => p.fullName)).toEqual(["Fan 3", "Fan 2"]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await list(owner, owner, "followers", `?limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(second.items.map((p: { fullName: string }) => p.fullName)).toEqual(["Fan 1"]);
    expect(second.nextCursor).toBeNull();

    const friends = (await list(owner, owner, "friends")).json();
    expect(friends.items).toHaveLength(1);
    expect(friends.items[0]).toMatchObject({
      fullName: "Fan 1",
      handle: (fans[0] as TestAccount).handle,
    });
    const following = (await list(owner, owner, "following")).json();
    expect(following.items.map((p: { userId: string }) => p.userId)).toEqual([
      (fans[0] as TestAccount).userId,
    ]);
  });

  it("refuses anyone but the owner with 403", async () => {
    const res = await list(bob, ada, "followers");
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("forbidden");
  });

  it("answers a bad cursor with 400", async () => {
    expect((await list(ada, ada, "followers", "?cursor=nonsense")).statusCode).toBe(400);
  });
});
