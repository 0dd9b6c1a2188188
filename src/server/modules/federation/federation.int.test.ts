// Federation between two instances of ours and an independent Fedify server, over real TLS on
// loopback (docs/federation.md "Tests"): identity, follows both ways with their counters, and
// posts reaching the other side.
import { createPublicKey } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import {
  AS,
  counts,
  deleteAccount,
  eventually,
  startInstance,
} from "../../test-support/federation-instances";
import { type FedifyPeer, startFedifyPeer } from "../../test-support/fedify-peer";
import { type FediverseNet, installFediverseNet } from "../../test-support/fediverse-net";
import { inject, publish } from "../../test-support/social";
import type { TestApp } from "../../test-support/test-app";
import { instant } from "./federation";

let net: FediverseNet;
let a: TestApp;
let b: TestApp;
let peer: FedifyPeer;
let ann: TestAccount;
let bob: TestAccount;
/** Carol's Follow of Ann, which she undoes at the end. */
let carolFollow: URL;
/** Our id for Carol. */
let carolId: string;
/** Carol's post as Ann's feed has it. */
let remoteNote: { id: string; uri: string };

beforeAll(async () => {
  net = await installFediverseNet(["a.test", "b.test", "c.test"]);
  a = await startInstance(net, "a.test");
  b = await startInstance(net, "b.test");
  peer = await startFedifyPeer("c.test");
  await net.serve("c.test", peer.port);
  ann = await createAccount(a, { label: "ann", fullName: "Ann Here" });
  bob = await createAccount(b, { label: "bob", fullName: "Bob There" });
}, 60_000);

afterAll(async () => {
  await peer?.close();
  await a?.close();
  await b?.close();
  await net?.close();
});

describe("identity", () => {
  it("answers WebFinger for a handle at the mail domain with the actor, stable by account", async () => {
    const res = await a.app.inject({
      url: `/.well-known/webfinger?resource=acct:${ann.handle}@a.test`,
    });
    expect(res.statusCode).toBe(200);
    const self = res.json().links.find((l: { rel: string }) => l.rel === "self");
    expect(self.href).toBe(`https://a.test/ap/users/${ann.userId}`);
    const other = await a.app.inject({
      url: `/.well-known/webfinger?resource=acct:${ann.handle}@elsewhere.example`,
    });
    expect(other.statusCode).toBe(404);
    const nobody = await a.app.inject({
      url: "/.well-known/webfinger?resource=acct:nobody@a.test",
    });
    expect(nobody.statusCode).toBe(404);
  });

  it("serves the actor as JSON-LD at its id and at /{handle}, and the page as HTML", async () => {
    const actor = await a.app.inject({ url: `/ap/users/${ann.userId}`, headers: { accept: AS } });
    expect(actor.statusCode).toBe(200);
    const json = actor.json();
    expect(json).toMatchObject({
      type: "Person",
      id: `https://a.test/ap/users/${ann.userId}`,
      preferredUsername: ann.handle,
      name: "Ann Here",
      inbox: `https://a.test/ap/users/${ann.userId}/inbox`,
      endpoints: { sharedInbox: "https://a.test/ap/inbox" },
      manuallyApprovesFollowers: false,
    });
    expect(json.publicKey.publicKeyPem).toContain("BEGIN PUBLIC KEY");
    // RSA-2048, as Mastodon's own keys (docs/federation.md "Keys").
    const details = createPublicKey(json.publicKey.publicKeyPem).asymmetricKeyDetails;
    expect(details?.modulusLength).toBe(2048);
    // One multikey per key pair: RSA and Ed25519 (FEP-8b32 proofs).
    expect(json.assertionMethod).toHaveLength(2);
    const byHandle = await a.app.inject({ url: `/${ann.handle}`, headers: { accept: AS } });
    expect(byHandle.json().id).toBe(json.id);
    const page = await a.app.inject({ url: `/${ann.handle}`, headers: { accept: "text/html" } });
    expect(page.headers["content-type"]).toContain("text/html");
  });

  it("answers NodeInfo 2.1", async () => {
    const links = await a.app.inject({ url: "/.well-known/nodeinfo" });
    expect(links.statusCode).toBe(200);
    const info = await a.app.inject({ url: "/nodeinfo/2.1" });
    expect(info.json()).toMatchObject({
      version: "2.1",
      software: { name: "chtcht" },
      protocols: ["activitypub"],
    });
    expect(info.json().usage.users.total).toBeGreaterThanOrEqual(1);
  });

  it("refuses an unsigned inbox POST with 401, and leaves /api alone", async () => {
    const res = await a.app.inject({
      method: "POST",
      url: "/ap/inbox",
      headers: { "content-type": AS },
      payload: JSON.stringify({
        "@context": "https://www.w3.org/ns/activitystreams",
        type: "Follow",
        id: "https://c.test/f/1",
        actor: "https://c.test/people/carol",
        object: `https://a.test/ap/users/${ann.userId}`,
      }),
    });
    expect(res.statusCode).toBe(401);
    expect((await counts(a, ann)).followers).toBe(0);
  });
});

