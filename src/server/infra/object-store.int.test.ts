// One contract for both object stores: local disk (temp DATA_DIR) and S3, served in-process by
// s3rver on 127.0.0.1 with a random port.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalS3, startLocalS3 } from "../test-support/local-services";
import {
  createObjectStore,
  isSafeKey,
  mediaKey,
  type StreamingStore,
  thumbKeyOf,
} from "./object-store";

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "chtcht-store-"));
  tempDirs.push(dir);
  return dir;
};

let s3: LocalS3;
let s3Endpoint: string;
beforeAll(async () => {
  s3 = await startLocalS3(["chtcht-media"]);
  s3Endpoint = s3.endpoint;
});
afterAll(async () => {
  await s3?.close();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

const sha = (text: string) => createHash("sha256").update(text).digest("hex");
let counter = 0;
const freshKey = (name = "photo.jpg") => `t/${Date.now().toString(36)}-${counter++}/${name}`;

const UNSAFE_KEYS = [
  "",
  "../escape.jpg",
  "a/../../escape.jpg",
  "a/./b.jpg",
  "/etc/passwd",
  ".hidden.jpg",
  "a/.tmp-123",
  "a//b.jpg",
  "a/",
  "Upper.jpg",
  "a\\..\\b.jpg",
  "a b.jpg",
  "a/b.jpg?x=1",
  "a%2f..%2fb",
  `${"a".repeat(513)}`,
];

describe.each([
  ["local disk", () => createObjectStore({ dataDir: tempDir() })],
  [
    "S3 (s3rver)",
    () =>
      createObjectStore({
        dataDir: tempDir(),
        s3: {
          endpoint: s3Endpoint,
          bucket: "chtcht-media",
          region: "us-east-1",
          accessKeyId: "S3RVER",
          secretAccessKey: "S3RVER",
        },
      }),
  ],
])("object store on %s", (_label, makeStore) => {
  let store: StreamingStore;
  beforeAll(() => {
    store = makeStore();
  });

  it("gives back the bytes and content type that were put", async () => {
    const key = freshKey();
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02, 0xfe]);
    await store.put(key, bytes, "image/jpeg");
    const object = await store.get(key);
    expect(object?.contentType).toBe("image/jpeg");
    expect(object?.bytes.equals(bytes)).toBe(true);
  });

  it("streams an object in and out whole, 12 MB in 1 MB chunks (S3: a multipart upload)", async () => {
    const key = freshKey("big.zip");
    const chunks = Array.from({ length: 12 }, () => randomBytes(1024 * 1024));
    const size = await store.putStream(key, Readable.from(chunks), "application/zip");
    expect(size).toBe(12 * 1024 * 1024);
    const object = await store.getStream(key);
    expect(object?.size).toBe(size);
    const read: Buffer[] = [];
    for await (const chunk of object?.body ?? []) read.push(chunk as Buffer);
    expect(Buffer.concat(read).equals(Buffer.concat(chunks))).toBe(true);
    expect(await store.getStream(freshKey())).toBeNull();
  });

  it("keeps nothing of a stream that fails part way", async () => {
    const key = freshKey("broken.zip");
    async function* failing() {
      yield randomBytes(6 * 1024 * 1024);
      throw new Error("the source died");
    }
    await expect(
      store.putStream(key, Readable.from(failing()), "application/zip"),
    ).rejects.toThrow();
    expect(await store.getStream(key)).toBeNull();
  });

  it("answers null for a key that was never put", async () => {
    expect(await store.get(freshKey())).toBeNull();
    expect(await store.get("never/put/at/all.jpg")).toBeNull();
  });

  it("deletes, and deleting again or a missing key is not an error", async () => {
    const key = freshKey("gone.png");
    await store.put(key, Buffer.from("png bytes"), "image/png");
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
    await expect(store.delete(freshKey())).resolves.toBeUndefined();
  });

  it("keeps a stored content type as it was, even a non-image one", async () => {
    const key = freshKey("page.html");
    await store.put(key, Buffer.from("<h1>hi</h1>"), "text/html");
    expect((await store.get(key))?.contentType).toBe("text/html");
  });

  it("replaces an object put twice under one key", async () => {
    const key = freshKey();
    await store.put(key, Buffer.from("first"), "image/jpeg");
    await store.put(key, Buffer.from("second"), "image/webp");
    const object = await store.get(key);
    expect(object?.bytes.toString()).toBe("second");
    expect(object?.contentType).toBe("image/webp");
  });

  it("stores a media key", async () => {
    const key = thumbKeyOf(mediaKey("AbC123xyz", "post", sha("content")));
    await store.put(key, Buffer.from("thumb"), "image/jpeg");
    expect((await store.get(key))?.bytes.toString()).toBe("thumb");
  });

  it.each(UNSAFE_KEYS)("refuses the unsafe key %j for put, get and delete", async (key) => {
    await expect(store.put(key, Buffer.from("x"), "image/jpeg")).rejects.toThrow(/unsafe/);
    await expect(store.get(key)).rejects.toThrow(/unsafe/);
    await expect(store.delete(key)).rejects.toThrow(/unsafe/);
  });
});

describe("local disk store", () => {
  it("writes under DATA_DIR/media, leaving no temp file, and never outside", async () => {
    const dataDir = tempDir();
    const store = createObjectStore({ dataDir });
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        store.put("u/abc/post/same.jpg", Buffer.alloc(4096, i), "image/jpeg"),
      ),
    );
    const folder = path.join(dataDir, "media", "u", "abc", "post");
    expect(readdirSync(folder).sort()).toEqual([".same.jpg.content-type", "same.jpg"]);
    const object = await store.get("u/abc/post/same.jpg");
    expect(new Set(object?.bytes).size).toBe(1); // one whole write won, never a mix
    await expect(store.put("../outside.jpg", Buffer.from("x"), "image/jpeg")).rejects.toThrow();
    expect(readdirSync(dataDir)).toEqual(["media"]);
  });

  it("answers null when part of a key names a file", async () => {
    const store = createObjectStore({ dataDir: tempDir() });
    await store.put("a/b.jpg", Buffer.from("x"), "image/jpeg");
    expect(await store.get("a/b.jpg/c.jpg")).toBeNull();
    expect(await store.get("a")).toBeNull();
  });
});

describe("mediaKey", () => {
  const hash = sha("picture bytes");

  it("is content-addressed, per user and kind, and always a safe key", () => {
    const key = mediaKey("Xy9_-", "avatar", hash);
    expect(key).toBe(`u/${Buffer.from("Xy9_-").toString("hex")}/avatar/${hash.slice(0, 32)}.jpg`);
    expect(thumbKeyOf(key)).toBe(
      `u/${Buffer.from("Xy9_-").toString("hex")}/avatar/${hash.slice(0, 32)}-thumb.jpg`,
    );
    expect(isSafeKey(key)).toBe(true);
    expect(mediaKey("xy9", "avatar", hash)).not.toBe(mediaKey("XY9", "avatar", hash));
    expect(mediaKey("../..", "post", hash)).toMatch(/^u\/[0-9a-f]+\/post\//);
  });

  it("refuses what is not a sha256", () => {
    expect(() => mediaKey("user", "post", "abc")).toThrow();
    expect(() => mediaKey("user", "post", hash.toUpperCase())).toThrow();
    expect(() => mediaKey("", "post", hash)).toThrow();
  });
});
