// Activity from elsewhere and mentions both ways (docs/federation.md "Activity from elsewhere",
// "Mentions"; docs/social-and-realtime.md "Mentions"), between two instances of ours, the
// independent Fedify server and Mastodon's own JSON, over real TLS on loopback; and what people
// elsewhere do, pushed to a browser through a local push service (docs/notifications.md "Push").
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityGroup } from "../../../domain/contracts/activity";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { startInstance } from "../../test-support/federation-instances";
import { type FedifyPeer, startFedifyPeer } from "../../test-support/fedify-peer";
import { type FediverseNet, installFediverseNet } from "../../test-support/fediverse-net";
import { deliver, type FixtureServer, startFixtureServer } from "../../test-support/fixture-server";
import { eventually } from "../../test-support/interop-instance";
import { type PushService, startPushService } from "../../test-support/push-service";
import { follow, inject, publish } from "../../test-support/social";
import type { TestApp } from "../../test-support/test-app";
import { connectRealtime } from "../../test-support/ws-client";

const MODERATOR = "moderator.mentions@example.com";

let net: FediverseNet;
let a: TestApp;
let b: TestApp;
let peer: FedifyPeer;
let mastodon: FixtureServer;
let mod: TestAccount;
let pushService: PushService;

beforeAll(async () => {
  pushService = await startPushService();
  net = await installFediverseNet(["a.test", "b.test", "c.test", "mastodon.test"]);
  a = await startInstance(net, "a.test", {
    ADMIN_EMAILS: MODERATOR,
    PUSH_ALLOW_PRIVATE: "127.0.0.1",
  });
  b = await startInstance(net, "b.test");
  peer = await startFedifyPeer("c.test");
  await net.serve("c.test", peer.port);
  mastodon = await startFixtureServer("mastodon");
  await net.serve(mastodon.name, mastodon.port);
  mod = await createAccount(a, { email: MODERATOR, fullName: "Mod" });
}, 60_000);

afterAll(async () => {
  await mastodon?.close();
  await peer?.close();
  await a?.close();
  await b?.close();
  await net?.close();
  await pushService?.close();
});

const actorUri = (who: TestAccount, host = "a.test") => `https://${host}/ap/users/${who.userId}`;

const groups = async (t: TestApp, who: TestAccount): Promise<ActivityGroup[]> =>
  (await inject(t, who, "GET", "/api/activity")).json().groups;

const groupsOf = async (t: TestApp, who: TestAccount, type: ActivityGroup["groupType"]) =>
  (await groups(t, who)).filter((g) => g.groupType === type);

/** The person's rows in user_activity from people elsewhere. */
const rowsFromElsewhere = async (t: TestApp, who: TestAccount) =>
  queryRows<{ type: string; fed_actor_id: string }>(
    t.database.db,
    sql`select type, fed_actor_id from user_activity where recipient_id = ${who.userId} and fed_actor_id is not null`,
  );

const carolAsAnnSees = {
  fullName: "Carol Peer",
  handle: "carol@c.test",
  elsewhere: true,
  userId: expect.stringMatching(/^fed:/),
};

/** Waits until the person's server has handled what came in; a check that something did not
 * happen follows a later activity that did. */
const realtime = async (t: TestApp, who: TestAccount) => {
  const address = t.app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return connectRealtime(`http://127.0.0.1:${port}`, who.cookie);
};

