// Quotes between servers (docs/federation.md "Quotes"): a quote here goes out as its Create(Note)
// with `quoteUrl`, `_misskey_quote`, FEP-044f `quote` and a FEP-e232 object link to the quoted
// post's id, and a second instance of ours that holds the quoted post shows its card; a Misskey
// Note quoting one of our posts (`_misskey_quote`) shows our post's card in the follower's feed, by
// our visibility rule. A quote of a post of the other instance asks it (FEP-044f `QuoteRequest`)
// and carries the authorization it answers.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostView } from "../../../domain/contracts/posts";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { eventually, followAcross, startInstance } from "../../test-support/federation-instances";
import { type FediverseNet, installFediverseNet } from "../../test-support/fediverse-net";
import { followFixturePerson } from "../../test-support/fixture-follow";
import { deliver, type FixtureServer, startFixtureServer } from "../../test-support/fixture-server";
import { inject, publish } from "../../test-support/social";
import type { TestApp } from "../../test-support/test-app";

const OBJECT_LINK = 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

let net: FediverseNet;
let a: TestApp;
let b: TestApp;
let misskey: FixtureServer;
let mastodon: FixtureServer;

beforeAll(async () => {
  net = await installFediverseNet(["a.test", "b.test", "misskey.test", "mastodon.test"]);
  a = await startInstance(net, "a.test");
  b = await startInstance(net, "b.test");
  misskey = await startFixtureServer("misskey");
  await net.serve(misskey.name, misskey.port);
  mastodon = await startFixtureServer("mastodon");
  await net.serve(mastodon.name, mastodon.port);
}, 60_000);

afterAll(async () => {
  await misskey?.close();
  await mastodon?.close();
  await a?.close();
  await b?.close();
  await net?.close();
});

const activityOf = async (who: TestAccount) =>
  (await inject(a, who, "GET", "/api/activity")).json().groups as Record<string, unknown>[];

const feedOf = async (t: TestApp, who: TestAccount) =>
  (await inject(t, who, "GET", "/api/feed")).json().items as PostView[];

describe("quotes going out", () => {
  it("carry the quoted post's id as quoteUrl, _misskey_quote, quote and an object link; our other instance shows the card", async () => {
    const ann = await createAccount(a, { label: "ann", fullName: "Ann Author" });
    const quinn = await createAccount(a, { label: "quinn", fullName: "Quinn Quoter" });
    const bea = await createAccount(b, { label: "bea", fullName: "Bea Elsewhere" });
    await followAcross(b, bea, { app: a, name: "a.test", whom: ann });
    await followAcross(b, bea, { app: a, name: "a.test", whom: quinn });

    const original = await publish(a, ann, "Ann's post, quoted across servers");
    await eventually(async () => {
      expect((await feedOf(b, bea)).map((p) => p.content)).toContain(
        "Ann's post, quoted across servers",
      );
    });
    const made = await inject(a, quinn, "POST", "/api/posts", {
      content: "Quinn adds a thought",
      quoteOf: original.id,
    });
    expect(made.statusCode, made.body).toBe(201);
    const quoteId = made.json().post.id as string;

    // The Note as any server reads it.
    const served = await a.app.inject({
      method: "GET",
      url: `/ap/posts/${quoteId}`,
      headers: { accept: "application/activity+json" },
    });
    expect(served.statusCode, served.body).toBe(200);
    const note = served.json();
    const quotedUri = `https://a.test/ap/posts/${original.id}`;
    expect(note.quoteUrl).toBe(quotedUri);
    expect(note._misskey_quote).toBe(quotedUri);
    expect(note.quote).toBe(quotedUri);
    const tags = Array.isArray(note.tag) ? note.tag : [note.tag];
    expect(tags).toContainEqual(
      expect.objectContaining({ type: "Link", href: quotedUri, mediaType: OBJECT_LINK }),
    );
    expect(note.content).toContain(`RE: <a href="${quotedUri}">`);
    // FEP-044f: anyone may quote a public account's post, and the quote carries its
    // authorization, by the quoted post's author.
    expect(JSON.stringify(served.json().interactionPolicy)).toMatch(
      /"automaticApproval":"(as:Public|https:\/\/www\.w3\.org\/ns\/activitystreams#Public)"/,
    );
    const authorizationUri = `https://a.test/ap/quote-approvals/${quoteId}`;
    expect(note.quoteAuthorization).toBe(authorizationUri);
    const stamp = async () =>
      a.app.inject({
        method: "GET",
        url: `/ap/quote-approvals/${quoteId}`,
        headers: { accept: "application/activity+json" },
      });
    expect((await stamp()).json()).toMatchObject({
      id: authorizationUri,
      type: "QuoteAuthorization",
      attributedTo: `https://a.test/ap/users/${ann.userId}`,
      interactingObject: `https://a.test/ap/posts/${quoteId}`,
      interactionTarget: quotedUri,
    });

    await eventually(async () => {
      const shown = (await feedOf(b, bea)).find((p) => p.content.startsWith("Quinn adds"));
      expect(shown?.quote).toMatchObject({
        unavailable: false,
        content: "Ann's post, quoted across servers",
        author: { handle: `${ann.handle}@a.test` },
      });
    });

    // Detached here: the Note no longer links it (read as it is when asked for).
    expect((await inject(a, ann, "DELETE", `/api/posts/${quoteId}/quote`)).statusCode).toBe(200);
    const again = await a.app.inject({
      method: "GET",
      url: `/ap/posts/${quoteId}`,
      headers: { accept: "application/activity+json" },
    });
    expect(again.json().quoteUrl).toBeUndefined();
    expect(again.json().quoteAuthorization).toBeUndefined();
    expect((await stamp()).statusCode).toBe(404);
    // The other server is told (a Delete of the authorization): its card says so too.
    await eventually(async () => {
      const shown = (await feedOf(b, bea)).find((p) => p.content.startsWith("Quinn adds"));
      expect(shown?.quote).toEqual({ unavailable: true, detached: true });
      expect(JSON.stringify(shown)).not.toContain("Ann's post, quoted across servers");
    });
  });
});

