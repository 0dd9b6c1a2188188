// Quoting a post from elsewhere, and reposts of posts from elsewhere on the reposter's profile
// (docs/feed.md "Reposts and quotes", docs/federation.md "Quotes"), against an independent Fedify
// peer: Rex on a.test follows Carol on c.test and quotes her post. Her server receives the quote's
// Create(Note), addressed to her, with the quote's marks naming her Note, and a FEP-044f
// QuoteRequest for it; here the quote shows her
// post's card, unavailable (never its content) while the reader blocks her or her server is
// silenced, and for good once she deletes it. A retried request makes one quote. Rex's repost of
// her post is on his profile under 'Reposted by', by the same rules. His data export names it.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostView } from "../../../domain/contracts/posts";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { eventually, startInstance } from "../../test-support/federation-instances";
import { type FedifyPeer, startFedifyPeer } from "../../test-support/fedify-peer";
import { type FediverseNet, installFediverseNet } from "../../test-support/fediverse-net";
import { inject } from "../../test-support/social";
import type { TestApp } from "../../test-support/test-app";
import { unzip } from "../../test-support/unzip";

const OBJECT_LINK = 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"';
const MODERATOR = "moderator.quotes@example.com";

let net: FediverseNet;
let a: TestApp;
let peer: FedifyPeer;
let rex: TestAccount;
let bob: TestAccount;
let mod: TestAccount;
let carolHere: string;

beforeAll(async () => {
  net = await installFediverseNet(["a.test", "c.test"]);
  a = await startInstance(net, "a.test", { ADMIN_EMAILS: MODERATOR });
  peer = await startFedifyPeer("c.test");
  await net.serve("c.test", peer.port);
  rex = await createAccount(a, { label: "rex", fullName: "Rex Quoter" });
  bob = await createAccount(a, { label: "bob", fullName: "Bob Reader" });
  mod = await createAccount(a, { email: MODERATOR, fullName: "Mod" });
  const found = await inject(a, rex, "GET", "/api/federation/lookup?handle=@carol@c.test");
  expect(found.statusCode, found.body).toBe(200);
  carolHere = found.json().person.id;
  await inject(a, rex, "POST", `/api/federation/people/${carolHere}/follow`);
  await eventually(async () => {
    const person = await inject(a, rex, "GET", `/api/federation/people/${carolHere}`);
    expect(person.json().person.follow).toBe("following");
  });
}, 60_000);

afterAll(async () => {
  await peer?.close();
  await a?.close();
  await net?.close();
});

/** Carol posts; her Note's id and its id here, once it reached Rex's feed. */
async function carolWrites(text: string) {
  const uri = await peer.post(text);
  const noteId = await eventually(async () => {
    const feed = await inject(a, rex, "GET", "/api/feed");
    const found = (feed.json().items as PostView[]).find((p) => p.content === text);
    expect(found?.remote).toBeDefined();
    return found?.id as string;
  });
  return { uri, noteId };
}

const quote = (who: TestAccount, body: object, key?: string) =>
  a.app.inject({
    method: "POST",
    url: "/api/posts",
    payload: body,
    headers: { cookie: who.cookie, ...(key ? { "idempotency-key": key } : {}) },
  });