describe("activity from elsewhere", () => {
  it("tells of a follow live, with who it is and their page here, and forgets it on Undo", async () => {
    const ann = await createAccount(a, { label: "fann", fullName: "Ann Followed" });
    const socket = await realtime(a, ann);
    const followId = await peer.follow(actorUri(ann));
    await socket.waitFor((m) => m.type === "activity.created");
    socket.close();
    const [followed] = await groupsOf(a, ann, "FOLLOW");
    expect(followed).toMatchObject({
      actorCount: 1,
      unread: true,
      target: "/@carol@c.test",
      actorsRecent: [carolAsAnnSees],
    });
    expect((await inject(a, ann, "GET", "/api/activity/unread-count")).json().count).toBe(1);
    await peer.unfollow(actorUri(ann), followId);
    await eventually(async () => expect(await groupsOf(a, ann, "FOLLOW")).toEqual([]));
    expect(await rowsFromElsewhere(a, ann)).toEqual([]);
  });

  it("tells a private account of a request from elsewhere until its owner answers it", async () => {
    const quinn = await createAccount(a, { label: "fquinn", fullName: "Quinn Private" });
    await inject(a, quinn, "PUT", "/api/account/privacy", { privateAccount: true });
    await peer.follow(actorUri(quinn));
    await eventually(async () =>
      expect(await groupsOf(a, quinn, "FOLLOW_REQUEST")).toMatchObject([
        { actorsRecent: [carolAsAnnSees], target: null },
      ]),
    );
    const [request] = (await inject(a, quinn, "GET", "/api/federation/follow-requests")).json()
      .items;
    const approved = await inject(
      a,
      quinn,
      "POST",
      `/api/federation/follow-requests/${request.id}/approve`,
    );
    expect(approved.statusCode).toBe(200);
    // An approval is the owner's own doing: no 'started following you'.
    expect(await rowsFromElsewhere(a, quinn)).toEqual([]);
  });

  it("tells of a like of our post and forgets it on Undo, the count moving with it", async () => {
    const ann = await createAccount(a, { label: "lann", fullName: "Ann Liked" });
    const post = await publish(a, ann, "Like me from afar");
    const noteUri = `https://a.test/ap/posts/${post.id}`;
    const like = await peer.like(noteUri, actorUri(ann));
    await eventually(async () =>
      expect(await groupsOf(a, ann, "LIKE")).toMatchObject([
        {
          postId: post.id,
          target: post.path,
          postSnippet: "Like me from afar",
          actorsRecent: [carolAsAnnSees],
        },
      ]),
    );
    await peer.like(noteUri, actorUri(ann));
    await peer.unlike(noteUri, actorUri(ann), like);
    await eventually(async () => expect(await groupsOf(a, ann, "LIKE")).toEqual([]));
    expect((await inject(a, ann, "GET", `/api/posts/${post.id}`)).json().post.likesCount).toBe(0);
    expect(await rowsFromElsewhere(a, ann)).toEqual([]);
  });

  it("pushes a follow and a like from elsewhere, naming them as known here", async () => {
    const pat = await createAccount(a, { label: "pushpat", fullName: "Pat Pushed" });
    const browser = await pushService.subscribe(a.config.push.vapid.publicKey);
    const { clientHash: _, ...subscription } = browser;
    const subscribed = await inject(a, pat, "POST", "/api/push/subscriptions", subscription);
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const likes = { matrix: { like: { push: true } } };
    expect((await inject(a, pat, "PATCH", "/api/account/notifications", likes)).statusCode).toBe(
      200,
    );
    const post = await publish(a, pat, "Push me from afar");
    await peer.follow(actorUri(pat));
    await peer.like(`https://a.test/ap/posts/${post.id}`, actorUri(pat));
    const pushed = async () => {
      await a.app.outbox.drain();
      return (await pushService.received(browser.clientHash)).map((text) => JSON.parse(text));
    };
    await eventually(async () => expect(await pushed()).toHaveLength(2));
    expect((await pushed()).map(({ type, body, url }) => ({ type, body, url }))).toEqual([
      { type: "follow", body: "Carol Peer followed you", url: "/@carol@c.test" },
      { type: "like", body: "Carol Peer liked your post", url: `/post/${post.id}` },
    ]);
  });

  it("keeps exactly one actor on each row, here or elsewhere (user_activity_one_actor)", async () => {
    const eve = await createAccount(a, { label: "oeve", fullName: "Eve Checked" });
    const found = await inject(a, eve, "GET", "/api/federation/lookup?handle=@carol@c.test");
    const carol: string = found.json().person.id;
    const insert = (actorId: string | null, fedActorId: string | null) =>
      queryRows(
        a.database.db,
        sql`insert into user_activity (recipient_id, actor_id, fed_actor_id, type)
          values (${eve.userId}, ${actorId}, ${fedActorId}::uuid, 'FOLLOW')`,
      );
    await expect(insert(null, null)).rejects.toThrow();
    await expect(insert(mod.userId, carol)).rejects.toThrow();
    await insert(null, carol);
    await insert(mod.userId, null);
    expect((await groupsOf(a, eve, "FOLLOW"))[0]?.actorCount).toBe(2);
  });

  it("counts a follow and a like from elsewhere in the daily digest, the follower unnamed", async () => {
    const dana = await createAccount(a, { label: "ddana", fullName: "Dana Digest" });
    // Likes are e-mailed only to whoever turns that on (docs/notifications.md).
    const likes = { matrix: { like: { email: true } } };
    expect((await inject(a, dana, "PATCH", "/api/account/notifications", likes)).statusCode).toBe(
      200,
    );
    const post = await publish(a, dana, "Counted from afar");
    await peer.follow(actorUri(dana));
    await peer.like(`https://a.test/ap/posts/${post.id}`, actorUri(dana));
    await eventually(async () => expect(await groups(a, dana)).toHaveLength(2));
    expect((await a.app.runEmailDigest(new Date()))?.sent).toBeGreaterThanOrEqual(1);
    // The mail leaves through the outbox.
    await eventually(() => {
      const mail = a.mailbox
        .all()
        .find((m) => m.to.includes(dana.email) && m.subject.startsWith("Since"));
      expect(mail?.subject).toBe("Since yesterday: 1 new follower, 1 like on your posts");
    });
  });

  it("quotes a reply's content warning in the notice, never its words", async () => {
    const ann = await createAccount(a, { label: "wann", fullName: "Ann Warned" });
    const post = await publish(a, ann, "Guess the ending");
    await peer.note({
      to: actorUri(ann),
      text: "The butler did it",
      warning: "Mystery spoilers",
      inReplyTo: `https://a.test/ap/posts/${post.id}`,
      mentions: [actorUri(ann)],
    });
    await eventually(async () =>
      expect(await groups(a, ann)).toMatchObject([
        { groupType: "COMMENT", commentSnippet: "Content warning: Mystery spoilers" },
      ]),
    );
  });

  it("tells of a reply to our post once (not as a mention too), and forgets all of theirs on a block", async () => {
    const ann = await createAccount(a, { label: "rann", fullName: "Ann Replied" });
    const post = await publish(a, ann, "Answer me from afar");
    await peer.note({
      to: actorUri(ann),
      text: "Here is my answer",
      inReplyTo: `https://a.test/ap/posts/${post.id}`,
      mentions: [actorUri(ann)],
    });
    await eventually(async () =>
      expect(await groups(a, ann)).toMatchObject([
        {
          groupType: "COMMENT",
          postId: post.id,
          commentSnippet: "Here is my answer",
          actorsRecent: [carolAsAnnSees],
        },
      ]),
    );
    await peer.like(`https://a.test/ap/posts/${post.id}`, actorUri(ann));
    await eventually(async () => expect(await groupsOf(a, ann, "LIKE")).toHaveLength(1));
    const found = await inject(a, ann, "GET", "/api/federation/lookup?handle=@carol@c.test");
    const carolId = found.json().person.id;
    expect(
      (await inject(a, ann, "POST", `/api/federation/people/${carolId}/block`)).statusCode,
    ).toBe(200);
    expect(await groups(a, ann)).toEqual([]);
    expect(await rowsFromElsewhere(a, ann)).toEqual([]);
    await inject(a, ann, "DELETE", `/api/federation/people/${carolId}/block`);
  });
});

