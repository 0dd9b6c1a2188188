// How the built web app travels (docs/operations.md "Web delivery"): hashed assets as the build's
// precompressed brotli or gzip with a year of immutable caching, the HTML compressed per answer,
// both chosen by Accept-Encoding and marked Vary: Accept-Encoding.
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-support/test-app";

const ASSET = "/assets/index-Bx9f3kQ1.js";
const SCRIPT = `export const greeting = ${JSON.stringify("hello ".repeat(400))};\n`;
const YEAR_IMMUTABLE = "public, max-age=31536000, immutable";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      webFiles: {
        [ASSET]: SCRIPT,
        [`${ASSET}.br`]: brotliCompressSync(SCRIPT),
        [`${ASSET}.gz`]: gzipSync(SCRIPT),
        "/theme-init.js": "document.documentElement.className = 'light';\n",
      },
    },
  );
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: "GET",
    url,
    headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
  });

describe("a hashed build asset", () => {
  it.each([
    ["br, gzip, deflate", "br", brotliDecompressSync],
    ["gzip, deflate", "gzip", gunzipSync],
  ] as const)(
    "asked with '%s' comes as its precompressed %s file",
    async (accept, encoding, decode) => {
      const res = await get(ASSET, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["content-type"]).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["cache-control"]).toBe(YEAR_IMMUTABLE);
      expect(decode(res.rawPayload).toString()).toBe(SCRIPT);
    },
  );

  it("comes as is to a client that takes no compression, still cached for a year", async () => {
    const res = await get(ASSET);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
    expect(res.headers["cache-control"]).toBe(YEAR_IMMUTABLE);
  });

  it("answers a request that holds its ETag with 304 and no body, and a HEAD with the headers alone", async () => {
    const first = await get(ASSET, "br");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await t.app.inject({
      method: "GET",
      url: ASSET,
      headers: { "if-none-match": etag, "accept-encoding": "br" },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["cache-control"]).toBe(YEAR_IMMUTABLE);
    const stale = await t.app.inject({
      method: "GET",
      url: ASSET,
      headers: { "if-none-match": '"something-else"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(SCRIPT);
    const head = await t.app.inject({ method: "HEAD", url: ASSET });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toMatch(/javascript/);
    expect(head.body).toBe("");
  });

  it("a file without a hash in its name is cached briefly, and an unknown asset is a 404", async () => {
    const script = await get("/theme-init.js", "br, gzip");
    expect(script.statusCode).toBe(200);
    expect(script.headers["cache-control"]).toBe("public, max-age=300");
    expect((await get("/assets/index-gone.js", "br")).statusCode).toBe(404);
  });
});

describe("the HTML answer", () => {
  it.each([
    ["br, gzip", "br", brotliDecompressSync],
    ["gzip", "gzip", gunzipSync],
  ] as const)(
    "asked with '%s' comes %s-compressed, never cached stale",
    async (accept, encoding, decode) => {
      const res = await get("/someone/some-post", accept);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["cache-control"]).toBe("no-cache");
      const html = decode(res.rawPayload).toString();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('id="site-config"');
    },
  );

  it("comes as is without Accept-Encoding", async () => {
    const res = await get("/");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toContain('<div id="root"></div>');
  });
});
