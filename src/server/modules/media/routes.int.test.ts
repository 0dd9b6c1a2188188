// /media over HTTP: headers, conditional requests, the 404 shape, and that only images are served.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandling } from "../../http/error-handler";
import { registerSecurityHeaders, securityHeadersFor } from "../../http/security-headers";
import { processImage } from "../../infra/images";
import { createObjectStore, mediaKey, type ObjectStore } from "../../infra/object-store";
import { mediaRoutes } from "./routes";

let app: FastifyInstance;
let store: ObjectStore;
let dataDir: string;
let jpegKey: string;
let jpegBytes: Buffer;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "chtcht-media-"));
  store = createObjectStore({ dataDir });
  app = Fastify({ logger: false });
  registerErrorHandling(app);
  registerSecurityHeaders(app, securityHeadersFor({})); // as in app.ts: the route's own headers must win over these
  await app.register(mediaRoutes, { store });
  await app.ready();

  const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } })
    .png()
    .toBuffer();
  const { main } = await processImage(photo, "post");
  jpegKey = mediaKey("User1", "post", main.sha256);
  jpegBytes = main.bytes;
  await store.put(jpegKey, main.bytes, main.contentType);
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const expectNotFound = (res: { statusCode: number; json(): unknown; headers: object }) => {
  expect(res.statusCode).toBe(404);
  expect(res.headers).toMatchObject({
    "content-type": expect.stringMatching(/^application\/json/),
  });
  expect(res.json()).toMatchObject({
    error: { code: "not_found", message: "This file does not exist." },
  });
};

describe("GET /media/*", () => {
  it("serves a stored image with immutable caching and safe headers", async () => {
    const res = await app.inject({ method: "GET", url: `/media/${jpegKey}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-disposition"]).toBe("inline");
    expect(res.headers["content-security-policy"]).toMatch(/^default-src 'none';.*sandbox/);
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(res.rawPayload.equals(jpegBytes)).toBe(true);
  });

  it("answers 304 when the ETag is already held", async () => {
    const first = await app.inject({ method: "GET", url: `/media/${jpegKey}` });
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `"other", W/${etag}`, "*"]) {
      const res = await app.inject({
        method: "GET",
        url: `/media/${jpegKey}`,
        headers: { "if-none-match": ifNoneMatch },
      });
      expect(res.statusCode).toBe(304);
      expect(res.body).toBe("");
      expect(res.headers.etag).toBe(etag);
    }
    const stale = await app.inject({
      method: "GET",
      url: `/media/${jpegKey}`,
      headers: { "if-none-match": '"stale"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await app.inject({ method: "HEAD", url: `/media/${jpegKey}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(res.headers["content-length"]).toBe(String(jpegBytes.length));
    expect(res.body).toBe("");
  });

  it.each([
    ["image/png", "u/a/picture/p.png"],
    ["image/webp", "u/a/picture/w.webp"],
    ["image/jpeg; charset=binary", "u/a/picture/j.jpg"],
  ])("serves %s", async (contentType, key) => {
    await store.put(key, Buffer.from("bytes"), contentType);
    const res = await app.inject({ method: "GET", url: `/media/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(contentType.split(";")[0]);
  });

  it("answers a missing key with a 404 in the error shape", async () => {
    expectNotFound(await app.inject({ method: "GET", url: "/media/u/nobody/post/missing.jpg" }));
    expectNotFound(await app.inject({ method: "GET", url: "/media/" }));
  });

  it.each([
    ["text/html", "<html><script>alert(1)</script></html>"],
    ["image/svg+xml", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ["application/octet-stream", "<script>alert(1)</script>"],
    ["text/plain", "hello"],
  ])("never serves a stored %s object", async (contentType, body) => {
    const key = `u/a/post/${contentType.replace(/[^a-z]/g, "")}.jpg`;
    await store.put(key, Buffer.from(body), contentType);
    for (const method of ["GET", "HEAD"] as const) {
      const res = await app.inject({ method, url: `/media/${key}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("<script>");
    }
    expectNotFound(await app.inject({ method: "GET", url: `/media/${key}` }));
  });

  it.each([
    "/media/..%2f..%2fetc%2fpasswd",
    "/media/u/../../secret.jpg",
    "/media/%2e%2e/session-secret",
    "/media/.hidden",
    "/media/U/A.JPG",
  ])("answers an unsafe path %s with a 404", async (url) => {
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("root:");
  });
});
