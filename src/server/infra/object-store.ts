// Where uploaded media lives: files under DATA_DIR/media by default, or any S3-compatible store
// when S3_* is set (ARCHITECTURE.md "Runs as"). Keys are content-addressed (mediaKey), so the
// bytes behind a key never change and /media responses can be cached for a year.
import { randomUUID } from "node:crypto";
import { mkdir, open, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";

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
  /** One cheap call that shows the store answers (S3: HeadBucket), for `/readyz`
   * (docs/operations.md "Start and stop"); absent where there is nothing remote to ask. */
  check?(signal: AbortSignal): Promise<void>;
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
  kind: "avatar" | "picture" | "post",
  sha256: string,
): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error("mediaKey needs a hex sha256");
  if (!userId) throw new Error("mediaKey needs a user id");
  const user = Buffer.from(userId, "utf8").toString("hex");
  return `u/${user}/${kind}/${sha256.slice(0, 32)}.jpg`;
}

/** The thumbnail beside a main image: `….jpg` → `…-thumb.jpg`, the one rule for every kind. */
export const thumbKeyOf = (key: string): string => key.replace(/\.jpg$/, "-thumb.jpg");

export function createObjectStore(opts: { dataDir: string; s3?: S3Options }): ObjectStore {
  return opts.s3 ? s3Store(opts.s3) : diskStore(path.join(opts.dataDir, "media"));
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

function diskStore(root: string): ObjectStore {
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
  };
}

const isMissingObject = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === "NoSuchKey" || $metadata?.httpStatusCode === 404;
};

function s3Store(options: S3Options): ObjectStore {
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
    async check(signal) {
      await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: signal });
    },
  };
}
