// A Mastodon or Misskey server in miniature for federation tests (docs/federation.md "Tests"): it
// serves the golden actor documents of fediverse-fixtures/{software}/ at their ids (and WebFinger
// for them), with a fresh RSA key whose public half is put in each document's publicKeyPem; it
// signs the golden activities with that key as its server would; and it records every request
// that reaches it (method, URL, headers, the raw body), answering POSTs 202 as both do.
//
// The fixtures are written from the two servers' serializers (Mastodon 4.3's ActivityPub
// serializers, Misskey 2024's ApRendererService), with {{PLACEHOLDERS}} filled per use:
// PUBLIC_KEY_PEM (the actor's key), OUR_ACTOR / OUR_POST / OUR_FOLLOW / OUR_PAGE / OUR_HANDLE (ours),
// TEXT, USERNAME (a stranger's), and fresh by default NOW, UUID, SERIAL, STATUS (a Mastodon snowflake)
// and AID (a Misskey id). Left out: the RsaSignature2017 `signature` both attach to public
// activities (`ldSign` adds a real one where a test wants it).
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  exportSpki,
  generateCryptoKeyPair,
  type SignRequestOptions,
  signJsonLd,
  signRequest,
} from "@fedify/fedify";
import type { TestApp } from "./test-app";

export type Software = "mastodon" | "misskey";
export type Spec = NonNullable<SignRequestOptions["spec"]>;
type Json = Record<string, unknown>;

export interface CapturedRequest {
  method: string;
  /** The full URL asked for (https://{name}{path}). */
  url: string;
  /** Every header, names in lower case. */
  headers: Record<string, string>;
  body: Buffer;
  /** What the server answered. */
  status: number;
  /** When it arrived (ms since the epoch). */
  at: number;
}

export interface FixtureServer {
  software: Software;
  /** Its name on the test net: mastodon.test or misskey.test. */
  name: string;
  port: number;
  /** The person's actor id (alice@mastodon.test, mika@misskey.test). */
  person: string;
  /** Every request that reached it, oldest first. */
  received: CapturedRequest[];
  /** The next POST signed by RFC 9421 is answered 401, as a server that knows only draft-cavage. */
  refuseNextRfc9421(): void;
  /** The next POSTs are answered with these statuses, one each, then 202 again. */
  answerPosts(...statuses: number[]): void;
  /** Whether an unsigned GET of an actor is answered 401, as by Mastodon in secure mode
   * (AUTHORIZED_FETCH); WebFinger stays open, as there. */
  requireSignedFetches(on: boolean): void;
  /** Serves one more actor, from the template `fixture` (mastodon/stranger: `{{USERNAME}}`); its
   * id. */
  addActor(fixture: string, vars: Record<string, string>): Promise<string>;
  /** Serves `body` at `path` to GETs from now on: a post's document, an image. */
  serve(path: string, type: string, body: Buffer | string): void;
  /** The golden activity `fixture` (follow, create-note…) with its placeholders filled. */
  activity(fixture: string, vars?: Record<string, string>): Json;
  /** `activity` POSTed to `inbox`, signed with its actor's key in the scheme `spec`. */
  sign(activity: Json, inbox: string, spec: Spec): Promise<Request>;
  /** `activity` with its actor's Linked Data signature (RsaSignature2017), which both servers
   * attach to public activities, so that a server may forward them. */
  ldSign(activity: Json): Promise<Json>;
  close(): Promise<void>;
}

const FIXTURES = new URL("./fediverse-fixtures/", import.meta.url);
let serial = 0;

const aid = () => Date.now().toString(36).padStart(8, "0") + randomUUID().slice(0, 8);

/** Replaces each {{NAME}} in the document's strings; a name left without a value is an error. */
function fill(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === "string") {
    return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      const v = vars[name];
      if (v === undefined) throw new Error(`fixture placeholder {{${name}}} has no value`);
      return v;
    });
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, vars));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars)]));
  }
  return value;
}

const readFixture = (software: Software, fixture: string): Json =>
  JSON.parse(readFileSync(new URL(`${software}/${fixture}.json`, FIXTURES), "utf8"));

