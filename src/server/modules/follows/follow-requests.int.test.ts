// Follow requests of private accounts (docs/social-and-realtime.md "Private accounts"): asking,
// cancelling, approving and declining with their repeats, what a block and turning private off do
// to waiting requests, the follow lists' audiences, and counters equal to a recount under 50
// concurrent requests, approvals, declines and cancellations.
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { follow, inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { connectRealtime, type TestSocket } from "../../test-support/ws-client";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const toggle = (who: TestAccount, target: TestAccount) =>
  inject(t, who, "POST", "/api/follows/toggle", { targetUserId: target.userId });
const status = async (who: TestAccount, target: TestAccount) =>
  (await inject(t, who, "GET", `/api/follows/status/${target.userId}`)).json();
const counts = async (who: TestAccount) =>
  (await inject(t, null, "GET", `/api/profiles/${who.handle}`)).json().profile.counts;
const answer = (owner: TestAccount, requester: TestAccount, verb: "approve" | "decline") =>
  inject(t, owner, "POST", `/api/follow-requests/${requester.userId}/${verb}`);
const groups = async (who: TestAccount) =>
  (await inject(t, who, "GET", "/api/activity")).json().groups as {
    groupType: string;
    target: string | null;
    actorsRecent: { userId: string }[];
  }[];

async function privateAccount(label: string): Promise<TestAccount> {
  const owner = await createAccount(t, { label, fullName: `Private ${label}` });
  const res = await inject(t, owner, "PUT", "/api/account/privacy", { privateAccount: true });
  expect(res.statusCode).toBe(200);
  return owner;
}

const rowCount = async (query: SQL) =>
  Number((await queryRows<{ n: number }>(t.database.db, query))[0]?.n);
const requestRows = (a: TestAccount, b: TestAccount) =>
  rowCount(
    sql`select count(*)::int as n from follow_requests where (requester_id = ${a.userId} and target_id = ${b.userId}) or (requester_id = ${b.userId} and target_id = ${a.userId})`,
  );
const activityRows = (a: TestAccount, b: TestAccount) =>
  rowCount(
    sql`select count(*)::int as n from user_activity where (actor_id = ${a.userId} and recipient_id = ${b.userId}) or (actor_id = ${b.userId} and recipient_id = ${a.userId})`,
  );

describe("asking to follow a private account", () => {
  it("makes a request the owner sees; a second toggle cancels it and leaves nothing", async () => {
    const owner = await privateAccount("askme");
    const asker = await createAccount(t, { fullName: "Asa Asker" });
    const before = await counts(owner);

    const asked = await toggle(asker, owner);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ following: false, state: "requested", counts: before });
    expect(await status(asker, owner)).toEqual({ following: false, state: "requested" });
    const list = (await inject(t, owner, "GET", "/api/follow-requests")).json();
    expect(list.items).toEqual([
      expect.objectContaining({
        userId: asker.userId,
        fullName: "Asa Asker",
        since: expect.any(String),
      }),
    ]);
    expect(list.nextCursor).toBeNull();
    expect((await groups(owner)).map((g) => g.groupType)).toEqual(["FOLLOW_REQUEST"]);

    const cancelled = await toggle(asker, owner);
    expect(cancelled.json()).toEqual({ following: false, state: "none", counts: before });
    expect(await status(asker, owner)).toEqual({ following: false, state: "none" });
    expect(await requestRows(asker, owner)).toBe(0);
    expect(await activityRows(asker, owner)).toBe(0);
    expect(await counts(owner)).toEqual(before);
    expect((await inject(t, owner, "GET", "/api/follow-requests")).json().items).toEqual([]);
  });

  it("approves: the follow with its counters, the requester told, the posts open; a repeat changes nothing", async () => {
    const owner = await privateAccount("approver");
    const asker = await createAccount(t, { fullName: "Abe Approved" });
    await follow(t, owner, asker); // the owner already follows them: approval makes friends
    const post = await publish(t, owner, "For approved eyes");
    await toggle(asker, owner);

    const approved = await answer(owner, asker, "approve");
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ counts: { friends: 1, following: 1, followers: 1 } });
    expect(await counts(asker)).toEqual({ friends: 1, following: 1, followers: 1 });
    expect(await status(asker, owner)).toEqual({ following: true, state: "following" });
    expect(await requestRows(asker, owner)).toBe(0);

    const told = (await groups(asker)).find((g) => g.groupType === "FOLLOW_ACCEPTED");
    expect(told).toMatchObject({ target: `/${owner.handle}` });
    expect(told?.actorsRecent.map((a) => a.userId)).toEqual([owner.userId]);
    // The owner answered the request: no request item left, and no 'followed you' either.
    const ownerGroups = await groups(owner);
    expect(ownerGroups.filter((g) => g.groupType.startsWith("FOLLOW"))).toEqual([]);
    const feed = (await inject(t, asker, "GET", "/api/feed")).json();
    expect(feed.items.map((p: { id: string }) => p.id)).toContain(post.id);

    const again = await answer(owner, asker, "approve");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(approved.json());
    expect(await counts(owner)).toEqual({ friends: 1, following: 1, followers: 1 });
  });

  it("declines: nothing left, a repeat is 204, an unknown person 404, approving it later 404", async () => {
    const owner = await privateAccount("decliner");
    const asker = await createAccount(t);
    const before = await counts(owner);
    await toggle(asker, owner);

    const declined = await answer(owner, asker, "decline");
    expect(declined.statusCode).toBe(204);
    expect(await requestRows(asker, owner)).toBe(0);
    expect(await activityRows(asker, owner)).toBe(0);
    expect(await status(asker, owner)).toEqual({ following: false, state: "none" });
    expect(await counts(owner)).toEqual(before);
    expect((await answer(owner, asker, "decline")).statusCode).toBe(204);

    const unknown = await inject(t, owner, "POST", "/api/follow-requests/no-such-person/decline");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("not_found");
    expect((await answer(owner, asker, "approve")).statusCode).toBe(404);
    expect((await inject(t, null, "GET", "/api/follow-requests")).statusCode).toBe(401);
  });

  it("a follow of someone not private stays a follow, and an unfollow of a private account is one", async () => {
    const owner = await createAccount(t);
    const fan = await createAccount(t);
    expect((await toggle(fan, owner)).json()).toMatchObject({
      following: true,
      state: "following",
    });
    await inject(t, owner, "PUT", "/api/account/privacy", { privateAccount: true });
    expect(await status(fan, owner)).toEqual({ following: true, state: "following" });
    const left = await toggle(fan, owner);
    expect(left.json()).toMatchObject({ following: false, state: "none" });
    expect(await requestRows(fan, owner)).toBe(0);
  });
});

