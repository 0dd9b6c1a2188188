// Boosts from elsewhere (docs/federation.md "Posts from elsewhere"): Mastodon's and Misskey's own
// Announce and Undo(Announce), signed by their keys, of posts their servers serve (theirs, a
// stranger's, a followers-only one, one that is not there), handled by an instance of ours; a boost
// of one of our posts tells its author in Activity (docs/federation.md "Activity from elsewhere").
import { setTimeout as delay } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { startInstance } from "../../test-support/federation-instances";
import { type FediverseNet, installFediverseNet } from "../../test-support/fediverse-net";
import { followFixturePerson } from "../../test-support/fixture-follow";
import {
  deliver,
  type FixtureServer,
  type Software,
  startFixtureServer,
} from "../../test-support/fixture-server";
import { eventually, queueDrained } from "../../test-support/interop-instance";
import { inject } from "../../test-support/social";
import type { TestApp } from "../../test-support/test-app";

const SHARED_INBOX = "https://a.test/ap/inbox";
const MODERATOR = "moderator.boosts@example.com";

let net: FediverseNet;
let a: TestApp;
let mod: TestAccount;
const servers = {} as Record<Software, FixtureServer>;

type FeedItem = {
  id: string;
  content: string;
  author: { userId: string };
  createdAt: string;
  remote?: { handle: string; boostedBy?: { id: string; handle: string; name: string } };
};
const feed = async (who: TestAccount): Promise<FeedItem[]> =>
  (await inject(a, who, "GET", "/api/feed")).json().items;
const boostsIn = async (who: TestAccount) =>
  (await feed(who)).filter((item) => item.remote?.boostedBy);
const actorOf = (who: TestAccount) => `https://a.test/ap/users/${who.userId}`;

/** The 'reposted your post' items Activity holds for one of our posts. */
const repostItemsOf = async (postId: string) =>
  (
    await queryRows<{ n: number }>(
      a.database.db,
      sql`select count(*)::int as n from user_activity
          where post_id = ${postId} and type = 'REPOST'`,
    )
  )[0]?.n;

const followTheirs = (server: FixtureServer, who: TestAccount, handle: string) =>
  followFixturePerson(a, { server, who, handle });

/** A post of `author` that the server serves at its id (public unless `audience` says). */
function servedNote(
  server: FixtureServer,
  {
    text,
    author,
    audience,
    published,
  }: { text: string; author?: string; audience?: string[]; published?: string },
) {
  const create = server.activity("create-note", { TEXT: text });
  const note = { ...(create.object as Record<string, unknown>) };
  if (author) {
    note.attributedTo = author;
    note.id = `${author}/statuses/${String(note.id).split("/").pop()}`;
  }
  if (audience) Object.assign(note, { to: audience, cc: [] });
  if (published) note.published = published;
  server.serve(
    new URL(String(note.id)).pathname,
    "application/activity+json",
    JSON.stringify({ "@context": create["@context"], ...note }),
  );
  return note as { id: string; attributedTo: string };
}

async function announce(server: FixtureServer, note: { id: string; attributedTo: string }) {
  const activity = server.activity("announce-note", { NOTE: note.id, AUTHOR: note.attributedTo });
  expect((await deliver(a, await server.sign(activity, SHARED_INBOX, "rfc9421"))).statusCode).toBe(
    202,
  );
  return activity;
}

beforeAll(async () => {
  net = await installFediverseNet(["a.test", "mastodon.test", "misskey.test"]);
  a = await startInstance(net, "a.test", { ADMIN_EMAILS: MODERATOR });
  mod = await createAccount(a, { email: MODERATOR, fullName: "Mod" });
  for (const software of ["mastodon", "misskey"] as const) {
    servers[software] = await startFixtureServer(software);
    await net.serve(servers[software].name, servers[software].port);
  }
}, 60_000);

afterAll(async () => {
  for (const server of Object.values(servers)) await server.close();
  await a?.close();
  await net?.close();
});

