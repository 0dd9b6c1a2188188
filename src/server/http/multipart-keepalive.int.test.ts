// A refused multipart upload leaves its keep-alive connection usable (docs/profiles-and-media.md
// "Refused uploads"): over a raw socket to a listening app, an upload whose file is in the wrong
// field gets a clean 400, and the next request on the same connection gets its own proper
// answer, unless the first answer said `Connection: close` and the server then closed the
// connection cleanly (a client retries on a new one). No reset, no garbled answer, no hang.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../test-support/accounts";
import { faceOf } from "../test-support/sample-faces";
import { createTestApp, type TestApp } from "../test-support/test-app";

let t: TestApp;
let port: number;
let owner: TestAccount;
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
  owner = await createAccount(t, { label: "keepalive" });
  photo = await faceOf("a", 480);
});
afterAll(async () => {
  await t.close();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Reads HTTP/1.1 answers off one socket, in order; notes how the socket ended. */
class Connection {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  ended: "open" | "end" | "reset" = "open";
  error: Error | null = null;

  constructor(readonly socket: Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.waiting?.();
    });
    socket.on("end", () => {
      if (this.ended === "open") this.ended = "end";
      this.waiting?.();
    });
    socket.on("error", (error) => {
      this.ended = "reset";
      this.error = error;
      this.waiting?.();
    });
  }

  static open(): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port, host: "127.0.0.1" }, () => resolve(new Connection(socket)));
      socket.once("error", reject);
    });
  }

  private changed(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no answer in time")), ms);
      this.waiting = () => {
        clearTimeout(timer);
        this.waiting = null;
        resolve();
      };
    });
  }

  /** The next complete answer, or null when the connection ended before one began. */
  async next(ms = 10_000): Promise<Answer | null> {
    for (;;) {
      const headEnd = this.buffer.indexOf("\r\n\r\n");
      if (headEnd >= 0) {
        const [statusLine = "", ...lines] = this.buffer
          .toString("latin1", 0, headEnd)
          .split("\r\n");
        const match = /^HTTP\/1\.1 (\d{3}) /.exec(statusLine);
        if (!match) throw new Error(`garbled answer: ${JSON.stringify(statusLine)}`);
        const headers: Record<string, string> = {};
        for (const line of lines) {
          const at = line.indexOf(":");
          headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
        }
        expect(headers["transfer-encoding"]).toBeUndefined();
        const length = Number(headers["content-length"]);
        expect(Number.isInteger(length)).toBe(true);
        const end = headEnd + 4 + length;
        if (this.buffer.length >= end) {
          const body = this.buffer.toString("utf8", headEnd + 4, end);
          this.buffer = this.buffer.subarray(end);
          return { status: Number(match[1]), headers, body };
        }
      } else if (this.ended !== "open" && this.buffer.length === 0) {
        return null;
      }
      if (this.ended !== "open") throw new Error(`connection ${this.ended} mid-answer`);
      await this.changed(ms);
    }
  }

  /** Waits for the server to close the connection. */
  async closed(ms = 10_000): Promise<void> {
    while (this.ended === "open") await this.changed(ms);
  }

  write(bytes: Buffer | string) {
    this.socket.write(bytes);
  }
}

