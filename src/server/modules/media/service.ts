// Uploaded images (docs/profiles-and-media.md, "Media"): re-encoded by the image pipeline, stored
// content-addressed with the thumbnail beside the main image (thumbKeyOf), and served under
// /media/ (routes.ts). Rows point at the main image's URL; storing an image and writing its row
// is one step that leaves no half state.
import type { ImageKind } from "../../infra/image-checks";
import { processImage } from "../../infra/images";
import { mediaKey, type ObjectStore, thumbKeyOf } from "../../infra/object-store";

const MEDIA_PREFIX = "/media/";

export interface ImageUpload {
  /** Whose folder the image is stored in. */
  ownerId: string;
  kind: ImageKind;
  bytes: Buffer;
}

/** A stored image: the main image's URL and its size as re-encoded. */
export interface StoredImage {
  url: string;
  width: number;
  height: number;
}

async function storeSized(
  store: ObjectStore,
  { ownerId, kind, bytes }: ImageUpload,
): Promise<StoredImage> {
  const image = await processImage(bytes, kind);
  const key = mediaKey(ownerId, kind, image.main.sha256);
  await store.put(key, image.main.bytes, image.main.contentType);
  await store.put(thumbKeyOf(key), image.thumb.bytes, image.thumb.contentType);
  return { url: `${MEDIA_PREFIX}${key}`, width: image.main.width, height: image.main.height };
}

/** Re-encodes the upload and stores it with its thumbnail; returns the main image's URL. */
export async function storeImage(store: ObjectStore, upload: ImageUpload): Promise<string> {
  return (await storeSized(store, upload)).url;
}

/** The object key behind a /media/ URL, or null for any other URL. */
export const keyOfMediaUrl = (url: string): string | null =>
  url.startsWith(MEDIA_PREFIX) ? url.slice(MEDIA_PREFIX.length) : null;

/** Removes the image behind a /media/ URL and its thumbnail; any other URL is left alone. */
export async function removeImage(store: ObjectStore, { url }: { url: string }): Promise<void> {
  const key = keyOfMediaUrl(url);
  if (!key) return;
  await store.delete(key);
  await store.delete(thumbKeyOf(key));
}

export interface StoreThenWrite<T> extends ImageUpload {
  /** The database write that points at the stored image. */
  write: (url: string) => Promise<T>;
  /**
   * Whether something already showed this URL before the write: identical uploads by one owner
   * share a key, so a failed write must not remove an image still in use.
   */
  inUse?: (url: string) => boolean;
}

/** Stores the image, then writes the database; if the write fails, the image is removed again. */
export async function storeImageThenWrite<T>(
  store: ObjectStore,
  { write, inUse = () => false, ...upload }: StoreThenWrite<T>,
): Promise<T> {
  const url = await storeImage(store, upload);
  try {
    return await write(url);
  } catch (error) {
    if (!inUse(url)) await removeImage(store, { url });
    throw error;
  }
}

/**
 * Stores several images of one kind (a post's, in order), then writes the database once: if any
 * image is refused or the write fails, every image stored for it is removed again (unless in use),
 * so there is never half a post.
 */
export async function storeImagesThenWrite<T>(
  store: ObjectStore,
  {
    ownerId,
    kind,
    images,
    write,
    inUse = () => false,
  }: Omit<ImageUpload, "bytes"> & {
    images: Buffer[];
    write: (stored: StoredImage[]) => Promise<T>;
    /** Whether something already shows this URL (identical uploads by one owner share a key). */
    inUse?: (url: string) => boolean | Promise<boolean>;
  },
): Promise<T> {
  // The pipeline's queue bounds how many decode at once (infra/images.ts).
  const settled = await Promise.allSettled(
    images.map((bytes) => storeSized(store, { ownerId, kind, bytes })),
  );
  const stored = settled.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const removeStored = () =>
    Promise.all(
      stored.map(async (image) => {
        if (!(await inUse(image.url))) await removeImage(store, image);
      }),
    );
  const refused = settled.find((result) => result.status === "rejected");
  if (refused) {
    await removeStored();
    throw refused.reason;
  }
  try {
    return await write(stored);
  } catch (error) {
    await removeStored();
    throw error;
  }
}