describe.each([
  {
    software: "mastodon" as const,
    handle: "alice@mastodon.test",
    name: "Alice Mastodon :verified:",
  },
  { software: "misskey" as const, handle: "mika@misskey.test", name: "Mika :blobcat:" },
])("boosts from $software", ({ software, handle, name }) => {
  let server: FixtureServer;
  let me: TestAccount;
  let other: TestAccount;
  /** Someone on mastodon.test whom nobody here follows, whose posts the person boosts. */
  let stranger: string;

  beforeAll(async () => {
    server = servers[software];
    me = await createAccount(a, { label: `${software}-booster-fan`, fullName: "Me Here" });
    other = await createAccount(a, { label: `${software}-bystander`, fullName: "Other Here" });
    await followTheirs(server, me, handle);
    stranger = await servers.mastodon.addActor("stranger", { USERNAME: `sam-${software}` });
  });

  it("shows a boost of a stranger's public post in the follower's feed, by its booster, once", async () => {
    const note = servedNote(servers.mastodon, { text: `Boosted on ${software}`, author: stranger });
    const first = await announce(server, note);
    const boost = await eventually(async () => {
      const [item] = await boostsIn(me);
      expect(item).toBeDefined();
      return item as FeedItem;
    });
    expect(boost.content).toMatch(new RegExp(`^Boosted on ${software}`));
    expect(boost.remote?.boostedBy).toMatchObject({ handle, name });
    // The post was fetched from its server, once.
    const fetched = servers.mastodon.received.filter(
      (r) => r.method === "GET" && r.url === note.id,
    );
    expect(fetched).toHaveLength(1);
    // The same Announce again, and another of the same post by the same person: one boost.
    await deliver(a, await server.sign(first, SHARED_INBOX, "draft-cavage-http-signatures-12"));
    await announce(server, note);
    await queueDrained(a);
    expect((await boostsIn(me)).map((b) => b.remote?.boostedBy?.id)).toEqual([
      boost.remote?.boostedBy?.id,
    ]);
    expect(await boostsIn(other)).toEqual([]);
  });

  it("keeps a boost made again when the Undo of the one before arrives after it", async () => {
    const note = servedNote(servers.mastodon, {
      text: `Boosted twice on ${software}`,
      author: stranger,
    });
    const first = await announce(server, note);
    await delay(5);
    const again = await announce(server, note);
    const undo = (announced: typeof first) =>
      server.activity("undo-announce", {
        ANNOUNCE: String(announced.id),
        NOTE: note.id,
        AUTHOR: note.attributedTo,
      });
    const shown = async () =>
      (await boostsIn(me)).filter((b) => b.content.startsWith(`Boosted twice on ${software}`));
    await eventually(async () => expect(await shown()).toHaveLength(1));
    // The first boost's Undo, arriving after the second boost: the second stands.
    await deliver(a, await server.sign(undo(first), SHARED_INBOX, "rfc9421"));
    await queueDrained(a);
    expect(await shown()).toHaveLength(1);
    await deliver(a, await server.sign(undo(again), SHARED_INBOX, "rfc9421"));
    await eventually(async () => expect(await shown()).toEqual([]));
  });

  it("orders boosts by the boost's time and takes one back with Undo(Announce)", async () => {
    // Written years ago, boosted now: it comes first, shown with its own time.
    const old = servedNote(servers.mastodon, {
      text: `Older ${software} post`,
      author: stranger,
      published: "2020-01-01T00:00:00.000Z",
    });
    const announced = server.activity("announce-note", {
      NOTE: old.id,
      AUTHOR: old.attributedTo,
    });
    await deliver(a, await server.sign(announced, SHARED_INBOX, "rfc9421"));
    await eventually(async () => {
      const [newest] = await feed(me);
      expect(newest?.content).toMatch(/^Older /);
      expect(newest?.remote?.boostedBy?.handle).toBe(handle);
      expect(newest?.createdAt).toBe("2020-01-01T00:00:00.000Z");
    });
    const undo = server.activity("undo-announce", {
      ANNOUNCE: String(announced.id),
      NOTE: old.id,
      AUTHOR: old.attributedTo,
    });
    expect((await deliver(a, await server.sign(undo, SHARED_INBOX, "rfc9421"))).statusCode).toBe(
      202,
    );
    await eventually(async () =>
      expect((await feed(me)).map((p) => p.content)).not.toContainEqual(
        expect.stringMatching(/^Older /),
      ),
    );
  });

  it("ignores a boost of a followers-only post, of one not there, and of one of ours", async () => {
    const remoteIds = async () => (await feed(me)).filter((p) => p.remote).map((p) => p.id);
    const before = await remoteIds();
    const hidden = servedNote(servers.mastodon, {
      text: "Followers only",
      author: stranger,
      audience: [`${stranger}/followers`],
    });
    await announce(server, hidden);
    await announce(server, { id: `${stranger}/statuses/404404`, attributedTo: stranger });
    const ours = await inject(a, me, "POST", "/api/posts", { content: "Ours, boosted there" });
    await announce(server, {
      id: `https://a.test/ap/posts/${ours.json().post.id}`,
      attributedTo: actorOf(me),
    });
    await queueDrained(a);
    expect(await remoteIds()).toEqual(before);
    const shown = await inject(a, me, "GET", `/api/posts/${ours.json().post.id}`);
    expect(shown.json().post).toMatchObject({ likesCount: 0, commentsCount: 0 });
  });

  /** A post of a new person here, its Note, and how many repost items its author has of it. */
  async function postOfOurs(label: string, content: string) {
    const author = await createAccount(a, {
      label: `${software}-${label}`,
      fullName: "Our Author",
    });
    const ours = (await inject(a, author, "POST", "/api/posts", { content })).json().post;
    const note = { id: `https://a.test/ap/posts/${ours.id}`, attributedTo: actorOf(author) };
    const rows = () => repostItemsOf(ours.id);
    return { author, ours, note, rows };
  }

  it("tells our post's author of a boost there, once; its Undo or their block takes it back", async () => {
    const { author, ours, note, rows } = await postOfOurs(
      "boosted-author",
      `Boost me on ${software}`,
    );
    const told = async () =>
      (
        (await inject(a, author, "GET", "/api/activity")).json().groups as {
          groupType: string;
          postId: string;
          actorsRecent: { handle: string; elsewhere: boolean }[];
        }[]
      ).filter((g) => g.groupType === "REPOST");
    const first = await announce(server, note);
    await eventually(async () =>
      expect(await told()).toMatchObject([
        { postId: ours.id, actorsRecent: [{ handle, elsewhere: true }] },
      ]),
    );
    // The same Announce again, and another of the same post: told once.
    await deliver(a, await server.sign(first, SHARED_INBOX, "draft-cavage-http-signatures-12"));
    await announce(server, note);
    await queueDrained(a);
    expect(await rows()).toBe(1);
    const undo = server.activity("undo-announce", {
      ANNOUNCE: String(first.id),
      NOTE: note.id,
      AUTHOR: note.attributedTo,
    });
    expect((await deliver(a, await server.sign(undo, SHARED_INBOX, "rfc9421"))).statusCode).toBe(
      202,
    );
    await eventually(async () => expect(await rows()).toBe(0));
    // Someone the author blocks tells them nothing.
    const found = await inject(a, author, "GET", `/api/federation/lookup?handle=@${handle}`);
    const block = `/api/federation/people/${found.json().person.id}/block`;
    expect((await inject(a, author, "POST", block)).statusCode).toBe(200);
    await announce(server, note);
    await queueDrained(a);
    expect(await rows()).toBe(0);
    expect(await told()).toEqual([]);
    // Nothing counts in the post's reposts, which are its reposts here.
    const shown = await inject(a, author, "GET", `/api/posts/${ours.id}`);
    expect(shown.json().post.repostsCount ?? 0).toBe(0);
  });

  it("tells our post's author nothing of an Announce that arrives after its own Undo", async () => {
    const { note, rows } = await postOfOurs("late-boost", `Undone first on ${software}`);
    // The boost and its Undo, delivered the other way round (the boost's delivery retried).
    const boost = server.activity("announce-note", { NOTE: note.id, AUTHOR: note.attributedTo });
    const undo = server.activity("undo-announce", {
      ANNOUNCE: String(boost.id),
      NOTE: note.id,
      AUTHOR: note.attributedTo,
    });
    expect((await deliver(a, await server.sign(undo, SHARED_INBOX, "rfc9421"))).statusCode).toBe(
      202,
    );
    expect((await deliver(a, await server.sign(boost, SHARED_INBOX, "rfc9421"))).statusCode).toBe(
      202,
    );
    await queueDrained(a);
    expect(await rows()).toBe(0);
    // A boost of its own afterwards tells the author as ever.
    await announce(server, note);
    await eventually(async () => expect(await rows()).toBe(1));
  });

  it("hides a boost of someone the reader blocks, and takes the post away on its Delete", async () => {
    const note = servedNote(servers.mastodon, { text: `Blockable ${software}`, author: stranger });
    await announce(server, note);
    await eventually(async () =>
      expect((await boostsIn(me)).map((b) => b.content)).toContainEqual(
        expect.stringMatching(/^Blockable /),
      ),
    );
    {
      // Blocking the post's author (a stranger kept with their post) hides the boost.
      const boost = (await boostsIn(me)).find((b) => b.content.startsWith("Blockable"));
      const author = boost?.author.userId.replace(/^fed:/, "");
      const block = `/api/federation/people/${author}/block`;
      expect((await inject(a, me, "POST", block)).statusCode).toBe(200);
      await eventually(async () =>
        expect((await boostsIn(me)).map((b) => b.content)).not.toContainEqual(
          expect.stringMatching(/^Blockable /),
        ),
      );
      expect((await inject(a, me, "DELETE", block)).statusCode).toBe(200);
      await eventually(async () =>
        expect((await boostsIn(me)).map((b) => b.content)).toContainEqual(
          expect.stringMatching(/^Blockable /),
        ),
      );
    }
    // Its author's Delete takes the post, and so every boost of it, away.
    const serial = note.id.split("/").pop() ?? "";
    const del = servers.mastodon.activity("delete", { STATUS: serial });
    const object = del.object as { id: string };
    object.id = note.id;
    const deleted = { ...del, actor: note.attributedTo };
    await deliver(a, await servers.mastodon.sign(deleted, SHARED_INBOX, "rfc9421"));
    await eventually(async () =>
      expect((await feed(me)).map((p) => p.content)).not.toContainEqual(
        expect.stringMatching(/^Blockable /),
      ),
    );
  });

  it("takes every boost of someone away when the reader blocks them", async () => {
    expect((await boostsIn(me)).length).toBeGreaterThan(0);
    const found = await inject(a, me, "GET", `/api/federation/lookup?handle=@${handle}`);
    const block = `/api/federation/people/${found.json().person.id}/block`;
    expect((await inject(a, me, "POST", block)).statusCode).toBe(200);
    expect(await boostsIn(me)).toEqual([]);
  });

  it("ignores a boost of a post on a suspended server, without fetching it", async () => {
    const elsewhere = software === "mastodon" ? servers.misskey : servers.mastodon;
    const note = servedNote(elsewhere, { text: "From a suspended server" });
    const host = new URL(note.id).host;
    await inject(a, mod, "PUT", `/api/federation/domain-blocks/${host}`, { severity: "suspend" });
    // Someone else here follows the booster, who boosts it.
    await followTheirs(server, other, handle);
    await announce(server, note);
    await queueDrained(a);
    expect((await feed(other)).map((p) => p.content)).not.toContainEqual(
      expect.stringMatching(/^From a suspended/),
    );
    expect(elsewhere.received.filter((r) => r.url === note.id)).toEqual([]);
    // Lifted, the same post boosted again is fetched and shown.
    await inject(a, mod, "DELETE", `/api/federation/domain-blocks/${host}`);
    await announce(server, note);
    await eventually(async () =>
      expect((await boostsIn(other)).map((p) => p.content)).toContainEqual(
        expect.stringMatching(/^From a suspended/),
      ),
    );
  });
});