function multipartRequest(
  method: string,
  url: string,
  field: string,
  bytes: Buffer,
  cookie: string,
): Buffer {
  const boundary = `----keepalive${randomBytes(8).toString("hex")}`;
  // A post carries its text before the image, as the composer sends it.
  const text =
    url === "/api/posts"
      ? `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\nA photo\r\n`
      : "";
  const body = Buffer.concat([
    Buffer.from(text),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const head = [
    `${method} ${url} HTTP/1.1`,
    "Host: 127.0.0.1",
    "Connection: keep-alive",
    `Cookie: ${cookie}`,
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    `Content-Length: ${body.length}`,
    "",
    "",
  ].join("\r\n");
  return Buffer.concat([Buffer.from(head), body]);
}

const ENDPOINTS: [string, string, () => string][] = [
  ["avatar", "PUT", () => `/api/profiles/${owner.userId}/avatar`],
  ["picture", "PUT", () => `/api/profiles/${owner.userId}/pictures/3`],
  ["face", "POST", () => "/api/verification/face"],
  ["post", "POST", () => "/api/posts"],
];

// A small file sits whole in the server's buffers at once; a 3 MB one is still arriving when the
// refusal is decided.
const SIZES: [string, () => Buffer][] = [
  ["a small photo", () => photo],
  ["a 3 MB file", () => Buffer.concat([photo, randomBytes(3 * 1024 * 1024)])],
  [
    "a 9 MB file, over every image limit",
    () => Buffer.concat([photo, randomBytes(9 * 1024 * 1024)]),
  ],
];

/** Sends `request`, expects `status` and `error`, then a proper answer to the next request on
 * the same connection, or a clean close announced by `Connection: close`. */
async function refusedThenServes(request: Buffer, status: number, error: object) {
  const conn = await Connection.open();
  try {
    conn.write(request);
    const refused = await conn.next();
    expect(refused?.status).toBe(status);
    expect(JSON.parse(refused?.body ?? "")).toMatchObject({ error });
    if (refused?.headers.connection?.toLowerCase() === "close") {
      await conn.closed();
      expect(conn.ended).toBe("end");
    } else {
      conn.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      const next = await conn.next();
      expect(next?.status).toBe(200);
      expect(JSON.parse(next?.body ?? "")).toEqual({ status: "ok" });
    }
    expect(conn.error).toBeNull();
  } finally {
    conn.socket.destroy();
  }
}

describe.each(ENDPOINTS)("%s upload with the file in a wrong field", (_name, method, url) => {
  it.each(SIZES)("%s: a clean 400, and the connection still serves", async (_size, bytes) => {
    await refusedThenServes(multipartRequest(method, url(), "photo", bytes(), owner.cookie), 400, {
      code: "validation_error",
      message: "Please choose an image.",
    });
  });
});

/** A request whose body is `body` under a multipart header whose boundary never appears in it. */
function garbageRequest(method: string, url: string, body: Buffer, cookie: string): Buffer {
  const head = [
    `${method} ${url} HTTP/1.1`,
    "Host: 127.0.0.1",
    "Connection: keep-alive",
    `Cookie: ${cookie}`,
    "Content-Type: multipart/form-data; boundary=zz",
    `Content-Length: ${body.length}`,
    "",
    "",
  ].join("\r\n");
  return Buffer.concat([Buffer.from(head), body]);
}

describe.each(ENDPOINTS)("%s upload whose body is no multipart form", (_name, method, url) => {
  it.each([
    ["a few bytes", () => Buffer.from("garbage-not-multipart")],
    ["3 MB", () => randomBytes(3 * 1024 * 1024)],
  ])("%s: a clean 400, and the connection still serves", async (_size, bytes) => {
    await refusedThenServes(garbageRequest(method, url(), bytes(), owner.cookie), 400, {
      code: "validation_error",
      message: "This upload could not be read. Please try again.",
    });
  });
});

describe.each([
  [
    "avatar",
    "PUT",
    () => `/api/profiles/${owner.userId}/avatar`,
    "file",
    5,
    "File size must be less than 5MB",
  ],
  ["post", "POST", () => "/api/posts", "image", 8, "Image is too large. Max 8MB."],
])("%s upload over its size limit", (_name, method, url, field, megabytes, message) => {
  it("a clean 413, and the connection still serves", async () => {
    const bytes = Buffer.concat([photo, randomBytes(megabytes * 1024 * 1024)]);
    await refusedThenServes(multipartRequest(method, url(), field, bytes, owner.cookie), 413, {
      code: "payload_too_large",
      message,
    });
  });
});

it("a good upload keeps the connection open for the next request", async () => {
  const conn = await Connection.open();
  try {
    const url = `/api/profiles/${owner.userId}/avatar`;
    conn.write(multipartRequest("PUT", url, "file", photo, owner.cookie));
    const stored = await conn.next();
    expect(stored?.status).toBe(200);
    expect(stored?.headers.connection?.toLowerCase()).not.toBe("close");
    conn.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    expect((await conn.next())?.status).toBe(200);
  } finally {
    conn.socket.destroy();
  }
});