describe("the inbox's signatures", () => {
  const followOf = (target: TestAccount, n: string) =>
    JSON.stringify({
      "@context": "https://www.w3.org/ns/activitystreams",
      type: "Follow",
      id: `https://c.test/people/carol#sig-${n}`,
      actor: "https://c.test/people/carol",
      object: `https://a.test/ap/users/${target.userId}`,
    });
  const deliver = async (signed: Request, body?: string) =>
    a.app.inject({
      method: "POST",
      url: new URL(signed.url).pathname,
      headers: Object.fromEntries(signed.headers),
      payload: body ?? (await signed.text()),
    });
  const unsigned = (body: string) =>
    new Request("https://a.test/ap/inbox", {
      method: "POST",
      headers: { "content-type": AS },
      body,
    });

  it("takes a request signed in either scheme", async () => {
    const dora = await createAccount(a, { label: "dora", fullName: "Dora" });
    for (const spec of ["rfc9421", "draft-cavage-http-signatures-12"] as const) {
      const res = await deliver(await peer.sign(unsigned(followOf(dora, spec)), { spec }));
      expect(res.statusCode).toBe(202);
    }
  });

  it("refuses a tampered body or a Date more than 12 hours off with 401, changing nothing", async () => {
    const erin = await createAccount(a, { label: "erin", fullName: "Erin" });
    for (const spec of ["rfc9421", "draft-cavage-http-signatures-12"] as const) {
      const signed = await peer.sign(unsigned(followOf(erin, `${spec}-t`)), { spec });
      const tampered = followOf(erin, `${spec}-other`);
      expect((await deliver(signed, tampered)).statusCode).toBe(401);
      const stale = await peer.sign(unsigned(followOf(erin, `${spec}-d`)), {
        spec,
        currentTime: instant(new Date(Date.now() - 13 * 3600_000).toISOString()),
      });
      expect((await deliver(stale)).statusCode).toBe(401);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await counts(a, erin)).followers).toBe(0);
  });
});

