// Reposting a post from elsewhere (docs/feed.md "Reposts and quotes", docs/federation.md "Reposts
// going out"), between three instances of ours: Ann writes on a.test, Rex on b.test follows her
// and reposts her post, Cid on c.test follows Rex, Bob on b.test follows Rex there. The Announce
// reaches Ann's server (she is told) and Cid's (a boost in his feed); Bob's feed shows it under
// 'Reposted by Rex'; the Undo takes all of it back; a count that equals the rows however many
// requests race; never the post when Bob blocks its author or mutes Rex, while a moderator silences
// its server, nor once it is deleted.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostView } from "../../../domain/contracts/posts";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { eventually, followAcross, startInstance } from "../../test-support/federation-instances";
import { type FediverseNet, installFediverseNet } from "../../test-support/fediverse-net";
import { follow, inject, publish } from "../../test-support/social";
import type { TestApp } from "../../test-support/test-app";
import { firstFeedKeys, remoteFeedKeys } from "./note-queries";

let net: FediverseNet;
let a: TestApp;
let b: TestApp;
let c: TestApp;
let ann: TestAccount;
let rex: TestAccount;
let bob: TestAccount;
let cid: TestAccount;
let mod: TestAccount;
let annThere: string;

const MODERATOR = "moderator.reposts@example.com";

beforeAll(async () => {
  net = await installFediverseNet(["a.test", "b.test", "c.test"]);
  a = await startInstance(net, "a.test");
  b = await startInstance(net, "b.test", { ADMIN_EMAILS: MODERATOR });
  c = await startInstance(net, "c.test");
  ann = await createAccount(a, { label: "ann", fullName: "Ann Author" });
  rex = await createAccount(b, { label: "rex", fullName: "Rex Reposter" });
  bob = await createAccount(b, { label: "bob", fullName: "Bob Reader" });
  cid = await createAccount(c, { label: "cid", fullName: "Cid Elsewhere" });
  mod = await createAccount(b, { email: MODERATOR, fullName: "Mod" });
  annThere = await followAcross(b, rex, { app: a, name: "a.test", whom: ann });
  await followAcross(c, cid, { app: b, name: "b.test", whom: rex });
  await follow(b, bob, rex);
}, 90_000);

afterAll(async () => {
  await Promise.all([a?.close(), b?.close(), c?.close()]);
  await net?.close();
});

const feedOf = async (t: TestApp, who: TestAccount) => {
  const res = await inject(t, who, "GET", "/api/feed");
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as PostView[];
};
const repost = (who: TestAccount, noteId: string) =>
  inject(b, who, "PUT", `/api/federation/notes/${noteId}/repost`);
const unrepost = (who: TestAccount, noteId: string) =>
  inject(b, who, "DELETE", `/api/federation/notes/${noteId}/repost`);
const rowsOf = async (noteId: string) =>
  (
    await queryRows<{ n: number }>(
      b.database.db,
      sql`select count(*)::int as n from fed_note_reposts where note_id = ${noteId}`,
    )
  )[0]?.n;
const toldAnn = async (postId: string) =>
  (
    (await inject(a, ann, "GET", "/api/activity")).json().groups as {
      groupType: string;
      postId: string;
      actorsRecent: { handle: string; elsewhere: boolean }[];
    }[]
  ).filter((g) => g.groupType === "REPOST" && g.postId === postId);

/** Ann writes; the id of her post as b.test keeps it, once it arrived. */
async function annWrites(text: string) {
  const post = await publish(a, ann, text);
  let noteId = "";
  await eventually(async () => {
    const found = (await feedOf(b, rex)).find((p) => p.content === text);
    expect(found?.remote).toBeDefined();
    noteId = found?.id ?? "";
  });
  return { post, noteId };
}

/** The reader's posts from elsewhere as the first page's statement reads them, the reposts from
 * their timeline (docs/feed.md "Reposts in the timelines"), once it is the same as the merge per
 * followee gives. */
async function fromTimeline(who: TestAccount) {
  const pair = { viewerId: who.userId, limit: 21 };
  const first = await firstFeedKeys(b.database.db, pair);
  const merged = await remoteFeedKeys(b.database.db, { ...pair, cursor: null });
  expect(first.remote.map((k) => k.id)).toEqual(merged.map((k) => k.id));
  return first.remote.map((k) => k.id);
}

/** Bob's feed as "content by reposter's user id"; his timeline's keys agree with the merge's. */
const bobSees = async () => {
  await fromTimeline(bob);
  return (await feedOf(b, bob)).map((p) => `${p.content} by ${p.repostedBy?.person.userId ?? "-"}`);
};

