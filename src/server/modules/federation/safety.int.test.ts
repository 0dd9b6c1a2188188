// Blocks and domain blocks across servers (docs/federation.md "Blocks", "Domain blocks"): two
// instances of ours and an independent Fedify server over TLS on loopback.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { AS, counts, eventually, startInstance } from "../../test-support/federation-instances";
import { type FedifyPeer, startFedifyPeer } from "../../test-support/fedify-peer";
import { type FediverseNet, installFediverseNet } from "../../test-support/fediverse-net";
import { inject, publish } from "../../test-support/social";
import type { TestApp } from "../../test-support/test-app";

const MODERATOR = "moderator.federation@example.com";

let net: FediverseNet;
let a: TestApp;
let b: TestApp;
let peer: FedifyPeer;
let ann: TestAccount;
let mod: TestAccount;

const lookup = (t: TestApp, who: TestAccount, handle: string) =>
  inject(t, who, "GET", `/api/federation/lookup?handle=${handle}`);

beforeAll(async () => {
  net = await installFediverseNet(["a.test", "b.test", "c.test", "s.test"]);
  a = await startInstance(net, "a.test", { ADMIN_EMAILS: MODERATOR });
  b = await startInstance(net, "b.test");
  peer = await startFedifyPeer("c.test");
  await net.serve("c.test", peer.port);
  ann = await createAccount(a, { label: "ann", fullName: "Ann Here" });
  mod = await createAccount(a, { email: MODERATOR, fullName: "Mod" });
}, 60_000);

afterAll(async () => {
  await peer?.close();
  await a?.close();
  await b?.close();
  await net?.close();
});

describe("blocks across servers", () => {
  it("ends the follows either way when one of ours blocks someone elsewhere, and sends Block and Undo", async () => {
    const annUri = `https://a.test/ap/users/${ann.userId}`;
    await peer.follow(annUri);
    const carol = (await lookup(a, ann, "@carol@c.test")).json().person;
    await inject(a, ann, "POST", `/api/federation/people/${carol.id}/follow`);
    await eventually(async () =>
      expect(await counts(a, ann)).toEqual({ followers: 1, following: 1, friends: 1 }),
    );
    const blocked = await inject(a, ann, "POST", `/api/federation/people/${carol.id}/block`);
    expect(blocked.json().person).toMatchObject({ blocked: true, follow: "none" });
    expect(await counts(a, ann)).toEqual({ followers: 0, following: 0, friends: 0 });
    await eventually(() =>
      expect(peer.received.some((r) => r.type === "Block" && r.actor === annUri)).toBe(true),
    );
    // Carol may not follow Ann again while the block stands; following her is refused too.
    await peer.follow(annUri);
    await eventually(() =>
      expect(peer.received.some((r) => r.type === "Reject" && r.actor === annUri)).toBe(true),
    );
    expect((await counts(a, ann)).followers).toBe(0);
    const refused = await inject(a, ann, "POST", `/api/federation/people/${carol.id}/follow`);
    expect(refused.statusCode).toBe(409);
    const unblocked = await inject(a, ann, "DELETE", `/api/federation/people/${carol.id}/block`);
    expect(unblocked.json().person.blocked).toBe(false);
    await eventually(() => {
      const undo = peer.received.find(
        (r) =>
          r.type === "Undo" &&
          r.actor === annUri &&
          (r.object as { type?: string } | undefined)?.type === "Block",
      );
      expect(undo).toBeDefined();
    });
  });

  it("takes a Block from elsewhere: the follows end, and following them is refused", async () => {
    const bea = await createAccount(b, { label: "bea", fullName: "Bea" });
    const beaHere = (await lookup(a, ann, `${bea.handle}@b.test`)).json().person;
    await inject(a, ann, "POST", `/api/federation/people/${beaHere.id}/follow`);
    await eventually(async () => expect((await counts(a, ann)).following).toBe(1));
    const annThere = (await lookup(b, bea, `${ann.handle}@a.test`)).json().person;
    await inject(b, bea, "POST", `/api/federation/people/${annThere.id}/block`);
    await eventually(async () => expect((await counts(a, ann)).following).toBe(0));
    const again = await inject(a, ann, "POST", `/api/federation/people/${beaHere.id}/follow`);
    expect(again.statusCode).toBe(404);
  });
});