it("tells nothing of an Announce of our post by someone new here that arrives after its own Undo", async () => {
  // docs/federation.md "Activity from elsewhere": the Undo is the first this instance hears of them.
  const server = servers.mastodon;
  const booster = await server.addActor("stranger", { USERNAME: "late-booster" });
  const author = await createAccount(a, { label: "late-booster-author", fullName: "Our Author" });
  const ours = (await inject(a, author, "POST", "/api/posts", { content: "Boosted late" })).json()
    .post;
  const vars = { NOTE: `https://a.test/ap/posts/${ours.id}`, AUTHOR: actorOf(author) };
  const boostBy = (serial: number) => ({
    ...server.activity("announce-note", vars),
    id: `${booster}/statuses/${serial}/activity`,
    actor: booster,
  });
  const boost = boostBy(1);
  const undone = server.activity("undo-announce", { ...vars, ANNOUNCE: boost.id });
  const undo = {
    ...undone,
    id: `${booster}#announces/1/undo`,
    actor: booster,
    object: { ...(undone.object as Record<string, unknown>), actor: booster },
  };
  const rows = () => repostItemsOf(ours.id);
  const send = async (activity: Record<string, unknown>) =>
    expect(
      (await deliver(a, await server.sign(activity, SHARED_INBOX, "rfc9421"))).statusCode,
    ).toBe(202);
  await send(undo);
  await send(boost);
  await queueDrained(a);
  expect(await rows()).toBe(0);
  // A boost of its own afterwards tells the author as ever.
  await send(boostBy(2));
  await eventually(async () => expect(await rows()).toBe(1));
});