const postAs = async (who: TestAccount | null, id: string) => {
  const res = await inject(a, who, "GET", `/api/posts/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().post as PostView;
};
const creates = (noteUri: string) =>
  peer.received.filter(
    (r) =>
      r.type === "Create" &&
      (r.object as { quoteUrl?: string; _misskey_quote?: string })?._misskey_quote === noteUri,
  ) as { cc?: string | string[]; to?: string | string[]; object: Record<string, unknown> }[];

describe("quoting a post from elsewhere", () => {
  it("sends its author's server the quote's Note naming it, and shows its card here once however often asked", {
    timeout: 60_000,
  }, async () => {
    const text = "Carol's words worth quoting";
    const { uri, noteId } = await carolWrites(text);
    const key = "rex-quotes-carol-once";
    const body = { content: "Rex agrees", quoteNote: noteId };
    const first = await quote(rex, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await quote(rex, body, key);
    expect(again.statusCode, again.body).toBe(201);
    const quoteId = first.json().post.id as string;
    expect(again.json().post.id).toBe(quoteId);
    const rows = await queryRows<{ n: number }>(
      a.database.db,
      sql`select count(*)::int as n from posts where quote_note_id = ${noteId}`,
    );
    expect(rows[0]?.n).toBe(1);

    const card = {
      unavailable: false,
      id: noteId,
      content: text,
      author: { handle: "carol@c.test", fullName: "Carol Peer" },
      path: "/@carol@c.test",
      remote: { uri: uri.href },
    };
    expect(first.json().post.quote).toMatchObject(card);
    expect(await postAs(bob, quoteId)).toMatchObject({ quote: card });
    const [top] = (await inject(a, rex, "GET", "/api/feed")).json().items as PostView[];
    expect(top).toMatchObject({ id: quoteId, quote: card });

    // Carol's server receives it (Rex has no followers there: she is addressed), once.
    const create = await eventually(() => {
      const found = creates(uri.href);
      expect(found).toHaveLength(1);
      return found[0] as (typeof found)[number];
    });
    expect([create.cc].flat()).toContain(peer.carol.href);
    const note = create.object;
    expect(note).toMatchObject({
      id: `https://a.test/ap/posts/${quoteId}`,
      quoteUrl: uri.href,
      _misskey_quote: uri.href,
      quote: uri.href,
    });
    // Carol's server is asked to authorize it (FEP-044f); this peer does not answer, so the Note
    // carries no authorization.
    const asked = await eventually(() => {
      const found = peer.received.filter((r) => r.type === "QuoteRequest");
      expect(found).toHaveLength(1);
      return found[0] as { object: unknown; instrument: unknown; actor: unknown };
    });
    expect(asked.object).toBe(uri.href);
    expect(JSON.stringify(asked.instrument)).toContain(`https://a.test/ap/posts/${quoteId}`);
    expect(asked.actor).toBe(`https://a.test/ap/users/${rex.userId}`);
    expect(note.quoteAuthorization).toBeUndefined();
    expect([note.tag].flat()).toContainEqual(
      expect.objectContaining({ type: "Link", href: uri.href, mediaType: OBJECT_LINK }),
    );
    expect(note.content).toContain(`RE: <a href="${uri.href}">`);
    // No authorization of ours is served for a quote of someone else's post.
    const stamp = await a.app.inject({
      url: `/ap/quote-approvals/${quoteId}`,
      headers: { accept: "application/activity+json" },
    });
    expect(stamp.statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(creates(uri.href)).toHaveLength(1);

    // Rex's data export names the post from elsewhere his quote quotes.
    expect((await inject(a, rex, "POST", "/api/account/export")).statusCode).toBe(202);
    await a.app.outbox.drain();
    const built = (await inject(a, rex, "GET", "/api/account/export")).json().export;
    expect(built.status).toBe("ready");
    const zip = await unzip(
      (await a.app.inject({ url: built.downloadUrl, headers: { cookie: rex.cookie } })).rawPayload,
    );
    const exported = JSON.parse(zip.get("posts.json")?.toString() ?? "[]");
    expect(exported).toContainEqual(
      expect.objectContaining({ id: quoteId, quoteOf: null, quoteOfElsewhere: uri.href }),
    );
  });

  it("refuses a post that is not there, or one of someone the quoter blocks, and a post quoting two", async () => {
    const { noteId } = await carolWrites("Carol's post Bob will not quote");
    const missing = await quote(rex, {
      content: "Nothing",
      quoteNote: "00000000-0000-4000-8000-000000000000",
    });
    expect(missing.statusCode).toBe(404);
    expect((await quote(rex, { content: "Bad", quoteNote: "nope" })).statusCode).toBe(400);
    const own = (await quote(rex, { content: "Mine" })).json().post.id as string;
    const both = await quote(rex, { content: "Two", quoteNote: noteId, quoteOf: own });
    expect(both.statusCode, both.body).toBe(400);

    const block = `/api/federation/people/${carolHere}/block`;
    expect((await inject(a, bob, "POST", block)).statusCode).toBe(200);
    expect((await quote(bob, { content: "Blocked", quoteNote: noteId })).statusCode).toBe(404);
    expect((await inject(a, bob, "DELETE", block)).statusCode).toBe(200);
    const rows = await queryRows<{ n: number }>(
      a.database.db,
      sql`select count(*)::int as n from posts where quote_note_id = ${noteId}`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it("shows the card unavailable, never its content, while the reader blocks Carol or her server is silenced, and once she deleted it", {
    timeout: 60_000,
  }, async () => {
    const text = "Carol's post that will go away";
    const { uri, noteId } = await carolWrites(text);
    const made = await quote(rex, { content: "Rex quotes the fleeting", quoteNote: noteId });
    expect(made.statusCode, made.body).toBe(201);
    const quoteId = made.json().post.id as string;
    const unavailable = async (who: TestAccount | null) => {
      const post = await postAs(who, quoteId);
      expect(post.quote).toEqual({ unavailable: true, detached: false });
      expect(JSON.stringify(post)).not.toContain(text);
    };
    const shown = async (who: TestAccount | null) =>
      expect((await postAs(who, quoteId)).quote).toMatchObject({
        unavailable: false,
        content: text,
      });
    await shown(bob);
    await shown(null);

    const block = `/api/federation/people/${carolHere}/block`;
    expect((await inject(a, bob, "POST", block)).statusCode).toBe(200);
    await unavailable(bob);
    await shown(rex);
    expect((await inject(a, bob, "DELETE", block)).statusCode).toBe(200);
    await shown(bob);

    const silence = "/api/federation/domain-blocks/c.test";
    const silenced = await inject(a, mod, "PUT", silence, { severity: "silence" });
    expect(silenced.statusCode, silenced.body).toBe(200);
    await unavailable(bob);
    await unavailable(null);
    expect((await inject(a, mod, "DELETE", silence)).statusCode).toBe(200);
    await shown(bob);

    await peer.deleteNote(uri);
    await eventually(() => unavailable(rex));
    await unavailable(bob);
    // The Note as other servers read it now no longer names the quoted post.
    const served = await a.app.inject({
      url: `/ap/posts/${quoteId}`,
      headers: { accept: "application/activity+json" },
    });
    expect(served.statusCode).toBe(200);
    expect(served.json().quoteUrl).toBeUndefined();
  });
});

describe("reposts of posts from elsewhere on the reposter's profile", () => {
  const profileOf = async (who: TestAccount | null) => {
    const res = await inject(a, who, "GET", `/api/users/${rex.userId}/posts`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as PostView[]).map(
      (p) => `${p.content} by ${p.repostedBy?.person.userId ?? "-"}`,
    );
  };

  it("lists them at the repost's time under 'Reposted by', left out while the reader blocks the author or the server is silenced, and once deleted", {
    timeout: 60_000,
  }, async () => {
    const text = "Carol's post for Rex's profile";
    const { uri, noteId } = await carolWrites(text);
    const own = await quote(rex, { content: "Rex's own words" });
    expect(own.statusCode).toBe(201);
    const reposted = await inject(a, rex, "PUT", `/api/federation/notes/${noteId}/repost`);
    expect(reposted.statusCode, reposted.body).toBe(200);
    const mine = [`${text} by ${rex.userId}`, "Rex's own words by -"];
    expect((await profileOf(bob)).slice(0, 2)).toEqual(mine);
    expect((await profileOf(rex)).slice(0, 2)).toEqual(mine);
    const [item] = (await inject(a, bob, "GET", `/api/users/${rex.userId}/posts?limit=1`)).json()
      .items as PostView[];
    expect(item).toMatchObject({
      id: noteId,
      remote: { handle: "carol@c.test" },
      repostedBy: { person: { userId: rex.userId, fullName: "Rex Quoter" } },
    });
    // Keyset pages run over both: the second page starts after the repost.
    const first = (
      await inject(a, bob, "GET", `/api/users/${rex.userId}/posts?limit=1`)
    ).json() as { nextCursor: string };
    const second = await inject(
      a,
      bob,
      "GET",
      `/api/users/${rex.userId}/posts?limit=1&cursor=${encodeURIComponent(first.nextCursor)}`,
    );
    expect((second.json().items as PostView[]).map((p) => p.content)).toEqual(["Rex's own words"]);

    const block = `/api/federation/people/${carolHere}/block`;
    expect((await inject(a, bob, "POST", block)).statusCode).toBe(200);
    expect(await profileOf(bob)).not.toContain(`${text} by ${rex.userId}`);
    expect((await profileOf(rex))[0]).toBe(`${text} by ${rex.userId}`);
    expect((await inject(a, bob, "DELETE", block)).statusCode).toBe(200);

    const silence = "/api/federation/domain-blocks/c.test";
    expect((await inject(a, mod, "PUT", silence, { severity: "silence" })).statusCode).toBe(200);
    expect(await profileOf(bob)).not.toContain(`${text} by ${rex.userId}`);
    expect((await inject(a, mod, "DELETE", silence)).statusCode).toBe(200);
    expect((await profileOf(bob))[0]).toBe(`${text} by ${rex.userId}`);

    await peer.deleteNote(uri);
    await eventually(async () =>
      expect(await profileOf(bob)).not.toContain(`${text} by ${rex.userId}`),
    );
  });
});
