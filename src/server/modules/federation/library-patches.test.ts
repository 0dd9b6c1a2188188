// What our patches of Fedify change must not change what it answers (docs/performance.md
// "Federation"): patches/@fedify+vocab-runtime+2.3.6.patch shares the JSON-LD expansions of one
// parse, and patches/@fedify+fedify+2.3.6.patch checks an incoming request's digest and RSA
// signature with node:crypto instead of Web Crypto, makes the federation's document loaders once,
// and marks the contexts it carries static so that jsonld keeps them resolved between parses.
import { generateKeyPairSync } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import {
  createFederation,
  generateCryptoKeyPair,
  getDocumentLoader,
  kvCache,
  MemoryKvStore,
  signRequest,
  verifyRequest,
} from "@fedify/fedify";
import { Object as ApObject, CryptographicKey } from "@fedify/vocab";
import { describe, expect, it } from "vitest";

const FIXTURES = new URL("../../test-support/fediverse-fixtures/", import.meta.url);
const loader = getDocumentLoader();
const pem = generateKeyPairSync("rsa", { modulusLength: 2048 })
  .publicKey.export({ type: "spki", format: "pem" })
  .toString();

/** The placeholders that stand for a whole address, which others extend ("{{LIKE}}/undo"). */
const ADDRESSES = new Set([
  "ANNOUNCE",
  "AUTHOR",
  "FOLLOW",
  "LIKE",
  "NOTE",
  "OUR_ACTOR",
  "OUR_FOLLOW",
  "OUR_PAGE",
  "OUR_POST",
]);

/** Every golden fixture, its placeholders filled with plain values (addresses for addresses). */
const fixtures = readdirSync(FIXTURES).flatMap((software) =>
  readdirSync(new URL(`${software}/`, FIXTURES))
    .filter((name) => name.endsWith(".json"))
    .map((name) => ({
      name: `${software}/${name}`,
      text: readFileSync(new URL(`${software}/${name}`, FIXTURES), "utf8")
        .replaceAll("{{NOW}}", "2026-11-29T12:00:00")
        .replaceAll("{{PUBLIC_KEY_PEM}}", pem.replaceAll("\n", "\\n"))
        .replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
          ADDRESSES.has(name) ? `https://v.test/${name.toLowerCase()}` : `v-${name.toLowerCase()}`,
        ),
    })),
);

const noFetch = async (url: string): Promise<never> => {
  throw new Error(`not fetched in this test: ${url}`);
};

/** What a parse of `json` gives: the object's class and expanded form, and the same of the object
 * it carries. */
async function parsed(json: object, contextLoader = loader) {
  const object = await ApObject.fromJsonLd(json, { documentLoader: loader, contextLoader });
  const expanded = (o: ApObject) => o.toJsonLd({ format: "expand", contextLoader: loader });
  const carried =
    "getObject" in object && typeof object.getObject === "function"
      ? await (object.getObject({ documentLoader: noFetch }) as Promise<ApObject | null>).catch(
          () => null,
        )
      : null;
  return {
    type: object.constructor.name,
    expanded: await expanded(object),
    carried: carried && { type: carried.constructor.name, expanded: await expanded(carried) },
  };
}

describe("a parse of an activity with its expansions shared", () => {
  it("has fixtures to parse", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(20);
  });

  it.each(fixtures)(
    "gives for $name what a parse of a fresh copy gives, every time",
    async ({ text }) => {
      const fresh = await parsed(JSON.parse(text)).catch((error: Error) => error.message);
      // The same object parsed again and again, and side by side, as the inbox and a listener do.
      const json = JSON.parse(text);
      const again = [await parsed(json), await parsed(json)];
      again.push(...(await Promise.all([parsed(json), parsed(json)])));
      for (const result of again) expect(result).toEqual(fresh);
    },
  );
});

describe("contexts kept resolved between parses", () => {
  // The library's own cached loader, as the inbox uses it; nothing is fetched.
  const cached = kvCache({ loader: noFetch, kv: new MemoryKvStore() });

  it("marks the contexts the library carries static", async () => {
    expect(await cached("https://www.w3.org/ns/activitystreams")).toMatchObject({ tag: "static" });
    expect(await cached("https://w3id.org/security/v1")).toMatchObject({ tag: "static" });
  });

  it.each(fixtures)("gives for $name what a parse with fresh contexts gives", async ({ text }) => {
    const fresh = await parsed(JSON.parse(text)).catch((error: Error) => error.message);
    for (let i = 0; i < 3; i++) {
      const kept = await parsed(JSON.parse(text), cached).catch((error: Error) => error.message);
      expect(kept).toEqual(fresh);
    }
  });
});

describe("the federation's loaders", () => {
  it("are made once for the same options, not for every request", () => {
    const federation = createFederation<void>({
      kv: new MemoryKvStore(),
      userAgent: { software: "test/1" },
    });
    const made = federation as unknown as Record<
      "documentLoaderFactory" | "contextLoaderFactory",
      (options: object) => unknown
    >;
    const options = () => ({
      allowPrivateAddress: false,
      userAgent: { url: "https://here.test", software: "test/1" },
    });
    const document = made.documentLoaderFactory(options());
    expect(made.documentLoaderFactory(options())).toBe(document);
    expect(made.contextLoaderFactory(options())).toBe(made.contextLoaderFactory(options()));
    expect(made.contextLoaderFactory(options())).not.toBe(document);
    expect(made.documentLoaderFactory({ ...options(), allowPrivateAddress: true })).not.toBe(
      document,
    );
  });
});

describe("an incoming request's signature checked on node:crypto", () => {
  const keyId = new URL("https://elsewhere.test/users/ann#main-key");
  const owner = new URL("https://elsewhere.test/users/ann");
  const body = JSON.stringify({ type: "Like", actor: owner.href });

  async function setUp() {
    const pair = await generateCryptoKeyPair("RSASSA-PKCS1-v1_5");
    const key = new CryptographicKey({ id: keyId, owner, publicKey: pair.publicKey });
    const document = await key.toJsonLd({ contextLoader: loader });
    const documentLoader = async (url: string) => {
      if (url !== keyId.href && url !== owner.href) return noFetch(url);
      return { contextUrl: null, documentUrl: url, document };
    };
    return { pair, documentLoader };
  }
  const request = (text = body) =>
    new Request("https://here.test/ap/inbox", {
      method: "POST",
      headers: { "content-type": "application/activity+json" },
      body: text,
    });

  it.each(["draft-cavage-http-signatures-12", "rfc9421"] as const)(
    "verifies a request signed in %s, and refuses a changed body or another key",
    async (spec) => {
      const { pair, documentLoader } = await setUp();
      const signed = await signRequest(request(), pair.privateKey, keyId, { spec });
      const options = { documentLoader, contextLoader: loader, spec };
      expect((await verifyRequest(signed.clone(), options))?.id?.href).toBe(keyId.href);

      const changed = new Request(signed.url, {
        method: "POST",
        headers: signed.headers,
        body: body.replace("Like", "Dislike"),
      });
      expect(await verifyRequest(changed, options)).toBeNull();

      const other = await generateCryptoKeyPair("RSASSA-PKCS1-v1_5");
      const forged = await signRequest(request(), other.privateKey, keyId, { spec });
      expect(await verifyRequest(forged, options)).toBeNull();
    },
  );
});