export async function startFixtureServer(software: Software): Promise<FixtureServer> {
  const name = `${software}.test`;
  const received: CapturedRequest[] = [];
  // Each actor document (the person, the server's own actor, strangers) with its own key pair.
  const actors = new Map<string, { document: Json; privateKey: CryptoKey; keyId: URL }>();
  const addActor = async (fixture: string, vars: Record<string, string> = {}) => {
    const pair = await generateCryptoKeyPair("RSASSA-PKCS1-v1_5");
    const pem = await exportSpki(pair.publicKey);
    const document = fill(readFixture(software, fixture), { ...vars, PUBLIC_KEY_PEM: pem }) as Json;
    const key = document.publicKey as { id: string };
    actors.set(document.id as string, {
      document,
      privateKey: pair.privateKey,
      keyId: new URL(key.id),
    });
    return document.id as string;
  };
  await addActor("actor");
  await addActor("instance-actor");
  const webfinger = readFixture(software, "webfinger");
  const person = readFixture(software, "actor").id as string;
  let refuseRfc9421 = false;
  let secureMode = false;
  const files = new Map<string, { type: string; body: Buffer | string }>();
  const postStatuses: number[] = [];

  const answer = (url: URL, method: string): { status: number; type?: string; body?: Json } => {
    if (method === "POST") return { status: postStatuses.shift() ?? 202 };
    if (url.pathname === "/.well-known/webfinger") {
      const resource = url.searchParams.get("resource");
      const known = resource === webfinger.subject || resource === person;
      return known
        ? { status: 200, type: "application/jrd+json; charset=utf-8", body: webfinger }
        : { status: 404 };
    }
    const actor = actors.get(`${url.origin}${url.pathname}`);
    return actor
      ? { status: 200, type: "application/activity+json; charset=utf-8", body: actor.document }
      : { status: 404 };
  };

  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(", ") : value;
    }
    const url = new URL(request.url ?? "/", `https://${name}`);
    const method = request.method ?? "GET";
    let reply = answer(url, method);
    if (method === "POST" && refuseRfc9421 && headers["signature-input"]) {
      refuseRfc9421 = false;
      reply = { status: 401 };
    }
    if (method === "GET" && secureMode && reply.body && !headers.signature) reply = { status: 401 };
    const file = method === "GET" ? files.get(url.pathname) : undefined;
    if (file) reply = { status: 200, type: file.type };
    const body = Buffer.concat(chunks);
    received.push({ method, url: url.href, headers, body, status: reply.status, at: Date.now() });
    response.writeHead(reply.status, reply.type ? { "content-type": reply.type } : {});
    response.end(file?.body ?? (reply.body ? JSON.stringify(reply.body) : undefined));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    software,
    name,
    port: (server.address() as AddressInfo).port,
    person,
    received,
    refuseNextRfc9421() {
      refuseRfc9421 = true;
    },
    answerPosts(...statuses) {
      postStatuses.push(...statuses);
    },
    addActor,
    requireSignedFetches(on) {
      secureMode = on;
    },
    serve(path, type, body) {
      files.set(path, { type, body });
    },
    activity(fixture, vars = {}) {
      serial += 1;
      return fill(readFixture(software, fixture), {
        NOW: new Date().toISOString(),
        UUID: randomUUID(),
        SERIAL: String(serial),
        // Mastodon's ids are snowflakes (milliseconds, then a sequence); Misskey's are aid strings.
        STATUS: String(BigInt(Date.now()) * 65536n + BigInt(serial)),
        AID: aid(),
        ...vars,
      }) as Json;
    },
    async sign(activity, inbox, spec) {
      const actor = actors.get(activity.actor as string);
      if (!actor) throw new Error(`no key for ${String(activity.actor)}`);
      const request = new Request(inbox, {
        method: "POST",
        headers: {
          "content-type": "application/activity+json",
          "user-agent": `${software === "mastodon" ? "http.rb/5.2.0 (Mastodon/4.3.2" : "Misskey/2024.11.0 ("}; +https://${name}/)`,
        },
        body: JSON.stringify(activity),
      });
      return signRequest(request, actor.privateKey, actor.keyId, { spec });
    },
    async ldSign(activity) {
      const actor = actors.get(activity.actor as string);
      if (!actor) throw new Error(`no key for ${String(activity.actor)}`);
      return (await signJsonLd(activity, actor.privateKey, actor.keyId, {})) as Json;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Hands a signed request to our instance as it arrived (the raw body, every header). */
export async function deliver(t: TestApp, signed: Request) {
  return t.app.inject({
    method: "POST",
    url: new URL(signed.url).pathname,
    headers: Object.fromEntries(signed.headers),
    payload: await signed.text(),
  });
}