describe("replies from elsewhere, with the filter of new accounts on", () => {
  it("holds a reply from someone first seen moments ago under Requests, until accepted", async () => {
    const ann = await createAccount(a, { label: "filtann", fullName: "Ann Filtering" });
    await inject(a, ann, "PATCH", "/api/account/notifications", { filterNewAccounts: true });
    const post = await publish(a, ann, "Who is out there?");
    // Carol's server gives no `published`: her age is how long a.test has known her.
    await peer.note({
      to: actorUri(ann),
      text: "Me, from far away",
      inReplyTo: `https://a.test/ap/posts/${post.id}`,
      mentions: [actorUri(ann)],
    });
    const waiting = async () => (await inject(a, ann, "GET", "/api/requests")).json().senders;
    await eventually(async () =>
      expect(await waiting()).toMatchObject([
        { sender: carolAsAnnSees, count: 1, items: [{ type: "COMMENT" }] },
      ]),
    );
    expect(await groups(a, ann)).toEqual([]);
    const [{ sender }] = await waiting();
    const accepted = await inject(
      a,
      ann,
      "POST",
      `/api/requests/${encodeURIComponent(sender.userId)}/accept`,
    );
    expect(accepted.json()).toEqual({ ok: true });
    expect(await groups(a, ann)).toMatchObject([
      { groupType: "COMMENT", unread: true, commentSnippet: "Me, from far away" },
    ]);
  });

  it("takes a Mastodon actor's age from its `published`: one from 2024 is told, though new here", async () => {
    const ann = await createAccount(a, { label: "filtmann", fullName: "Ann Filtering Too" });
    await inject(a, ann, "PATCH", "/api/account/notifications", { filterNewAccounts: true });
    await mastodon.addActor("stranger", { USERNAME: "leo" });
    const note = mastodon.activity("mention", {
      USERNAME: "leo",
      OUR_ACTOR: actorUri(ann),
      OUR_PAGE: `https://a.test/${ann.handle}`,
      OUR_HANDLE: ann.handle,
      TEXT: "an old friend here",
    });
    const signed = await mastodon.sign(
      note,
      "https://a.test/ap/inbox",
      "draft-cavage-http-signatures-12",
    );
    expect((await deliver(a, signed)).statusCode).toBe(202);
    await eventually(async () =>
      expect(await groupsOf(a, ann, "MENTION")).toMatchObject([
        { actorsRecent: [{ handle: "leo@mastodon.test", elsewhere: true }] },
      ]),
    );
    const [kept] = await queryRows<{ published_at: Date | string; first_seen_at: Date | string }>(
      a.database.db,
      sql`select published_at, first_seen_at from fed_actors where handle = 'leo@mastodon.test'`,
    );
    expect(new Date(kept?.published_at ?? 0).toISOString()).toBe("2024-06-01T00:00:00.000Z");
    expect(Date.now() - new Date(kept?.first_seen_at ?? 0).getTime()).toBeLessThan(600_000);
    expect((await inject(a, ann, "GET", "/api/requests")).json().senders).toEqual([]);
  });
});

