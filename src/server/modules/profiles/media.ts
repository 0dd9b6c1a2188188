// Avatar and the nine pictures (spec-2 §3, §5, §7): re-encoded by the image pipeline, stored
// content-addressed, and the object a slot no longer uses is removed once nothing points at it.
import type { ProfileView } from "../../../domain/contracts/profiles";
import type { Db } from "../../db/client";
import { type ImageKind, processImage } from "../../infra/images";
import { mediaKey, type ObjectStore } from "../../infra/object-store";
import { presentProfile } from "./present";
import {
  findProfileByUserId,
  mediaUrlsOf,
  type PictureSlot,
  type ProfileRow,
  pictureInSlot,
  setPictureSlot,
  updateProfileRow,
} from "./queries";
import { assertOwner } from "./update";

const MEDIA_PREFIX = "/media/";
const thumbKeyOf = (key: string) => key.replace(/\.jpg$/, "-thumb.jpg");

async function loadRow(db: Db, userId: string): Promise<ProfileRow> {
  const row = await findProfileByUserId(db, userId);
  if (!row) throw new Error("Upsert succeeded but profile not found");
  return row;
}

/** Stores the re-encoded image and its thumbnail; returns the public URL of the main image. */
async function storeImage(
  store: ObjectStore,
  userId: string,
  kind: ImageKind,
  bytes: Buffer,
): Promise<string> {
  const image = await processImage(bytes, kind);
  const key = mediaKey(userId, kind, image.main.sha256);
  await store.put(key, image.main.bytes, image.main.contentType);
  await store.put(thumbKeyOf(key), image.thumb.bytes, image.thumb.contentType);
  return `${MEDIA_PREFIX}${key}`;
}

/** Removes an object (and its thumbnail) unless the profile still points at it elsewhere. */
async function removeIfUnused(store: ObjectStore, row: ProfileRow, url: string | null) {
  if (!url?.startsWith(MEDIA_PREFIX) || mediaUrlsOf(row).includes(url)) return;
  const key = url.slice(MEDIA_PREFIX.length);
  await store.delete(key);
  await store.delete(thumbKeyOf(key));
}

/** Runs the database write; if it fails, the freshly stored object is removed again. */
async function commitOrDiscard(
  store: ObjectStore,
  before: ProfileRow,
  url: string,
  write: () => Promise<void>,
) {
  try {
    await write();
  } catch (error) {
    await removeIfUnused(store, before, url);
    throw error;
  }
}

export async function replaceAvatar(
  db: Db,
  store: ObjectStore,
  viewerId: string,
  userId: string,
  bytes: Buffer,
): Promise<ProfileView> {
  assertOwner(viewerId, userId);
  const before = await loadRow(db, userId);
  const url = await storeImage(store, userId, "avatar", bytes);
  await commitOrDiscard(store, before, url, () =>
    updateProfileRow(db, userId, { profileImageUrl: url }),
  );
  const after = await loadRow(db, userId);
  await removeIfUnused(store, after, before.profile.profileImageUrl);
  return presentProfile(after, viewerId);
}

export async function replacePicture(
  db: Db,
  store: ObjectStore,
  viewerId: string,
  userId: string,
  slot: PictureSlot,
  bytes: Buffer | null,
): Promise<ProfileView> {
  assertOwner(viewerId, userId);
  const before = await loadRow(db, userId);
  const url = bytes ? await storeImage(store, userId, "picture", bytes) : null;
  const write = () => setPictureSlot(db, userId, slot, url);
  if (url) await commitOrDiscard(store, before, url, write);
  else await write();
  const after = await loadRow(db, userId);
  await removeIfUnused(store, after, pictureInSlot(before, slot));
  return presentProfile(after, viewerId);
}
