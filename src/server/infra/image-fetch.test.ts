// The reader of images from elsewhere (image-fetch.ts): private addresses refused before any
// request unless allowed, the size cap refused rather than cut.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchImage } from "./image-fetch";

let server: Server;
let port: number;
let requests = 0;
const BYTES = Buffer.alloc(2048, 7);

beforeAll(async () => {
  server = createServer((request, response) => {
    requests += 1;
    if (request.url === "/moved") {
      response.writeHead(302, { location: `http://127.0.0.1:${port}/image` }).end();
      return;
    }
    response.writeHead(200, { "content-type": "image/jpeg" }).end(BYTES);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const options = { allowPrivate: false, maxBytes: 1024 * 1024, userAgent: "test" };

describe("fetchImage", () => {
  it.each([
    ["a loopback address", () => `http://127.0.0.1:${port}/image`],
    ["a name of a loopback address", () => `http://localhost:${port}/image`],
  ])("refuses %s without a request", async (_, url) => {
    const before = requests;
    const fetched = await fetchImage(url(), options);
    expect(fetched).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not a public address/),
    });
    expect(requests).toBe(before);
  });

  it("refuses what is not http", async () => {
    expect(await fetchImage("file:///etc/passwd", options)).toMatchObject({ ok: false });
  });

  it("reads it when private addresses are allowed, redirects included", async () => {
    const allowed = { ...options, allowPrivate: true };
    expect(await fetchImage(`http://127.0.0.1:${port}/moved`, allowed)).toEqual({
      ok: true,
      bytes: BYTES,
    });
  });

  it("refuses a body above the cap", async () => {
    const fetched = await fetchImage(`http://127.0.0.1:${port}/image`, {
      ...options,
      allowPrivate: true,
      maxBytes: 1000,
    });
    expect(fetched).toMatchObject({ ok: false, reason: expect.stringMatching(/more than 1000/) });
  });
});
