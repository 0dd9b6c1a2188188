// Our outgoing requests checked the way Mastodon checks what reaches it (its documented HTTP
// signature rules; docs/federation.md "Safety"), written here from those rules with node:crypto
// alone, so a request Fedify signs wrongly cannot pass because Fedify also verifies it: the
// RFC 9421 signature base and the draft-cavage signing string are rebuilt and verified against
// the actor's public key, and the digests against the raw body.
import { createHash, createPublicKey, verify } from "node:crypto";
import type { CapturedRequest } from "./fixture-server";

export interface Rfc9421Signature {
  label: string;
  components: string[];
  /** The parameters as they were serialized (`;alg="…";keyid="…";created=…`). */
  rawParams: string;
  params: Record<string, string>;
}

export interface CavageSignature {
  keyId: string;
  algorithm: string;
  headers: string[];
  signature: string;
}

const sha256 = (body: Buffer) => createHash("sha256").update(body).digest("base64");

/** RFC 9530's Content-Digest of the body. */
export const contentDigestOf = (body: Buffer) => `sha-256=:${sha256(body)}:`;
/** RFC 3230's Digest of the body, as draft-cavage signs it. */
export const digestOf = (body: Buffer) => `SHA-256=${sha256(body)}`;

/** Splits a structured-field list at its top-level commas (none inside quotes or parentheses). */
function topLevel(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '"' && value[i - 1] !== "\\") quoted = !quoted;
    else if (!quoted && c === "(") depth++;
    else if (!quoted && c === ")") depth--;
    else if (!quoted && depth === 0 && c === ",") {
      parts.push(value.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(value.slice(start).trim());
  return parts.filter(Boolean);
}

/** Every signature a `Signature-Input` header declares. */
export function parseSignatureInput(header: string): Rfc9421Signature[] {
  return topLevel(header).map((member) => {
    const match = /^([\w-]+)=\(([^)]*)\)(.*)$/.exec(member);
    if (!match) throw new Error(`malformed Signature-Input member: ${member}`);
    const [, label = "", inner = "", rawParams = ""] = match;
    const params: Record<string, string> = {};
    for (const param of rawParams.split(";").filter(Boolean)) {
      const [key = "", value = ""] = param.split(/=(.*)/s);
      params[key.trim()] = value.replace(/^"|"$/g, "");
    }
    const components = [...inner.matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? "");
    return { label, components, rawParams, params };
  });
}

/** The draft-cavage `Signature` header's fields. */
export function parseCavage(header: string): CavageSignature {
  const fields: Record<string, string> = {};
  for (const part of topLevel(header)) {
    const [key = "", value = ""] = part.split(/=(.*)/s);
    fields[key.trim()] = value.replace(/^"|"$/g, "");
  }
  return {
    keyId: fields.keyId ?? "",
    algorithm: fields.algorithm ?? "",
    headers: (fields.headers ?? "date").split(" "),
    signature: fields.signature ?? "",
  };
}

const rsaVerify = (data: string, signature: string, publicKeyPem: string) =>
  verify(
    "sha256",
    Buffer.from(data),
    createPublicKey(publicKeyPem),
    Buffer.from(signature, "base64"),
  );

/** Whether the RFC 9421 signature `sig` of `request` verifies with the RSA key (RFC 9421 §2.5). */
export function verifiesRfc9421(
  request: CapturedRequest,
  sig: Rfc9421Signature,
  publicKeyPem: string,
): boolean {
  const url = new URL(request.url);
  const value = (component: string): string => {
    if (component === "@method") return request.method.toUpperCase();
    if (component === "@target-uri") return url.href;
    if (component === "@authority") return url.host;
    if (component === "@path") return url.pathname;
    const header = request.headers[component];
    if (header === undefined) throw new Error(`signed header ${component} is missing`);
    return header.trim();
  };
  const lines = sig.components.map((c) => `"${c}": ${value(c)}`);
  const quoted = sig.components.map((c) => `"${c}"`).join(" ");
  lines.push(`"@signature-params": (${quoted})${sig.rawParams}`);
  const signatures = request.headers.signature ?? "";
  const signature = new RegExp(`(?:^|,)\\s*${sig.label}=:([^:]+):`).exec(signatures)?.[1];
  return !!signature && rsaVerify(lines.join("\n"), signature, publicKeyPem);
}

/** Whether the draft-cavage signature of `request` verifies with the RSA key. */
export function verifiesCavage(
  request: CapturedRequest,
  sig: CavageSignature,
  publicKeyPem: string,
): boolean {
  const url = new URL(request.url);
  const lines = sig.headers.map((name) =>
    name === "(request-target)"
      ? `(request-target): ${request.method.toLowerCase()} ${url.pathname}${url.search}`
      : `${name}: ${(request.headers[name] ?? "").trim()}`,
  );
  return rsaVerify(lines.join("\n"), sig.signature, publicKeyPem);
}