describe("what else ends a request", () => {
  it("a block removes waiting requests both ways, with their items", async () => {
    const a = await privateAccount("blocka");
    const b = await privateAccount("blockb");
    await toggle(a, b);
    await toggle(b, a);
    expect(await requestRows(a, b)).toBe(2);
    expect((await inject(t, a, "POST", `/api/safety/blocks/${b.userId}`)).statusCode).toBe(200);
    expect(await requestRows(a, b)).toBe(0);
    expect(await activityRows(a, b)).toBe(0);
    expect(await status(a, b)).toEqual({ following: false, state: "none" });
  });

  it("turning private off approves every waiting request at once, counters exact", async () => {
    const owner = await privateAccount("opening");
    const askers = await Promise.all([1, 2, 3].map(() => createAccount(t)));
    for (const asker of askers) await toggle(asker, owner);
    await follow(t, owner, askers[0] as TestAccount);

    const opened = await inject(t, owner, "PUT", "/api/account/privacy", { privateAccount: false });
    expect(opened.json()).toEqual({
      privateAccount: false,
      followersAudience: "only_me",
      followingAudience: "only_me",
      detailsElsewhere: false,
      approved: 3,
    });
    expect(await counts(owner)).toEqual({ friends: 1, following: 1, followers: 3 });
    for (const asker of askers) {
      expect(await status(asker, owner)).toEqual({ following: true, state: "following" });
    }
    expect((await inject(t, owner, "GET", "/api/follow-requests")).json().items).toEqual([]);
    await expectCountersExact([owner, ...askers]);
  });
});