describe("reposting a post from elsewhere", () => {
  it("announces it to the author's server and the reposter's followers, and Undo takes it back", {
    timeout: 90_000,
  }, async () => {
    const text = "Ann's post for Rex to share";
    const { post, noteId } = await annWrites(text);
    const [before] = await feedOf(b, rex);
    expect(before).toMatchObject({ repostsCount: 0, repostedByMe: false, repostable: true });

    for (let i = 0; i < 2; i++) {
      const res = await repost(rex, noteId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ reposted: true, repostsCount: 1 });
    }
    expect(await rowsOf(noteId)).toBe(1);
    const [mine] = await feedOf(b, rex);
    expect(mine).toMatchObject({ id: noteId, repostsCount: 1, repostedByMe: true });

    // Bob reposts it too: his feed shows the post once, under the newer repost, his own.
    expect((await repost(bob, noteId)).json()).toEqual({ reposted: true, repostsCount: 2 });
    expect(await bobSees()).toEqual([`${text} by ${bob.userId}`]);
    expect((await unrepost(bob, noteId)).json()).toEqual({ reposted: false, repostsCount: 1 });

    // Bob here: the post under 'Reposted by Rex', counted, not reposted by him.
    const [shown] = await feedOf(b, bob);
    expect(shown).toMatchObject({
      id: noteId,
      content: text,
      repostsCount: 1,
      repostedByMe: false,
      repostedBy: { person: { userId: rex.userId, fullName: "Rex Reposter" } },
    });
    expect(shown?.remote?.handle).toBe(`${ann.handle}@a.test`);

    // Ann's server heard the Announce; Cid's shows it as Rex's boost.
    await eventually(async () =>
      expect(await toldAnn(post.id)).toMatchObject([
        { actorsRecent: [{ handle: `${rex.handle}@b.test`, elsewhere: true }] },
      ]),
    );
    await eventually(async () => {
      const [boost] = await feedOf(c, cid);
      expect(boost?.content).toBe(text);
      expect(boost?.remote?.boostedBy).toMatchObject({ name: "Rex Reposter" });
    });

    for (let i = 0; i < 2; i++) {
      const res = await unrepost(rex, noteId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ reposted: false, repostsCount: 0 });
    }
    expect(await bobSees()).toEqual([]);
    await eventually(async () => expect(await toldAnn(post.id)).toEqual([]));
    await eventually(async () => expect(await feedOf(c, cid)).toEqual([]));
  });

  it("shows Bob nothing of it while he mutes Rex or blocks Ann or her server is silenced, nor once it is deleted", async () => {
    const text = "Ann's post Bob may not always see";
    const { post, noteId } = await annWrites(text);
    expect((await repost(rex, noteId)).statusCode).toBe(200);
    expect(await bobSees()).toEqual([`${text} by ${rex.userId}`]);
    // A follow after the repost copies it into the follower's timeline.
    const late = await createAccount(b, { label: "late" });
    await follow(b, late, rex);
    expect(await fromTimeline(late)).toHaveLength(1);

    expect((await inject(b, bob, "POST", `/api/safety/mutes/${rex.userId}`)).statusCode).toBe(200);
    expect(await bobSees()).toEqual([]);
    expect((await inject(b, bob, "DELETE", `/api/safety/mutes/${rex.userId}`)).statusCode).toBe(
      200,
    );
    expect(await bobSees()).toEqual([`${text} by ${rex.userId}`]);

    const blockAnn = `/api/federation/people/${annThere}/block`;
    expect((await inject(b, bob, "POST", blockAnn)).statusCode).toBe(200);
    expect(await bobSees()).toEqual([]);
    // Bob may not repost a post of someone he blocks.
    expect((await repost(bob, noteId)).statusCode).toBe(404);
    expect((await inject(b, bob, "DELETE", blockAnn)).statusCode).toBe(200);
    expect(await bobSees()).toEqual([`${text} by ${rex.userId}`]);

    // A moderator silences Ann's server: its people are seen only by who follows them.
    const silence = "/api/federation/domain-blocks/a.test";
    const silenced = await inject(b, mod, "PUT", silence, { severity: "silence" });
    expect(silenced.statusCode, silenced.body).toBe(200);
    expect(await bobSees()).toEqual([]);
    expect((await inject(b, mod, "DELETE", silence)).statusCode).toBe(200);
    expect(await bobSees()).toEqual([`${text} by ${rex.userId}`]);

    // Ann deletes it: gone from b.test, with Rex's repost.
    expect((await inject(a, ann, "DELETE", `/api/posts/${post.id}`)).statusCode).toBe(200);
    await eventually(async () => expect(await bobSees()).toEqual([]));
    expect(await rowsOf(noteId)).toBe(0);
    expect((await repost(rex, noteId)).statusCode).toBe(404);
    expect((await unrepost(rex, noteId)).statusCode).toBe(404);
  });

  it("counts exactly under 50 concurrent reposts, then 50 concurrent reposts and take-backs", async () => {
    const { noteId } = await annWrites("Everyone on b.test shares this");
    const reposters = await Promise.all(Array.from({ length: 50 }, () => createAccount(b)));
    const first = await Promise.all(reposters.map((r) => repost(r, noteId)));
    expect(first.map((r) => r.statusCode)).toEqual(reposters.map(() => 200));
    expect(await rowsOf(noteId)).toBe(50);

    // The first 25 take theirs back, twice at once, while the other 25 put theirs again.
    const mixed = await Promise.all([
      ...reposters.map((r, i) => (i < 25 ? unrepost(r, noteId) : repost(r, noteId))),
      ...reposters.slice(0, 25).map((r) => unrepost(r, noteId)),
    ]);
    expect(mixed.every((r) => r.statusCode === 200)).toBe(true);
    const counted = (await rowsOf(noteId)) ?? 0;
    expect(counted).toBe(25);
    const last = await repost(rex, noteId);
    expect(last.json()).toEqual({ reposted: true, repostsCount: counted + 1 });
    const [seen] = await feedOf(b, rex);
    expect(seen).toMatchObject({ id: noteId, repostsCount: counted + 1, repostedByMe: true });
  });
});