describe("quoting a post of another server (FEP-044f)", () => {
  it("asks its server with a QuoteRequest, keeps the authorization it answers and sends the Note again with it", {
    timeout: 60_000,
  }, async () => {
    const ann = await createAccount(a, { label: "asked", fullName: "Ann Asked" });
    const bea = await createAccount(b, { label: "asking", fullName: "Bea Asking" });
    await followAcross(b, bea, { app: a, name: "a.test", whom: ann });
    const words = "Ann's post that Bea asks to quote";
    const original = await publish(a, ann, words);
    const noteId = await eventually(async () => {
      const found = (await feedOf(b, bea)).find((p) => p.content === words);
      expect(found?.remote).toBeDefined();
      return found?.id as string;
    });
    const made = await inject(b, bea, "POST", "/api/posts", {
      content: "Bea quotes across",
      quoteNote: noteId,
    });
    expect(made.statusCode, made.body).toBe(201);
    const quoteId = made.json().post.id as string;
    const quoteUri = `https://b.test/ap/posts/${quoteId}`;
    const served = async () =>
      (
        await b.app.inject({
          url: `/ap/posts/${quoteId}`,
          headers: { accept: "application/activity+json" },
        })
      ).json();

    // a.test approves (quote-approvals.ts); b.test keeps the authorization and names it.
    const authorization = await eventually(async () => {
      const note = await served();
      expect(note.quoteAuthorization).toMatch(/^https:\/\/a\.test\/ap\/quote-approvals\//);
      return note.quoteAuthorization as string;
    });
    expect((await served()).quoteUrl).toBe(`https://a.test/ap/posts/${original.id}`);
    const stamp = await a.app.inject({
      url: new URL(authorization).pathname,
      headers: { accept: "application/activity+json" },
    });
    expect(stamp.json()).toMatchObject({
      type: "QuoteAuthorization",
      attributedTo: `https://a.test/ap/users/${ann.userId}`,
      interactingObject: quoteUri,
      interactionTarget: `https://a.test/ap/posts/${original.id}`,
    });
    // Ann, who does not follow Bea, is told of the quote on a.test.
    await eventually(async () => {
      const quoted = (await activityOf(ann)).filter((g) => g.groupType === "QUOTE");
      expect(quoted).toHaveLength(1);
    });
    const kept = await queryRows<{ uri: string | null }>(
      b.database.db,
      sql`select quote_authorization_uri as uri from posts where id = ${quoteId}`,
    );
    expect(kept).toEqual([{ uri: authorization }]);
  });
});

describe("quotes coming in", () => {
  it("show our quoted post's card in the follower's feed, unavailable when the reader may not see it", async () => {
    const reader = await createAccount(a, { label: "mk-reader", fullName: "Reader Here" });
    const writer = await createAccount(a, { label: "mk-writer", fullName: "Wren Writer" });
    await followFixturePerson(a, { server: misskey, who: reader, handle: "mika@misskey.test" });
    const ours = await publish(a, writer, "Wren's post that Mika quotes");
    const ourUri = `https://a.test/ap/posts/${ours.id}`;

    const create = misskey.activity("create-note", { TEXT: "Mika quotes Wren" });
    const sent = create.object as Record<string, unknown>;
    const object = {
      ...sent,
      _misskey_quote: ourUri,
      quoteUrl: ourUri,
      content: `${sent.content}<br><span class="quote-inline">RE: ${ourUri}</span>`,
    };
    const signed = await misskey.sign({ ...create, object }, "https://a.test/ap/inbox", "rfc9421");
    expect((await deliver(a, signed)).statusCode).toBe(202);
    const item = async () =>
      (await feedOf(a, reader)).find((p) => p.content.startsWith("Mika quotes Wren"));
    await eventually(async () => {
      expect((await item())?.quote).toMatchObject({
        unavailable: false,
        id: ours.id,
        content: "Wren's post that Mika quotes",
        author: { userId: writer.userId },
      });
    });

    // Wren is told, with Mika's words and her own post.
    await eventually(async () => {
      expect(await activityOf(writer)).toContainEqual(
        expect.objectContaining({
          groupType: "QUOTE",
          postId: ours.id,
          commentSnippet: expect.stringContaining("Mika quotes Wren"),
          postSnippet: "Wren's post that Mika quotes",
          actorsRecent: [expect.objectContaining({ handle: "mika@misskey.test" })],
        }),
      );
    });

    // Wren blocks the reader: the card is unavailable, its content not sent.
    await inject(a, writer, "POST", `/api/safety/blocks/${reader.userId}`);
    const hidden = await item();
    expect(hidden?.quote).toEqual({ unavailable: true, detached: false });
    expect(JSON.stringify(hidden)).not.toContain("Wren's post that Mika quotes");
    await inject(a, writer, "DELETE", `/api/safety/blocks/${reader.userId}`);

    // A Note quoting a post of Mika's we hold, by a FEP-e232 link only: that post's card.
    const first = (create.object as { id: string }).id;
    const second = misskey.activity("create-note", { TEXT: "Mika quotes herself" });
    const linked = {
      ...(second.object as Record<string, unknown>),
      tag: [{ type: "Link", mediaType: OBJECT_LINK, href: first, name: `RE: ${first}` }],
    };
    expect(
      (
        await deliver(
          a,
          await misskey.sign({ ...second, object: linked }, "https://a.test/ap/inbox", "rfc9421"),
        )
      ).statusCode,
    ).toBe(202);
    await eventually(async () => {
      const shown = (await feedOf(a, reader)).find((p) =>
        p.content.startsWith("Mika quotes herself"),
      );
      expect(shown?.quote).toMatchObject({
        unavailable: false,
        author: { handle: "mika@misskey.test" },
      });
      expect(shown?.quote?.unavailable === false && shown.quote.content).toMatch(
        /^Mika quotes Wren/,
      );
    });
  });

  it("tell our author of a quote by someone nobody here follows, kept like a reply", async () => {
    const writer = await createAccount(a, { label: "ms-writer", fullName: "Wes Writer" });
    const ours = await publish(a, writer, "Wes's post that a stranger quotes");
    const ourUri = `https://a.test/ap/posts/${ours.id}`;
    const username = "sam-quoter";
    const actor = await mastodon.addActor("stranger", { USERNAME: username });
    // Mastodon's own Create(Note), by the stranger, quoting with FEP-044f's `quote` (its term in
    // the context as Mastodon 4.5 sends it).
    const create = JSON.parse(
      JSON.stringify(mastodon.activity("create-note", { TEXT: "Sam quotes Wes" }))
        .replaceAll("/users/alice", `/users/${username}`)
        .replaceAll("/@alice", `/@${username}`),
    );
    expect(create.actor).toBe(actor);
    create["@context"] = [
      ...create["@context"],
      { quote: { "@id": "https://w3id.org/fep/044f#quote", "@type": "@id" } },
    ];
    create.object = { ...create.object, quote: ourUri, attachment: [] };
    const signed = await mastodon.sign(
      create,
      "https://a.test/ap/inbox",
      "draft-cavage-http-signatures-12",
    );
    expect((await deliver(a, signed)).statusCode).toBe(202);
    await eventually(async () => {
      expect(await activityOf(writer)).toContainEqual(
        expect.objectContaining({
          groupType: "QUOTE",
          postId: ours.id,
          commentSnippet: expect.stringContaining("Sam quotes Wes"),
          actorsRecent: [expect.objectContaining({ handle: `${username}@mastodon.test` })],
        }),
      );
    });

    // Its Delete takes the notice with it.
    const del = mastodon.activity("delete", {});
    const gone = JSON.parse(JSON.stringify(del).replaceAll("/users/alice", `/users/${username}`));
    gone.object = { id: create.object.id, type: "Tombstone" };
    const deleted = await mastodon.sign(
      gone,
      "https://a.test/ap/inbox",
      "draft-cavage-http-signatures-12",
    );
    expect((await deliver(a, deleted)).statusCode).toBe(202);
    await eventually(async () => {
      expect((await activityOf(writer)).filter((g) => g.groupType === "QUOTE")).toEqual([]);
    });
  });
});

describe("quote requests from elsewhere (FEP-044f)", () => {
  let statuses = Date.now();
  /** A QuoteRequest by a stranger on Mastodon for our post, as Mastodon 4.5 sends it. */
  async function requestQuote(
    actor: string,
    postId: string,
    quoting = `${actor}/statuses/${++statuses}`,
  ) {
    const request = {
      "@context": [
        "https://www.w3.org/ns/activitystreams",
        { QuoteRequest: "https://w3id.org/fep/044f#QuoteRequest" },
      ],
      id: `${actor}/quote_requests/${++statuses}`,
      type: "QuoteRequest",
      actor,
      object: `https://a.test/ap/posts/${postId}`,
      instrument: quoting,
    };
    const signed = await mastodon.sign(
      request,
      "https://a.test/ap/inbox",
      "draft-cavage-http-signatures-12",
    );
    expect((await deliver(a, signed)).statusCode).toBe(202);
    return request;
  }

  /** What our server answered the request with, at the requester's inbox. */
  async function answerTo(request: { id: string; actor: string }) {
    let answer: Record<string, unknown> | undefined;
    await eventually(async () => {
      answer = mastodon.received
        .filter((r) => r.method === "POST" && r.url === `${request.actor}/inbox`)
        .map((r) => JSON.parse(r.body.toString()) as Record<string, unknown>)
        .find((body) => JSON.stringify(body.object).includes(request.id));
      expect(answer).toBeDefined();
    });
    return answer as Record<string, unknown>;
  }

  it("withdraws the authorization when our author takes their post out of the quote", {
    timeout: 90_000,
  }, async () => {
    const wyn = await createAccount(a, { label: "qr-detach", fullName: "Wyn Detaches" });
    const reader = await createAccount(a, { label: "qr-reader", fullName: "Ria Reader" });
    const other = await createAccount(a, { label: "qr-other", fullName: "Oli Other" });
    const post = await publish(a, wyn, "Wyn's post, quoted and then taken back");
    const ourUri = `https://a.test/ap/posts/${post.id}`;
    // Alice on Mastodon, whom the reader follows, asks and quotes.
    await followFixturePerson(a, { server: mastodon, who: reader, handle: "alice@mastodon.test" });
    const alice = String(mastodon.activity("create-note", { TEXT: "" }).actor);
    const request = await requestQuote(alice, post.id);
    const stampUri = String((await answerTo(request)).result);

    // The quoting Note as Mastodon 4.5 sends it: FEP-044f's `quote` and `quoteAuthorization`.
    const create = JSON.parse(
      JSON.stringify(mastodon.activity("create-note", { TEXT: "Alice quotes Wyn" })),
    );
    create["@context"] = [
      ...create["@context"],
      {
        quote: { "@id": "https://w3id.org/fep/044f#quote", "@type": "@id" },
        quoteAuthorization: {
          "@id": "https://w3id.org/fep/044f#quoteAuthorization",
          "@type": "@id",
        },
      },
    ];
    create.object = {
      ...create.object,
      id: request.instrument,
      quote: ourUri,
      quoteAuthorization: stampUri,
      attachment: [],
    };
    const signed = await mastodon.sign(
      create,
      "https://a.test/ap/inbox",
      "draft-cavage-http-signatures-12",
    );
    expect((await deliver(a, signed)).statusCode).toBe(202);
    let noteId = "";
    await eventually(async () => {
      const told = (await activityOf(wyn)).find((g) => g.groupType === "QUOTE");
      noteId = String(told?.noteId ?? "");
      expect(noteId).toMatch(/^[0-9a-f-]{36}$/);
    });
    const card = async () =>
      (await feedOf(a, reader)).find((p) => p.content.startsWith("Alice quotes Wyn"))?.quote;
    await eventually(async () => expect(await card()).toMatchObject({ unavailable: false }));

    // Only the quoted post's author may take it out.
    const path = `/api/federation/notes/${noteId}/quote`;
    expect((await inject(a, other, "DELETE", path)).statusCode).toBe(404);
    const taken = await inject(a, wyn, "DELETE", path);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual({ detached: true });
    // Again: the same answer, nothing more sent.
    expect((await inject(a, wyn, "DELETE", path)).statusCode).toBe(200);

    const deletes = () =>
      mastodon.received
        .filter((r) => r.method === "POST" && r.url.endsWith("/inbox"))
        .map((r) => JSON.parse(r.body.toString()) as Record<string, unknown>)
        .filter((body) => body.type === "Delete" && body.object === stampUri);
    await eventually(async () => {
      expect(deletes()).toEqual([
        expect.objectContaining({ actor: `https://a.test/ap/users/${wyn.userId}` }),
      ]);
    });
    const stamp = await a.app.inject({
      method: "GET",
      url: new URL(stampUri).pathname,
      headers: { accept: "application/activity+json" },
    });
    expect(stamp.statusCode).toBe(404);
    expect(await card()).toEqual({ unavailable: true, detached: true });
    expect((await activityOf(wyn)).filter((g) => g.groupType === "QUOTE")).toEqual([]);
  });

  it("takes a post out of a kept quote when its server deletes the authorization", async () => {
    const reader = await createAccount(a, { label: "qa-reader", fullName: "Rae Reader" });
    await followFixturePerson(a, { server: misskey, who: reader, handle: "mika@misskey.test" });
    await followFixturePerson(a, { server: mastodon, who: reader, handle: "alice@mastodon.test" });
    // Mika's Note (Misskey) that Alice quotes, with an authorization from Misskey's server.
    const quotedNote = misskey.activity("create-note", { TEXT: "Mika's words Nell quotes" });
    const quotedUri = (quotedNote.object as { id: string }).id;
    expect(
      (await deliver(a, await misskey.sign(quotedNote, "https://a.test/ap/inbox", "rfc9421")))
        .statusCode,
    ).toBe(202);
    const stampUri = `${new URL(quotedUri).origin}/quote-approvals/${Date.now()}`;
    const create = JSON.parse(
      JSON.stringify(mastodon.activity("create-note", { TEXT: "Alice quotes Mika" })),
    );
    create["@context"] = [
      ...create["@context"],
      {
        quote: { "@id": "https://w3id.org/fep/044f#quote", "@type": "@id" },
        quoteAuthorization: {
          "@id": "https://w3id.org/fep/044f#quoteAuthorization",
          "@type": "@id",
        },
      },
    ];
    create.object = {
      ...create.object,
      quote: quotedUri,
      quoteAuthorization: stampUri,
      attachment: [],
    };
    expect(
      (
        await deliver(
          a,
          await mastodon.sign(create, "https://a.test/ap/inbox", "draft-cavage-http-signatures-12"),
        )
      ).statusCode,
    ).toBe(202);
    const card = async () =>
      (await feedOf(a, reader)).find((p) => p.content.startsWith("Alice quotes Mika"))?.quote;
    await eventually(async () => expect(await card()).toMatchObject({ unavailable: false }));

    // A Delete of it from another server than the one that issued it changes nothing.
    const byAlice = mastodon.activity("delete", {});
    byAlice.object = stampUri;
    expect(
      (
        await deliver(
          a,
          await mastodon.sign(
            byAlice,
            "https://a.test/ap/inbox",
            "draft-cavage-http-signatures-12",
          ),
        )
      ).statusCode,
    ).toBe(202);
    // Misskey's Delete of its authorization takes Mika's post out of the quote.
    const withdrawn = misskey.activity("delete", {});
    withdrawn.object = stampUri;
    expect(
      (await deliver(a, await misskey.sign(withdrawn, "https://a.test/ap/inbox", "rfc9421")))
        .statusCode,
    ).toBe(202);
    await eventually(async () =>
      expect(await card()).toEqual({ unavailable: true, detached: true }),
    );
  });

  it("approves a public post's quote with an authorization, and refuses a private account's", async () => {
    const wyn = await createAccount(a, { label: "qr-author", fullName: "Wyn Quoted" });
    const post = await publish(a, wyn, "Wyn's post someone on Mastodon quotes");
    const quinn = await mastodon.addActor("stranger", { USERNAME: "quinn-asks" });
    const request = await requestQuote(quinn, post.id);
    const accepted = await answerTo(request);
    expect(accepted).toMatchObject({
      type: "Accept",
      actor: `https://a.test/ap/users/${wyn.userId}`,
    });
    const result = String(accepted.result);
    expect(result).toMatch(/^https:\/\/a\.test\/ap\/quote-approvals\/[0-9a-f-]{36}$/);
    const stamp = await a.app.inject({
      method: "GET",
      url: new URL(result).pathname,
      headers: { accept: "application/activity+json" },
    });
    expect(stamp.json()).toMatchObject({
      id: result,
      type: "QuoteAuthorization",
      attributedTo: `https://a.test/ap/users/${wyn.userId}`,
      interactingObject: request.instrument,
      interactionTarget: `https://a.test/ap/posts/${post.id}`,
    });
    // Asked again for the same quote: the same authorization.
    const again = await answerTo(await requestQuote(quinn, post.id, request.instrument));
    expect(again.result).toBe(result);

    // A private account's post, asked for by an approved follower there: refused.
    const pat = await createAccount(a, { label: "qr-private", fullName: "Pat Private" });
    await inject(a, pat, "PUT", "/api/account/privacy", { privateAccount: true });
    const kept = await publish(a, pat, "Pat's post, for followers");
    const rory = await mastodon.addActor("stranger", { USERNAME: "rory-asks" });
    const follow = mastodon.activity("follow", {
      OUR_ACTOR: `https://a.test/ap/users/${pat.userId}`,
    });
    const asked = await mastodon.sign(
      { ...follow, actor: rory },
      `https://a.test/ap/users/${pat.userId}/inbox`,
      "draft-cavage-http-signatures-12",
    );
    expect((await deliver(a, asked)).statusCode).toBe(202);
    let requestId = "";
    await eventually(async () => {
      const waiting = (await inject(a, pat, "GET", "/api/federation/follow-requests")).json();
      requestId = waiting.items?.[0]?.id ?? "";
      expect(requestId).not.toBe("");
    });
    const approved = await inject(
      a,
      pat,
      "POST",
      `/api/federation/follow-requests/${requestId}/approve`,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const refused = await answerTo(await requestQuote(rory, kept.id));
    expect(refused).toMatchObject({
      type: "Reject",
      actor: `https://a.test/ap/users/${pat.userId}`,
    });
  });
});