describe("privacy settings", () => {
  it("answers its defaults, saves a subset, and refuses bad input changing nothing", async () => {
    const me = await createAccount(t);
    const read = async () => (await inject(t, me, "GET", "/api/account/privacy")).json();
    expect(await read()).toEqual({
      privateAccount: false,
      followersAudience: "only_me",
      followingAudience: "only_me",
      detailsElsewhere: false,
    });
    const bad = [
      { followersAudience: "strangers" },
      { privateAccount: "yes" },
      { detailsElsewhere: "on" },
      { other: true },
    ];
    for (const body of bad) {
      const res = await inject(t, me, "PUT", "/api/account/privacy", body);
      expect(res.statusCode).toBe(400);
    }
    expect((await read()).followersAudience).toBe("only_me");
    const saved = await inject(t, me, "PUT", "/api/account/privacy", {
      followingAudience: "friends",
    });
    expect(saved.json()).toMatchObject({ followingAudience: "friends", approved: 0 });
    expect(await read()).toMatchObject({ privateAccount: false, followingAudience: "friends" });
    expect((await inject(t, null, "GET", "/api/account/privacy")).statusCode).toBe(401);
  });

  it("opens each follow list to its audience only", async () => {
    const owner = await createAccount(t);
    const friend = await createAccount(t);
    const stranger = await createAccount(t);
    await follow(t, owner, friend);
    await follow(t, friend, owner);
    const list = (who: TestAccount, kind: string) =>
      inject(t, who, "GET", `/api/follows/${owner.userId}/${kind}`);
    const lists = async (who: TestAccount) =>
      (await inject(t, who, "GET", `/api/profiles/${owner.handle}`)).json().profile.lists;

    expect((await list(friend, "followers")).statusCode).toBe(403);
    expect(await lists(friend)).toEqual({ followers: false, following: false, friends: false });
    await inject(t, owner, "PUT", "/api/account/privacy", {
      followersAudience: "everyone",
      followingAudience: "friends",
    });
    expect((await list(stranger, "followers")).statusCode).toBe(200);
    const visitor = (kind: string) =>
      inject(t, null, "GET", `/api/follows/${owner.userId}/${kind}`);
    expect((await visitor("followers")).statusCode).toBe(200);
    expect((await visitor("following")).statusCode).toBe(401);
    // Someone in a block with the viewer is left out of the list the viewer opens.
    await inject(t, stranger, "POST", `/api/safety/blocks/${friend.userId}`);
    expect((await list(stranger, "followers")).json().items).toEqual([]);
    expect((await visitor("followers")).json().items).toHaveLength(1);
    expect((await list(stranger, "following")).statusCode).toBe(403);
    expect((await list(stranger, "friends")).statusCode).toBe(403);
    expect(await lists(stranger)).toEqual({ followers: true, following: false, friends: false });
    const theirs = (await list(friend, "following")).json();
    expect(theirs.items.map((p: { userId: string }) => p.userId)).toEqual([friend.userId]);
    expect((await list(friend, "friends")).statusCode).toBe(200);
    expect(await lists(friend)).toEqual({ followers: true, following: true, friends: true });
  });
});

async function expectCountersExact(people: TestAccount[]) {
  const rows = await queryRows<Record<string, number>>(
    t.database.db,
    sql`select p.following_count, p.followers_count, p.friends_count,
        (select count(*) from followers f where f.follower_id = p.user_id)::int as following,
        (select count(*) from followers f where f.following_id = p.user_id)::int as followers,
        (select count(*) from followers f join followers r on r.follower_id = f.following_id and r.following_id = f.follower_id
          where f.follower_id = p.user_id)::int as friends
      from profiles p where p.user_id = any(${sql.param(people.map((p) => p.userId))}::text[])`,
  );
  expect(rows).toHaveLength(people.length);
  for (const row of rows) {
    expect([row.following_count, row.followers_count, row.friends_count]).toEqual([
      row.following,
      row.followers,
      row.friends,
    ]);
  }
}