describe("mentions here", () => {
  it("tells each person mentioned once, not one in a block with the writer, not one who may not see the post", async () => {
    const pia = await createAccount(a, { label: "mpia", fullName: "Pia Private" });
    const dave = await createAccount(a, { label: "mdave", fullName: "Dave Reader" });
    const erin = await createAccount(a, { label: "merin", fullName: "Erin Blocker" });
    const fay = await createAccount(a, { label: "mfay", fullName: "Fay Outside" });
    await follow(a, dave, pia);
    await follow(a, erin, pia);
    await inject(a, pia, "PUT", "/api/account/privacy", { privateAccount: true });
    await inject(a, erin, "POST", `/api/safety/blocks/${pia.userId}`);
    const post = await publish(
      a,
      pia,
      `For @${dave.handle}, @${dave.handle.toUpperCase()} again, @${erin.handle} and @${fay.handle}.`,
    );
    expect(await groupsOf(a, dave, "MENTION")).toMatchObject([
      {
        postId: post.id,
        actorCount: 1,
        target: post.path,
        actorsRecent: [{ userId: pia.userId, elsewhere: false }],
      },
    ]);
    const mentionRows = await queryRows<{ n: number }>(
      a.database.db,
      sql`select count(*)::int as n from user_activity where type = 'MENTION' and post_id = ${post.id}`,
    );
    expect(mentionRows[0]?.n).toBe(1);
    expect(await groupsOf(a, erin, "MENTION")).toEqual([]);
    expect(await groupsOf(a, fay, "MENTION")).toEqual([]);
  });

  it("tells a person mentioned in a comment, and the post's author only of the comment", async () => {
    const ann = await createAccount(a, { label: "cann", fullName: "Ann Author" });
    const gil = await createAccount(a, { label: "cgil", fullName: "Gil Commenter" });
    const hal = await createAccount(a, { label: "chal", fullName: "Hal Named" });
    const post = await publish(a, ann, "Talk to me");
    const commented = await inject(a, gil, "POST", `/api/posts/${post.id}/comments`, {
      content: `@${ann.handle} and @${hal.handle}, look`,
    });
    expect(commented.statusCode).toBe(201);
    expect(await groupsOf(a, hal, "MENTION")).toMatchObject([
      { postId: post.id, commentSnippet: `@${ann.handle} and @${hal.handle}, look` },
    ]);
    expect((await groups(a, ann)).map((g) => g.groupType)).toEqual(["COMMENT"]);
  });
});