describe("follows across servers", () => {
  it("lets a person here follow one on an independent server, who accepts", async () => {
    const found = await inject(a, ann, "GET", "/api/federation/lookup?handle=@carol@c.test");
    expect(found.statusCode).toBe(200);
    const person = found.json().person;
    expect(person).toMatchObject({ handle: "carol@c.test", name: "Carol Peer", follow: "none" });
    expect(person.summary).toBe("I live on another server.");
    carolId = person.id;
    const followed = await inject(a, ann, "POST", `/api/federation/people/${person.id}/follow`);
    expect(followed.json().person.follow).toBe("requested");
    await eventually(async () => {
      const again = await inject(a, ann, "GET", `/api/federation/people/${person.id}`);
      expect(again.json().person.follow).toBe("following");
    });
    expect(peer.followers.has(`https://a.test/ap/users/${ann.userId}`)).toBe(true);
    expect((await counts(a, ann)).following).toBe(1);
  });

  it("lets the independent server's person follow ours back, which makes them friends", async () => {
    carolFollow = await peer.follow(`https://a.test/ap/users/${ann.userId}`);
    await eventually(async () => {
      expect(await counts(a, ann)).toMatchObject({ followers: 1, following: 1, friends: 1 });
      const annUri = `https://a.test/ap/users/${ann.userId}`;
      const accepted = peer.received.find(
        (activity) => activity.type === "Accept" && activity.actor === annUri,
      );
      expect((accepted?.object as { id?: string } | undefined)?.id).toBe(carolFollow.href);
    });
  });

  it("sends an Update of the actor to followers elsewhere when the profile changes", async () => {
    const saved = await inject(a, ann, "PUT", `/api/profiles/${ann.userId}`, {
      fullName: "Ann Renamed",
      emailAddress: ann.email,
      websiteUrl: "",
      about: "Now with a bio",
      city: "",
      details: {},
    });
    expect(saved.statusCode).toBe(200);
    await eventually(() => {
      const update = peer.received.find(
        (activity) =>
          activity.type === "Update" &&
          (activity.object as { id?: string })?.id === `https://a.test/ap/users/${ann.userId}`,
      );
      expect(update?.object).toMatchObject({
        type: "Person",
        name: "Ann Renamed",
        summary: "<p>Now with a bio</p>",
      });
    });
  });

  it("puts the posts of people elsewhere whom the reader follows into the home feed", async () => {
    const before = await inject(a, ann, "GET", "/api/feed");
    expect(before.statusCode).toBe(200);
    const noteId = await peer.post("Greetings from c.test & friends <3");
    let post: { id: string; content: string; remote?: { handle: string; url: string } } | undefined;
    await eventually(async () => {
      const feed = await inject(a, ann, "GET", "/api/feed");
      post = feed.json().items.find((p: { remote?: unknown }) => p.remote);
      expect(post?.content).toBe("Greetings from c.test & friends <3");
    });
    expect(post?.remote).toEqual({ handle: "carol@c.test", url: noteId.href });
    const page = await inject(a, ann, "GET", `/api/federation/people/${carolId}/posts`);
    expect(page.json().items.map((p: { id: string }) => p.id)).toEqual([post?.id]);
    // Someone here who does not follow Carol does not get her post.
    const feedOfBob = await inject(b, bob, "GET", "/api/feed");
    expect(feedOfBob.json().items).toEqual([]);
    remoteNote = { id: post?.id ?? "", uri: noteId.href };
  });

  it("likes a post from elsewhere with Like and takes it back with Undo", async () => {
    const liked = await inject(a, ann, "POST", `/api/federation/notes/${remoteNote.id}/like`);
    expect(liked.json()).toEqual({ liked: true, likesCount: 1 });
    const twice = await inject(a, ann, "POST", `/api/federation/notes/${remoteNote.id}/like`);
    expect(twice.json()).toEqual({ liked: true, likesCount: 1 });
    const likesOf = (type: string) =>
      peer.received.filter((activity) => {
        if (activity.type !== type) return false;
        const object = activity.object as string | { object?: string };
        return (typeof object === "string" ? object : object?.object) === remoteNote.uri;
      });
    await eventually(() => expect(likesOf("Like")).toHaveLength(1));
    const unliked = await inject(a, ann, "DELETE", `/api/federation/notes/${remoteNote.id}/like`);
    expect(unliked.json()).toEqual({ liked: false, likesCount: 0 });
    await eventually(() => expect(likesOf("Undo")).toHaveLength(1));
  });

  it("sends a public post to followers on other servers as Create(Note)", async () => {
    const post = await publish(a, ann, "Hello from a.test");
    await eventually(() => {
      const create = peer.received.find(
        (activity) =>
          activity.type === "Create" &&
          (activity.object as { id?: string })?.id === `https://a.test/ap/posts/${post.id}`,
      );
      expect((create?.object as { content?: string } | undefined)?.content).toBe(
        "<p>Hello from a.test</p>",
      );
    });
    const note = await a.app.inject({ url: `/ap/posts/${post.id}`, headers: { accept: AS } });
    expect(note.json()).toMatchObject({
      type: "Note",
      attributedTo: `https://a.test/ap/users/${ann.userId}`,
    });
    const byPath = await a.app.inject({ url: post.path, headers: { accept: AS } });
    expect(byPath.json().id).toBe(`https://a.test/ap/posts/${post.id}`);
  });

  it("counts likes from elsewhere of our posts, once each, and their Undo", async () => {
    const post = await publish(a, ann, "Like me from afar");
    const noteUri = `https://a.test/ap/posts/${post.id}`;
    const annUri = `https://a.test/ap/users/${ann.userId}`;
    const likes = async () =>
      (await inject(a, ann, "GET", `/api/posts/${post.id}`)).json().post.likesCount;
    const like = await peer.like(noteUri, annUri);
    await eventually(async () => expect(await likes()).toBe(1));
    await peer.like(noteUri, annUri);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await likes()).toBe(1);
    await peer.unlike(noteUri, annUri, like);
    await eventually(async () => expect(await likes()).toBe(0));
  });

  it("sends an edit as Update and a delete as Delete", async () => {
    const post = await publish(a, ann, "A thought to revise");
    const noteId = `https://a.test/ap/posts/${post.id}`;
    const about = () =>
      peer.received.filter((activity) => {
        const object = activity.object as string | { id?: string };
        return (typeof object === "string" ? object : object?.id) === noteId;
      });
    await inject(a, ann, "PATCH", `/api/posts/${post.id}`, { content: "A revised thought" });
    await eventually(() => {
      const update = about().find((activity) => activity.type === "Update");
      expect((update?.object as { content?: string })?.content).toBe("<p>A revised thought</p>");
    });
    await inject(a, ann, "DELETE", `/api/posts/${post.id}`);
    await eventually(() => {
      expect(about().map((activity) => activity.type)).toEqual(["Create", "Update", "Delete"]);
    });
  });

  it("sends a changed 'Who can reply' as an Update of the Note, each change its own", async () => {
    const post = await publish(a, ann, "Replies open for now");
    const noteId = `https://a.test/ap/posts/${post.id}`;
    const updates = () =>
      peer.received.filter((activity) => {
        const object = activity.object as { id?: string } | string;
        return activity.type === "Update" && typeof object === "object" && object?.id === noteId;
      });
    const policy = `/api/posts/${post.id}/reply-policy`;
    expect((await inject(a, ann, "PUT", policy, { replyPolicy: "nobody" })).statusCode).toBe(200);
    await eventually(() => expect(updates()).toHaveLength(1));
    // The Note as sent now: only its author may reply.
    const sent = JSON.stringify(updates()[0]?.object);
    expect(sent).toMatch(/canReply/);
    expect(sent).toMatch(
      new RegExp(`"automaticApproval":"https://a\\.test/ap/users/${ann.userId}"`),
    );
    expect((await inject(a, ann, "PUT", policy, { replyPolicy: "everyone" })).statusCode).toBe(200);
    await eventually(() => expect(updates()).toHaveLength(2));
    expect(updates()[0]?.id).not.toBe(updates()[1]?.id);
  });

  it("follows between two instances of ours: Follow, Accept, counters on both sides", async () => {
    const found = await inject(b, bob, "GET", `/api/federation/lookup?handle=${ann.handle}@a.test`);
    expect(found.statusCode).toBe(200);
    const id = found.json().person.id;
    await inject(b, bob, "POST", `/api/federation/people/${id}/follow`);
    await eventually(async () => {
      expect((await counts(a, ann)).followers).toBe(2);
      expect((await counts(b, bob)).following).toBe(1);
    });
    await inject(b, bob, "DELETE", `/api/federation/people/${id}/follow`);
    await eventually(async () => {
      expect((await counts(a, ann)).followers).toBe(1);
      expect((await counts(b, bob)).following).toBe(0);
    });
  });

  it("sends a reply to a post from elsewhere, which becomes a comment on the other side", async () => {
    const found = await inject(a, ann, "GET", `/api/federation/lookup?handle=${bob.handle}@b.test`);
    const bobId = found.json().person.id;
    await inject(a, ann, "POST", `/api/federation/people/${bobId}/follow`);
    await eventually(async () => {
      const again = await inject(a, ann, "GET", `/api/federation/people/${bobId}`);
      expect(again.json().person.follow).toBe("following");
    });
    const bobPost = await publish(b, bob, "Anyone out there?");
    let seen: { id: string } | undefined;
    await eventually(async () => {
      const feed = await inject(a, ann, "GET", "/api/feed");
      seen = feed.json().items.find((p: { content: string }) => p.content === "Anyone out there?");
      expect(seen).toBeDefined();
    });
    const replied = await inject(a, ann, "POST", `/api/federation/notes/${seen?.id}/replies`, {
      content: "Yes, over here on a.test",
    });
    expect(replied.statusCode).toBe(201);
    await eventually(async () => {
      const comments = await inject(b, bob, "GET", `/api/posts/${bobPost.id}/comments`);
      expect(comments.json().items).toMatchObject([
        {
          content: "Yes, over here on a.test",
          author: { handle: `${ann.handle}@a.test`, fullName: "Ann Renamed" },
          remote: { handle: `${ann.handle}@a.test` },
        },
      ]);
    });
    const post = await inject(b, bob, "GET", `/api/posts/${bobPost.id}`);
    expect(post.json().post.commentsCount).toBe(1);
    const note = await a.app.inject({
      url: `/ap/posts/${replied.json().reply.id}`,
      headers: { accept: AS },
    });
    expect(note.json()).toMatchObject({
      type: "Note",
      inReplyTo: `https://b.test/ap/posts/${bobPost.id}`,
      tag: { type: "Mention", href: expect.stringContaining("https://b.test/ap/users/") },
    });
  });

  it("sends Delete of the actor to its followers elsewhere when the account is deleted", async () => {
    const gus = await createAccount(a, { label: "gus", fullName: "Gus Leaving" });
    const gusUri = `https://a.test/ap/users/${gus.userId}`;
    await peer.follow(gusUri);
    await eventually(async () => expect((await counts(a, gus)).followers).toBe(1));
    expect((await deleteAccount(a, gus)).statusCode).toBe(200);
    await eventually(() => {
      const deleted = peer.received.find(
        (activity) => activity.type === "Delete" && activity.object === gusUri,
      );
      expect(deleted?.actor).toBe(gusUri);
    });
    const gone = await a.app.inject({ url: `/ap/users/${gus.userId}`, headers: { accept: AS } });
    expect(gone.statusCode).toBe(410);
  });

  it("forgets someone elsewhere who deleted their account, with the counters they moved", async () => {
    const before = await counts(a, ann);
    const ivy = await createAccount(b, { label: "ivy", fullName: "Ivy Elsewhere" });
    const annThere = await inject(
      b,
      ivy,
      "GET",
      `/api/federation/lookup?handle=${ann.handle}@a.test`,
    );
    await inject(b, ivy, "POST", `/api/federation/people/${annThere.json().person.id}/follow`);
    const ivyHere = await inject(
      a,
      ann,
      "GET",
      `/api/federation/lookup?handle=${ivy.handle}@b.test`,
    );
    await inject(a, ann, "POST", `/api/federation/people/${ivyHere.json().person.id}/follow`);
    await eventually(async () => {
      expect(await counts(a, ann)).toEqual({
        followers: before.followers + 1,
        following: before.following + 1,
        friends: before.friends + 1,
      });
    });
    await publish(b, ivy, "Ivy was here");
    const feedHas = async () =>
      (await inject(a, ann, "GET", "/api/feed"))
        .json()
        .items.some((p: { content: string }) => p.content === "Ivy was here");
    await eventually(async () => expect(await feedHas()).toBe(true));
    expect((await deleteAccount(b, ivy)).statusCode).toBe(200);
    await eventually(async () => {
      expect(await feedHas()).toBe(false);
    });
    await eventually(async () => {
      expect(await counts(a, ann)).toEqual(before);
    });
  });

  it("takes an Undo(Follow) from the independent server off the counters", async () => {
    await peer.unfollow(`https://a.test/ap/users/${ann.userId}`, carolFollow);
    await eventually(async () => {
      expect(await counts(a, ann)).toMatchObject({ followers: 0, following: 2, friends: 0 });
    });
  });
});