describe("under concurrency", () => {
  it("keeps every counter equal to a recount after 50 concurrent requests, approvals, declines and cancellations", async () => {
    const owners = [await privateAccount("busy1"), await privateAccount("busy2")];
    const people = await Promise.all(Array.from({ length: 6 }, () => createAccount(t)));
    // Some follow-backs, so approvals also move friends counts.
    await follow(t, owners[0] as TestAccount, people[0] as TestAccount);
    await follow(t, owners[1] as TestAccount, people[1] as TestAccount);
    await toggle(people[2] as TestAccount, owners[0] as TestAccount);

    const calls = Array.from({ length: 50 }, (_, i) => {
      const owner = owners[i % 2] as TestAccount;
      const person = people[(i * 5 + 1) % people.length] as TestAccount;
      switch (i % 5) {
        case 0:
        case 1:
          return toggle(person, owner); // ask, or cancel a waiting request, or unfollow
        case 2:
        case 3:
          return answer(owner, person, "approve");
        default:
          return answer(owner, person, "decline");
      }
    });
    // One owner turns private off half way through.
    calls.splice(
      25,
      0,
      inject(t, owners[1] as TestAccount, "PUT", "/api/account/privacy", { privateAccount: false }),
    );
    const results = await Promise.all(calls);
    expect(results.every((r) => [200, 204, 404].includes(r.statusCode))).toBe(true);

    await expectCountersExact([...owners, ...people]);
    // A pair is never both a follow and a waiting request, and no request waits on an open account.
    expect(
      await rowCount(
        sql`select count(*)::int as n from follow_requests r join followers f on f.follower_id = r.requester_id and f.following_id = r.target_id`,
      ),
    ).toBe(0);
    expect(
      await rowCount(
        sql`select count(*)::int as n from follow_requests r join profiles p on p.user_id = r.target_id where not p.private_account`,
      ),
    ).toBe(0);
    // Each waiting request has its one activity item, and no item outlives its request.
    expect(
      await rowCount(
        sql`select count(*)::int as n from user_activity a where a.type = 'FOLLOW_REQUEST'
          and not exists (select 1 from follow_requests r where r.requester_id = a.actor_id and r.target_id = a.recipient_id)`,
      ),
    ).toBe(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  "a change committed while a toggle waits for its lock",
  () => {
    /** Runs `change` in a transaction that holds both profiles, until `waiter` is waiting for them. */
    async function whileHeld(
      ids: string[],
      waiter: () => Promise<unknown>,
      change: (tx: typeof t.database.db) => Promise<void>,
    ) {
      let waited: Promise<unknown> = Promise.resolve();
      await t.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`select user_id from profiles where user_id = any(${sql.param(ids)}::text[]) order by user_id for update`,
        );
        waited = waiter();
        await expect
          .poll(
            async () =>
              (
                await queryRows<{ n: number }>(
                  t.database.db,
                  sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%for update%'`,
                )
              )[0]?.n,
            { timeout: 10_000 },
          )
          .toBeGreaterThan(0);
        await change(tx);
      });
      return waited;
    }

    it("sees a follow that committed meanwhile, and unfollows rather than asking", async () => {
      const owner = await privateAccount("held1");
      const asker = await createAccount(t);
      const res = (await whileHeld(
        [owner.userId, asker.userId],
        () => toggle(asker, owner),
        async (tx) => {
          // What an approval writes: the request gone, the follow and its counters.
          await tx.execute(sql`delete from follow_requests where requester_id = ${asker.userId}`);
          await tx.execute(
            sql`insert into followers (follower_id, following_id) values (${asker.userId}, ${owner.userId})`,
          );
          await tx.execute(
            sql`update profiles set following_count = following_count + 1 where user_id = ${asker.userId}`,
          );
          await tx.execute(
            sql`update profiles set followers_count = followers_count + 1 where user_id = ${owner.userId}`,
          );
        },
      )) as Awaited<ReturnType<typeof toggle>>;
      expect(res.statusCode).toBe(200);
      expect(res.json().state).toBe("none");
      expect(await requestRows(asker, owner)).toBe(0);
      await expectCountersExact([owner, asker]);
    });

    it("turning private off does not approve a request cancelled meanwhile", async () => {
      const owner = await privateAccount("held2");
      const asker = await createAccount(t);
      expect((await toggle(asker, owner)).json().state).toBe("requested");
      const res = (await whileHeld(
        [owner.userId],
        () => inject(t, owner, "PUT", "/api/account/privacy", { privateAccount: false }),
        async (tx) => {
          await tx.execute(sql`delete from follow_requests where requester_id = ${asker.userId}`);
        },
      )) as Awaited<ReturnType<typeof toggle>>;
      expect(res.statusCode).toBe(200);
      expect(res.json().approved).toBe(0);
      expect((await status(asker, owner)).state).toBe("none");
      await expectCountersExact([owner, asker]);
    });

    it("turning private off locks a request committed meanwhile in id order, never after the owner's row", async () => {
      const count = async (query: SQL) =>
        (await queryRows<{ n: number }>(t.database.db, query))[0]?.n ?? 0;
      // A toggle locks the pair in id order (queries.ts lockPairState), so it holds the asker's
      // row while waiting for the owner's only when the asker's id sorts first.
      const pair = await Promise.all([createAccount(t), createAccount(t)]);
      const [first] = await queryRows<{ user_id: string }>(
        t.database.db,
        sql`select user_id from profiles where user_id in (${pair[0].userId}, ${pair[1].userId}) order by user_id limit 1`,
      );
      const [asker, owner] = pair[0].userId === first?.user_id ? pair : [pair[1], pair[0]];
      const made = await inject(t, owner, "PUT", "/api/account/privacy", { privateAccount: true });
      expect(made.statusCode).toBe(200);
      let askerHeld = () => {};
      const held = new Promise<void>((resolve) => {
        askerHeld = resolve;
      });
      // What the asker's own toggle does: their row first, then the owner's, once the request is
      // committed and turning private off is waiting for a lock.
      const theirToggle = t.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`select user_id from profiles where user_id = ${asker.userId} for update`,
        );
        askerHeld();
        await expect
          .poll(
            async () =>
              (await count(
                sql`select count(*)::int as n from follow_requests where requester_id = ${asker.userId}`,
              )) > 0 &&
              (await count(
                sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
              )) > 0,
            { timeout: 10_000 },
          )
          .toBe(true);
        await tx.execute(
          sql`select user_id from profiles where user_id = ${owner.userId} for update`,
        );
      });
      await held;
      const [res] = (await Promise.all([
        whileHeld(
          [owner.userId],
          () => inject(t, owner, "PUT", "/api/account/privacy", { privateAccount: false }),
          async (tx) => {
            await tx.execute(
              sql`insert into follow_requests (requester_id, target_id) values (${asker.userId}, ${owner.userId})`,
            );
          },
        ),
        theirToggle,
      ])) as [Awaited<ReturnType<typeof toggle>>, unknown];
      expect(res.statusCode).toBe(200);
      expect(res.json().approved).toBe(1);
      expect((await status(asker, owner)).state).toBe("following");
      await expectCountersExact([owner, asker]);
    });
  },
);