describe("mentions that leave", () => {
  it("tags the Note and delivers it to the person mentioned, who follows no one here; an unknown handle stays text", async () => {
    const ann = await createAccount(a, { label: "oann", fullName: "Ann Mentioning" });
    const post = await publish(a, ann, "Hello @carol@c.test and @nobody@c.test!");
    const create = await eventually(() => {
      const found = peer.received.find(
        (r) =>
          r.type === "Create" &&
          (r.object as { id?: string })?.id === `https://a.test/ap/posts/${post.id}`,
      );
      expect(found).toBeDefined();
      return found as { object: { tag: unknown; cc: unknown; content: string } };
    });
    expect(create.object.content).toBe(
      `<p>Hello <span class="h-card" translate="no"><a href="${peer.carol.href}" class="u-url mention">@<span>carol</span></a></span> and @nobody@c.test!</p>`,
    );
    const mention = { type: "Mention", href: peer.carol.href, name: "@carol@c.test" };
    expect([create.object.tag].flat()).toEqual([mention]);
    expect([create.object.cc].flat()).toContain(peer.carol.href);
    const served = await a.app.inject({
      url: `/ap/posts/${post.id}`,
      headers: { accept: "application/activity+json" },
    });
    expect([served.json().tag].flat()).toEqual([mention]);
  });

  it("reaches another instance of ours, whose person is told once, with the post's page", async () => {
    const ann = await createAccount(a, { label: "xann", fullName: "Ann Across" });
    const bob = await createAccount(b, { label: "xbob", fullName: "Bob Across" });
    const post = await publish(a, ann, `Hi @${bob.handle}@b.test, over there`);
    await eventually(async () =>
      expect(await groupsOf(b, bob, "MENTION")).toMatchObject([
        {
          postId: null,
          noteId: expect.any(String),
          // The mention arrives as a link, its text `@name` as Mastodon writes it.
          commentSnippet: `Hi @${bob.handle}, over there`,
          target: `https://a.test${post.path}`,
          actorsRecent: [
            { handle: `${ann.handle}@a.test`, fullName: "Ann Across", elsewhere: true },
          ],
        },
      ]),
    );
    const [group] = await groupsOf(b, bob, "MENTION");
    const read = await inject(b, bob, "POST", "/api/activity/read", {
      groupType: "MENTION",
      postId: null,
      noteId: group?.noteId,
    });
    expect(read.statusCode).toBe(200);
    expect((await inject(b, bob, "GET", "/api/activity/unread-count")).json().count).toBe(0);
  });
});

describe("mentions that arrive", () => {
  it("tells the person once however often the Note arrives, and not someone who blocks its author", async () => {
    const bob = await createAccount(b, { label: "ibob", fullName: "Bob Mentioned" });
    const kim = await createAccount(b, { label: "ikim", fullName: "Kim Blocking" });
    const found = await inject(b, kim, "GET", "/api/federation/lookup?handle=@carol@c.test");
    await inject(b, kim, "POST", `/api/federation/people/${found.json().person.id}/block`);
    const mentions = [actorUri(bob, "b.test"), actorUri(kim, "b.test")];
    const noteId = await peer.note({ to: mentions[0] ?? "", text: "Hi both", mentions });
    await peer.note({ to: mentions[0] ?? "", text: "Hi both", mentions, noteId });
    await peer.note({ to: mentions[1] ?? "", text: "Hi both", mentions, noteId });
    // An id of ours that nobody holds is passed over.
    const later = await peer.note({
      to: mentions[0] ?? "",
      text: "Later",
      mentions: ["https://b.test/ap/users/no-such-person", ...mentions],
    });
    await eventually(async () =>
      expect((await groupsOf(b, bob, "MENTION")).map((g) => g.commentSnippet)).toEqual([
        "Later",
        "Hi both",
      ]),
    );
    expect(later.href).not.toBe(noteId.href);
    expect((await rowsFromElsewhere(b, bob)).length).toBe(2);
    expect(await rowsFromElsewhere(b, kim)).toEqual([]);
  });

  it("takes a Mastodon Note that mentions our person from a stranger, and forgets it when their server is suspended", async () => {
    const ann = await createAccount(a, { label: "mmann", fullName: "Ann Mastodon" });
    await mastodon.addActor("stranger", { USERNAME: "mia" });
    const note = mastodon.activity("mention", {
      USERNAME: "mia",
      OUR_ACTOR: actorUri(ann),
      OUR_PAGE: `https://a.test/${ann.handle}`,
      OUR_HANDLE: ann.handle,
      TEXT: "have you seen this?",
    });
    const signed = await mastodon.sign(
      note,
      "https://a.test/ap/inbox",
      "draft-cavage-http-signatures-12",
    );
    expect((await deliver(a, signed)).statusCode).toBe(202);
    const page = (note.object as { url: string }).url;
    await eventually(async () =>
      expect(await groupsOf(a, ann, "MENTION")).toMatchObject([
        {
          commentSnippet: `@${ann.handle} have you seen this?`,
          target: page,
          actorsRecent: [{ handle: "mia@mastodon.test", elsewhere: true }],
        },
      ]),
    );
    const suspended = await inject(a, mod, "PUT", "/api/federation/domain-blocks/mastodon.test", {
      severity: "suspend",
      note: "",
    });
    expect(suspended.statusCode).toBe(200);
    expect(await groups(a, ann)).toEqual([]);
    expect(await rowsFromElsewhere(a, ann)).toEqual([]);
  });
});