describe("a private account's follow requests from elsewhere", () => {
  it("asks its owner, who approves one, declines one, and approves the rest by going public", async () => {
    const quinn = await createAccount(a, { label: "quinn", fullName: "Quinn Private" });
    await inject(a, quinn, "PUT", "/api/account/privacy", { privateAccount: true });
    const quinnUri = `https://a.test/ap/users/${quinn.userId}`;
    const actor = await a.app.inject({ url: `/ap/users/${quinn.userId}`, headers: { accept: AS } });
    expect(actor.json().manuallyApprovesFollowers).toBe(true);
    const requests = async () =>
      (await inject(a, quinn, "GET", "/api/federation/follow-requests")).json().items;

    const follow = await peer.follow(quinnUri);
    await eventually(async () =>
      expect(await requests()).toMatchObject([{ handle: "carol@c.test", name: "Carol Peer" }]),
    );
    expect((await counts(a, quinn)).followers).toBe(0);
    const [carolAsks] = await requests();
    const approved = await inject(
      a,
      quinn,
      "POST",
      `/api/federation/follow-requests/${carolAsks.id}/approve`,
    );
    expect(approved.json().counts.followers).toBe(1);
    await eventually(() => {
      const accept = peer.received.find((r) => r.type === "Accept" && r.actor === quinnUri);
      expect((accept?.object as { id?: string } | undefined)?.id).toBe(follow.href);
    });

    const stateOnB = async (who: TestAccount, id: string) =>
      (await inject(b, who, "GET", `/api/federation/people/${id}`)).json().person.follow;
    const rob = await createAccount(b, { label: "rob", fullName: "Rob" });
    const quinnOnB = (
      await inject(b, rob, "GET", `/api/federation/lookup?handle=${quinn.handle}@a.test`)
    ).json().person.id;
    await inject(b, rob, "POST", `/api/federation/people/${quinnOnB}/follow`);
    await eventually(async () => expect(await requests()).toHaveLength(1));
    const [robAsks] = await requests();
    const declined = await inject(
      a,
      quinn,
      "DELETE",
      `/api/federation/follow-requests/${robAsks.id}`,
    );
    expect(declined.json()).toEqual({ ok: true });
    await eventually(async () => expect(await stateOnB(rob, quinnOnB)).toBe("none"));

    const sam = await createAccount(b, { label: "sam", fullName: "Sam" });
    await inject(b, sam, "POST", `/api/federation/people/${quinnOnB}/follow`);
    await eventually(async () => expect(await requests()).toHaveLength(1));
    const publicNow = await inject(a, quinn, "PUT", "/api/account/privacy", {
      privateAccount: false,
    });
    expect(publicNow.json().approved).toBe(1);
    expect(await requests()).toEqual([]);
    await eventually(async () => expect(await stateOnB(sam, quinnOnB)).toBe("following"));
    expect((await counts(a, quinn)).followers).toBe(2);
  });
});

