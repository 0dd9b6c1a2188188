// What Mastodon requires of an HTTP signature before it takes a request (its security
// documentation: draft-cavage signatures over `(request-target)`, `host`, `date` and, with a
// body, `digest`; RFC 9421 with exactly one signature covering `@method`, `@target-uri` and, with a
// body, `content-digest`, carrying `created` and `keyid`), as test expectations on a request a
// fixture server captured. Each verifies the signature itself with the key its `keyid` names, and
// makes sure the verification can fail (docs/federation.md "Safety").
import { expect } from "vitest";
import type { CapturedRequest } from "./fixture-server";
import {
  contentDigestOf,
  digestOf,
  parseCavage,
  parseSignatureInput,
  verifiesCavage,
  verifiesRfc9421,
} from "./http-signature-checks";

/** How far a signature's time may be from the request's arrival. */
const WITHIN_MS = 60_000;

export async function expectMastodonRfc9421(
  request: CapturedRequest,
  keyId: string,
  publicKeyOf: (keyId: string) => Promise<string>,
) {
  const signatures = parseSignatureInput(request.headers["signature-input"] ?? "");
  expect(signatures).toHaveLength(1);
  const [sig] = signatures;
  if (!sig) throw new Error("no signature");
  const hasBody = request.body.length > 0;
  const covered = ["@method", "@target-uri", ...(hasBody ? ["content-digest"] : [])];
  expect(sig.components).toEqual(expect.arrayContaining(covered));
  expect(sig.params.keyid).toBe(keyId);
  // An RSA key: the algorithm named is RSA's, or none (the key says it).
  expect(sig.params.alg ?? "rsa-v1_5-sha256").toBe("rsa-v1_5-sha256");
  expect(Math.abs(Number(sig.params.created) * 1000 - request.at)).toBeLessThan(WITHIN_MS);
  if (hasBody) expect(request.headers["content-digest"]).toBe(contentDigestOf(request.body));
  const key = await publicKeyOf(keyId);
  expect(verifiesRfc9421(request, sig, key), `RFC 9421 signature of ${request.url}`).toBe(true);
  // The check itself can fail: another target does not verify.
  expect(verifiesRfc9421({ ...request, url: `${request.url}x` }, sig, key)).toBe(false);
}

export async function expectMastodonCavage(
  request: CapturedRequest,
  keyId: string,
  publicKeyOf: (keyId: string) => Promise<string>,
) {
  expect(request.headers["signature-input"]).toBeUndefined();
  const sig = parseCavage(request.headers.signature ?? "");
  expect(sig.headers).toEqual(
    expect.arrayContaining(["(request-target)", "host", "date", "digest"]),
  );
  expect(["rsa-sha256", "hs2019"]).toContain(sig.algorithm);
  expect(sig.keyId).toBe(keyId);
  expect(Math.abs(Date.parse(request.headers.date ?? "") - request.at)).toBeLessThan(WITHIN_MS);
  expect(request.headers.digest).toBe(digestOf(request.body));
  const key = await publicKeyOf(keyId);
  expect(verifiesCavage(request, sig, key), `draft-cavage signature of ${request.url}`).toBe(true);
  // The check itself can fail: another method does not verify.
  expect(verifiesCavage({ ...request, method: "PUT" }, sig, key)).toBe(false);
}
