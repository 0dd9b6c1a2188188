// Where uploaded media lives: files under DATA_DIR/media by default, or any S3-compatible store
// when S3_* is set (ARCHITECTURE.md "Runs as"). Keys are content-addressed (mediaKey), so the
// bytes behind a key never change and /media responses can be cached for a year. Large objects
// (data exports, docs/accounts.md "Your data") are read and written as streams, never whole.
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";

export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

export interface ObjectStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** null when there is no object under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** One cheap call that shows the store answers (S3: HeadBucket), for the dependency watch
   * (docs/operations.md "Start and stop"); absent where there is nothing remote to ask. */
  check?(signal: AbortSignal): Promise<void>;
}

/** A store that also reads and writes objects as streams, holding at most a part in memory. */
export interface StreamingStore extends ObjectStore {
  /** null when there is no object under the key. */
  getStream(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Writes the whole stream under the key; readers see the object only once it is complete. The
   * number of bytes written. */
  putStream(key: string, body: Readable, contentType: string): Promise<number>;
}

export interface S3Options {
  endpoint: string;
  bucket: string;
  region?: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export class UnsafeKeyError extends Error {
  constructor(key: string) {
    super(`unsafe object key: ${JSON.stringify(key).slice(0, 80)}`);
  }
}

// Every "/"-separated segment starts with a letter or digit: no "..", no hidden files, no empty
// segments, no absolute paths. (The disk store relies on it: its temp and sidecar files start
// with a dot, so they can never be a key.)
const SEGMENT = /^[a-z0-9][a-z0-9_.-]*$/;
const MAX_KEY_LENGTH = 512;

export function isSafeKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= MAX_KEY_LENGTH &&
    key.split("/").every((segment) => SEGMENT.test(segment))
  );
}

function assertSafeKey(key: string) {
  if (!isSafeKey(key)) throw new UnsafeKeyError(key);
}

/**
 * `u/{user}/{kind}/{first 32 hex of the main image's sha256}.jpg`. User ids from better-auth are
 * mixed-case, so the id is hex-encoded: keys stay lowercase and two ids never meet in one folder.
 * Identical uploads by one user share a key: delete only when unreferenced.
 */
export function mediaKey(
  userId: string,
  kind: "avatar" | "picture" | "post" | "banner",
  sha256: string,
): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error("mediaKey needs a hex sha256");
  if (!userId) throw new Error("mediaKey needs a user id");
  const user = Buffer.from(userId, "utf8").toString("hex");
  return `u/${user}/${kind}/${sha256.slice(0, 32)}.jpg`;
}

/** The thumbnail beside a main image: `….jpg` → `…-thumb.jpg`, the one rule for every kind. */
export const thumbKeyOf = (key: string): string => key.replace(/\.jpg$/, "-thumb.jpg");

export function createObjectStore(opts: { dataDir: string; s3?: S3Options }): StreamingStore {
  return opts.s3 ? s3Store(opts.s3) : diskStore(path.join(opts.dataDir, "media"));
}

const PRIVATE_PREFIX = "private/";

/**
 * A store /media never serves: on disk DATA_DIR/{folder} (outside DATA_DIR/media), with S3 the
 * same bucket under `private/{folder}/`, a prefix /media refuses (it serves only `u/`).
 */
export function createPrivateStore(opts: {
  dataDir: string;
  s3?: S3Options | undefined;
  folder: string;
}): StreamingStore {
  if (!opts.s3) return diskStore(path.join(opts.dataDir, opts.folder));
  const bucket = s3Store(opts.s3);
  const prefix = `${PRIVATE_PREFIX}${opts.folder}/`;
  return {
    put: (key, bytes, contentType) => bucket.put(`${prefix}${key}`, bytes, contentType),
    get: (key) => bucket.get(`${prefix}${key}`),
    delete: (key) => bucket.delete(`${prefix}${key}`),
    getStream: (key) => bucket.getStream(`${prefix}${key}`),
    putStream: (key, body, contentType) => bucket.putStream(`${prefix}${key}`, body, contentType),
  };
}

// ENOTDIR/EISDIR: part of the key names a file where a folder would be, or the key is a folder.
const isNotFound = (error: unknown) =>
  ["ENOENT", "ENOTDIR", "EISDIR"].includes((error as NodeJS.ErrnoException).code ?? "");

/** Writes to a temp file in the same folder, flushes it, then renames: readers never see half. */
async function writeAtomically(file: string, bytes: Buffer | string) {
  const temp = path.join(path.dirname(file), `.tmp-${randomUUID()}`);
  const handle = await open(temp, "wx", 0o644);
  try {
    await handle.writeFile(bytes);
    await handle.datasync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

function diskStore(root: string): StreamingStore {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split("/"));
  };
  // The content type sits beside the object in a dot-file, which no key can name.
  const typeFileOf = (file: string) =>
    path.join(path.dirname(file), `.${path.basename(file)}.content-type`);

  return {
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // The type first: an object that is visible always has its type.
      await writeAtomically(typeFileOf(file), contentType);
      await writeAtomically(file, bytes);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const [bytes, contentType] = await Promise.all([
          readFile(file),
          readFile(typeFileOf(file), "utf8"),
        ]);
        return { bytes, contentType: contentType.trim() };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(typeFileOf(file), { force: true });
    },
    async getStream(key) {
      const file = fileOf(key);
      try {
        const { size } = await stat(file);
        return { body: createReadStream(file), size };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async putStream(key, body, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeAtomically(typeFileOf(file), contentType);
      const temp = path.join(path.dirname(file), `.tmp-${randomUUID()}`);
      try {
        await pipeline(body, createWriteStream(temp, { flags: "wx", mode: 0o644 }));
        const handle = await open(temp, "r+");
        try {
          await handle.datasync();
        } finally {
          await handle.close();
        }
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return (await stat(file)).size;
    },
  };
}

const isMissingObject = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === "NoSuchKey" || $metadata?.httpStatusCode === 404;
};

function s3Store(options: S3Options): StreamingStore {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region ?? "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // The SDK's default CRC32 checksums (since 3.729) are refused by many S3-compatible stores.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = options.bucket;

  return {
    async put(key, bytes, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return {
          bytes: Buffer.from(await object.Body.transformToByteArray()),
          contentType: object.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async getStream(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async putStream(key, body, contentType) {
      assertSafeKey(key);
      // Multipart: 5 MB parts, four in flight at most; a failed upload's parts are removed.
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: counted, ContentType: contentType },
      });
      try {
        await Promise.all([pipeline(body, counted), upload.done()]);
      } catch (error) {
        body.destroy();
        counted.destroy();
        throw error;
      }
      return size;
    },
    async check(signal) {
      await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: signal });
    },
  };
}