describe("domain blocks", () => {
  it("are the moderators' only, and refuse bad input", async () => {
    expect((await inject(a, ann, "GET", "/api/federation/domain-blocks")).statusCode).toBe(404);
    const bad = await inject(a, mod, "PUT", "/api/federation/domain-blocks/c.test", {
      severity: "banish",
    });
    expect(bad.statusCode).toBe(400);
    expect((await inject(a, mod, "GET", "/api/federation/domain-blocks")).json().items).toEqual([]);
  });

  it("hide a silenced server's replies on our posts", async () => {
    const cal = await createAccount(b, { label: "cal", fullName: "Cal" });
    const annThere = (await lookup(b, cal, `${ann.handle}@a.test`)).json().person;
    await inject(b, cal, "POST", `/api/federation/people/${annThere.id}/follow`);
    await eventually(async () => {
      const again = await inject(b, cal, "GET", `/api/federation/people/${annThere.id}`);
      expect(again.json().person.follow).toBe("following");
    });
    const post = await publish(a, ann, "Replies welcome");
    let noteId = "";
    await eventually(async () => {
      const feed = await inject(b, cal, "GET", "/api/feed");
      noteId = feed
        .json()
        .items.find((p: { content: string }) => p.content === "Replies welcome")?.id;
      expect(noteId).toBeTruthy();
    });
    await inject(b, cal, "POST", `/api/federation/notes/${noteId}/replies`, { content: "Hi Ann" });
    const comments = async () =>
      (await inject(a, ann, "GET", `/api/posts/${post.id}/comments`)).json().items;
    await eventually(async () => expect(await comments()).toHaveLength(1));
    await inject(a, mod, "PUT", "/api/federation/domain-blocks/b.test", { severity: "silence" });
    expect(await comments()).toEqual([]);
    await inject(a, mod, "DELETE", "/api/federation/domain-blocks/b.test");
    expect(await comments()).toHaveLength(1);
  });

  it("suspend a server: what we held of it goes with its counters, its activities are refused, nothing is sent", async () => {
    const annUri = `https://a.test/ap/users/${ann.userId}`;
    const before = await counts(a, ann);
    const follow = await peer.follow(annUri);
    await eventually(async () =>
      expect((await counts(a, ann)).followers).toBe(before.followers + 1),
    );
    const suspended = await inject(a, mod, "PUT", "/api/federation/domain-blocks/c.test", {
      severity: "suspend",
      note: "spam",
    });
    expect(suspended.json().items).toMatchObject([
      { host: "c.test", severity: "suspend", note: "spam" },
    ]);
    expect(await counts(a, ann)).toEqual(before);
    const signed = await peer.sign(
      new Request("https://a.test/ap/inbox", {
        method: "POST",
        headers: { "content-type": AS },
        body: JSON.stringify({
          "@context": "https://www.w3.org/ns/activitystreams",
          type: "Follow",
          id: `${follow.href}-again`,
          actor: peer.carol.href,
          object: annUri,
        }),
      }),
    );
    const refused = await a.app.inject({
      method: "POST",
      url: "/ap/inbox",
      headers: Object.fromEntries(signed.headers),
      payload: await signed.text(),
    });
    expect(refused.statusCode).toBe(403);
    expect((await lookup(a, ann, "@carol@c.test")).statusCode).toBe(404);
    const creates = () => peer.received.filter((r) => r.type === "Create").length;
    const sent = creates();
    await publish(a, ann, "Not for c.test");
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(creates()).toBe(sent);
    await inject(a, mod, "DELETE", "/api/federation/domain-blocks/c.test");
    expect((await lookup(a, ann, "@carol@c.test")).statusCode).toBe(200);
  });
});

describe("signed fetches", () => {
  it("answer only signed fetches of people and posts, and 404 to someone the person blocks", async () => {
    const s = await startInstance(net, "s.test", { FEDERATION_SIGNED_FETCHES: "true" });
    try {
      const sue = await createAccount(s, { label: "sue", fullName: "Sue Secure" });
      const post = await publish(s, sue, "Only for signed eyes");
      const paths = [`/ap/users/${sue.userId}`, `/ap/posts/${post.id}`];
      const fetch = async (path: string, signedBy: FedifyPeer | null) => {
        if (!signedBy) return s.app.inject({ url: path, headers: { accept: AS } });
        const signed = await signedBy.sign(
          new Request(`https://s.test${path}`, { headers: { accept: AS } }),
        );
        return s.app.inject({ url: path, headers: Object.fromEntries(signed.headers) });
      };
      for (const path of paths) {
        expect((await fetch(path, null)).statusCode, path).toBe(401);
        expect((await fetch(path, peer)).statusCode, path).toBe(200);
      }
      expect((await fetch("/ap/users/instance", null)).statusCode).toBe(200);
      const carol = (await lookup(s, sue, "@carol@c.test")).json().person;
      await inject(s, sue, "POST", `/api/federation/people/${carol.id}/block`);
      for (const path of paths) expect((await fetch(path, peer)).statusCode, path).toBe(404);
    } finally {
      await s.close();
    }
  });
});

describe("reports across servers", () => {
  it("forwards a report of someone elsewhere as a Flag from this server, and keeps one from elsewhere for our moderators", async () => {
    const carol = (await lookup(a, ann, "@carol@c.test")).json().person;
    const bad = await inject(a, ann, "POST", `/api/federation/people/${carol.id}/report`, {
      reason: "rumours",
    });
    expect(bad.statusCode).toBe(400);
    const sent = await inject(a, ann, "POST", `/api/federation/people/${carol.id}/report`, {
      reason: "spam",
      details: "Selling things",
    });
    expect(sent.json()).toEqual({ ok: true });
    await eventually(() => {
      const flag = peer.received.find((r) => r.type === "Flag");
      expect(flag?.actor).toBe("https://a.test/ap/users/instance");
      expect(flag?.object).toBe(peer.carol.href);
      expect(flag?.content).toBe("Spam: Selling things");
    });
    const bo = await createAccount(b, { label: "bo", fullName: "Bo" });
    const annThere = (await lookup(b, bo, `${ann.handle}@a.test`)).json().person;
    await inject(b, bo, "POST", `/api/federation/people/${annThere.id}/report`, {
      reason: "harassment",
    });
    const open = async () =>
      (await inject(a, mod, "GET", "/api/federation/reports")).json().items as {
        id: string;
        direction: string;
        objects: string[];
        host: string;
      }[];
    await eventually(async () =>
      expect(await open()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ direction: "out", host: "c.test" }),
          expect.objectContaining({
            direction: "in",
            host: "b.test",
            objects: [`https://a.test/ap/users/${ann.userId}`],
          }),
        ]),
      ),
    );
    expect((await inject(a, ann, "GET", "/api/federation/reports")).statusCode).toBe(404);
    for (const report of await open()) {
      await inject(a, mod, "POST", `/api/federation/reports/${report.id}/close`);
    }
    expect(await open()).toEqual([]);
  });
});
