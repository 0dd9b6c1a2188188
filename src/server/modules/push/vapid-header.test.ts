// Our VAPID header is signed once per push service and hour (vapid-header.ts).
import { createPublicKey, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import webpush from "web-push";
import { VapidHeaders } from "./vapid-header";

const keys = webpush.generateVAPIDKeys();
const vapid = { ...keys, subject: "mailto:postmaster@chtcht.local" };

/** The token's claims, once its ES256 signature is checked with our public key. */
function claims(header: string) {
  const [, token, key] = header.match(/^vapid t=([^,]+), k=(.+)$/) ?? [];
  expect(key).toBe(keys.publicKey);
  const [head, body, signature] = (token ?? "").split(".");
  const point = Buffer.from(keys.publicKey, "base64url");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature ?? "", "base64url"),
  );
  expect(signed).toBe(true);
  return JSON.parse(Buffer.from(body ?? "", "base64url").toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
}

describe("VapidHeaders", () => {
  it("signs for the endpoint's origin, valid 12 hours, and keeps it for an hour", () => {
    const headers = new VapidHeaders(vapid);
    const now = Date.now();
    const first = headers.forEndpoint("https://fcm.googleapis.com/fcm/send/abc", now);
    expect(claims(first)).toEqual({
      aud: "https://fcm.googleapis.com",
      exp: Math.floor(now / 1000) + 12 * 3600,
      sub: vapid.subject,
    });
    expect(headers.forEndpoint("https://fcm.googleapis.com/fcm/send/def", now + 3_599_000)).toBe(
      first,
    );
    const renewed = headers.forEndpoint("https://fcm.googleapis.com/fcm/send/abc", now + 3_600_000);
    expect(claims(renewed).exp).toBe(Math.floor(now / 1000) + 13 * 3600);
    expect(claims(headers.forEndpoint("http://127.0.0.1:8090/notify/x", now)).aud).toBe(
      "http://127.0.0.1:8090",
    );
  });
});