describe("a private account's posts elsewhere", () => {
  it("go to its approved followers only, and answer only their signed fetches", async () => {
    const pia = await createAccount(a, { label: "pia", fullName: "Pia Private" });
    await inject(a, pia, "PUT", "/api/account/privacy", { privateAccount: true });
    const piaUri = `https://a.test/ap/users/${pia.userId}`;
    const follow = await peer.follow(piaUri);
    const requests = async () =>
      (await inject(a, pia, "GET", "/api/federation/follow-requests")).json().items;
    await eventually(async () => expect(await requests()).toHaveLength(1));
    const [asks] = await requests();
    await inject(a, pia, "POST", `/api/federation/follow-requests/${asks.id}/approve`);

    const post = await publish(a, pia, "For my followers only");
    const noteUri = `https://a.test/ap/posts/${post.id}`;
    let create: Record<string, unknown> | undefined;
    await eventually(() => {
      create = peer.received.find(
        (r) => r.type === "Create" && (r.object as { id?: string })?.id === noteUri,
      );
      expect(create).toBeDefined();
    });
    const followers = `${piaUri}/followers`;
    expect(create?.to).toBe(followers);
    expect((create?.object as { to?: unknown } | undefined)?.to).toBe(followers);
    expect(JSON.stringify(create)).not.toMatch(/Public/);

    const fetchNote = async (signed: boolean) => {
      const path = `/ap/posts/${post.id}`;
      if (!signed) return a.app.inject({ url: path, headers: { accept: AS } });
      const request = await peer.sign(new Request(noteUri, { headers: { accept: AS } }));
      return a.app.inject({ url: path, headers: Object.fromEntries(request.headers) });
    };
    expect((await fetchNote(false)).statusCode).toBe(404);
    const seen = await fetchNote(true);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ content: "<p>For my followers only</p>", to: followers });
    // Once Carol no longer follows Pia, her signed fetch finds nothing either.
    await peer.unfollow(piaUri, follow);
    await eventually(async () => expect((await counts(a, pia)).followers).toBe(0));
    expect((await fetchNote(true)).statusCode).toBe(404);
  });
});

describe("the inbox", () => {
  it("applies an activity before it answers: the post is kept when the sender's POST returns", async () => {
    const text = "Kept before the answer";
    await peer.post(text);
    const page = await inject(a, ann, "GET", `/api/federation/people/${carolId}/posts`);
    expect(page.json().items.map((p: { content: string }) => p.content)).toContain(text);
  });
});
