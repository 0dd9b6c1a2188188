// Where face verification captures live (spec-2 §3, §7 "bucket verifications"): a private store,
// never the public /media one. On disk it is DATA_DIR/private (outside DATA_DIR/media, which
// /media serves); with S3 it is the same bucket under `private/`, a prefix /media refuses. Only
// GET /api/verification/captures/… reads it, for the capture's owner.
import path from "node:path";
import type { Config } from "../../config";
import type { EncodedImage } from "../../infra/images";
import { createObjectStore, type ObjectStore } from "../../infra/object-store";

const S3_PREFIX = "private/";
const CAPTURE_URL_PREFIX = "/api/verification/captures/";
/** A capture is kept (and read for its face) at most this many pixels on a side. */
export const CAPTURE_MAX_SIDE = 1024;

export function createCaptureStore(config: Pick<Config, "dataDir" | "s3">): ObjectStore {
  if (!config.s3) return createObjectStore({ dataDir: path.join(config.dataDir, "private") });
  const bucket = createObjectStore({ dataDir: config.dataDir, s3: config.s3 });
  return {
    put: (key, bytes, contentType) => bucket.put(`${S3_PREFIX}${key}`, bytes, contentType),
    get: (key) => bucket.get(`${S3_PREFIX}${key}`),
    delete: (key) => bucket.delete(`${S3_PREFIX}${key}`),
  };
}

const hexOf = (userId: string) => Buffer.from(userId, "utf8").toString("hex");

/** The owner's hex id and the file name: the two parts of a capture's URL and key. */
export interface CaptureName {
  user: string;
  file: string;
}

export const captureKey = ({ user, file }: CaptureName) => `u/${user}/capture/${file}`;
export const captureUrl = ({ user, file }: CaptureName) => `${CAPTURE_URL_PREFIX}${user}/${file}`;
/** The id of the capture's owner, as its name carries it; null for a name no id encodes to. */
export function captureOwnerOf(name: CaptureName): string | null {
  const userId = Buffer.from(name.user, "hex").toString("utf8");
  return hexOf(userId) === name.user ? userId : null;
}

export function captureNameOfUrl(url: string): CaptureName | null {
  const match = url.match(/^\/api\/verification\/captures\/([0-9a-f]+)\/([0-9a-f]{32}\.jpg)$/);
  return match ? { user: match[1] as string, file: match[2] as string } : null;
}

/** Stores the capture as the image pipeline re-encoded it (infra/images.ts processPhoto:
 * orientation applied, metadata dropped, at most CAPTURE_MAX_SIDE); named by its hash. */
export async function storeCapture(
  captures: ObjectStore,
  { userId, jpeg }: { userId: string; jpeg: EncodedImage },
): Promise<string> {
  const name = { user: hexOf(userId), file: `${jpeg.sha256.slice(0, 32)}.jpg` };
  await captures.put(captureKey(name), jpeg.bytes, jpeg.contentType);
  return captureUrl(name);
}

/** Removes the capture behind a capture URL; anything else is left alone. */
export async function removeCapture(captures: ObjectStore, url: string | null): Promise<void> {
  const name = url ? captureNameOfUrl(url) : null;
  if (name) await captures.delete(captureKey(name));
}