describe("live", () => {
  /** Everything the server sent this socket before it answered a ping sent now. */
  async function settled(socket: TestSocket) {
    const pongs = socket.messages.filter((m) => m.type === "pong").length;
    socket.send({ type: "ping" });
    await socket.waitFor(() => socket.messages.filter((m) => m.type === "pong").length > pongs);
  }

  it("tells both people of a request and its approval, and a private post's likes only to those who may see it", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const owner = await privateAccount("live");
    const asker = await createAccount(t);
    const stranger = await createAccount(t);
    const [ownerSocket, askerSocket, strangerSocket] = await Promise.all([
      connectRealtime(baseUrl, owner.cookie),
      connectRealtime(baseUrl, asker.cookie),
      connectRealtime(baseUrl, stranger.cookie),
    ]);

    await toggle(asker, owner);
    for (const socket of [ownerSocket, askerSocket]) {
      await socket.waitFor(
        (m) =>
          m.type === "follow.changed" && m.followerId === asker.userId && m.state === "requested",
      );
    }
    await ownerSocket.waitFor((m) => m.type === "activity.created");

    await answer(owner, asker, "approve");
    await askerSocket.waitFor(
      (m) => m.type === "follow.changed" && m.following && m.state === "following",
    );
    await askerSocket.waitFor((m) => m.type === "activity.created");

    for (const socket of [askerSocket, strangerSocket]) {
      socket.send({ type: "watch-profile", userId: owner.userId });
      await settled(socket);
    }
    const post = await publish(t, owner, "Liked in private");
    await inject(t, owner, "POST", `/api/posts/${post.id}/like`);
    await askerSocket.waitFor((m) => m.type === "post.likes" && m.postId === post.id);
    await settled(strangerSocket);
    expect(strangerSocket.messages.some((m) => m.type === "post.likes")).toBe(false);
    expect(strangerSocket.messages.some((m) => m.type === "post.created")).toBe(false);
    for (const socket of [ownerSocket, askerSocket, strangerSocket]) socket.close();
  });
});
