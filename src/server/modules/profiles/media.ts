// Avatar and the nine pictures (spec-2 §3, §5, §7): stored through the media area
// (modules/media/service.ts), and the object a slot no longer uses is removed once nothing
// points at it.
import type { ProfileView } from "../../../domain/contracts/profiles";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { ObjectStore } from "../../infra/object-store";
import { requireOwner } from "../../policy/access";
import { removeImage, storeImageThenWrite } from "../media/service";
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

async function loadRow(db: Db, userId: string): Promise<ProfileRow> {
  const row = await findProfileByUserId(db, userId);
  if (!row) throw new Error("Upsert succeeded but profile not found");
  return row;
}

/** Removes an image (and its thumbnail) unless the profile still points at it elsewhere. */
async function removeIfUnused(store: ObjectStore, row: ProfileRow, url: string | null) {
  if (url && !mediaUrlsOf(row).includes(url)) await removeImage(store, { url });
}

/**
 * The black badge vouches for the photo it was compared with (spec-2 §6): a new avatar drops it,
 * with its face verification fields, until the owner verifies again. The yellow badge vouches for
 * the person, not the photo, and stays (docs/profiles-and-media.md "Badges": yellow wins over
 * black); the face fields still go, so revoking yellow later does not bring back a black badge
 * for an old photo.
 */
const withoutFaceBadge = (row: ProfileRow) => {
  const face = { faceVerifiedAt: null, faceCaptureUrl: null, faceMatchScore: null };
  if (row.profile.verificationType === "black") return { verificationType: "none", ...face };
  return row.profile.faceVerifiedAt || row.profile.faceCaptureUrl ? face : {};
};

/** A new avatar; lists show it, so cached copies of the person are dropped (profile.changed). A
 * face capture the dropped badge leaves behind is removed through the outbox (media.delete), in
 * the transaction that forgets it. */
export async function replaceAvatar(
  { db, store, outbox, federation }: Pick<AppContext, "db" | "store" | "outbox" | "federation">,
  { viewerId, userId, bytes }: { viewerId: string; userId: string; bytes: Buffer },
): Promise<ProfileView> {
  requireOwner({ viewerId, ownerId: userId, permission: "profile.update" });
  const before = await loadRow(db, userId);
  const capture = before.profile.faceCaptureUrl;
  // Once the row has committed, the new image is in use even if publishing fails.
  let committed = false;
  await storeImageThenWrite(store, {
    ownerId: userId,
    kind: "avatar",
    bytes,
    write: (url) =>
      outbox.transaction(async (tx, fx) => {
        await updateProfileRow(tx, userId, { profileImageUrl: url, ...withoutFaceBadge(before) });
        if (capture) fx.removeMedia([capture]);
        await federation.actorChanged(tx, fx, userId);
        fx.publishAfterCommit(async () => {
          committed = true;
          return { type: "profile.changed", userId };
        });
      }),
    inUse: (url) => committed || mediaUrlsOf(before).includes(url),
  });
  const after = await loadRow(db, userId);
  await removeIfUnused(store, after, before.profile.profileImageUrl);
  return presentProfile(after, "owner");
}

/** Puts a picture in a slot, or empties it (`bytes` null). */
export async function replacePicture(
  { db, store }: Pick<AppContext, "db" | "store">,
  {
    viewerId,
    userId,
    slot,
    bytes,
  }: { viewerId: string; userId: string; slot: PictureSlot; bytes: Buffer | null },
): Promise<ProfileView> {
  requireOwner({ viewerId, ownerId: userId, permission: "profile.update" });
  const before = await loadRow(db, userId);
  if (bytes) {
    await storeImageThenWrite(store, {
      ownerId: userId,
      kind: "picture",
      bytes,
      write: (url) => setPictureSlot(db, userId, slot, url),
      inUse: (url) => mediaUrlsOf(before).includes(url),
    });
  } else {
    await setPictureSlot(db, userId, slot, null);
  }
  const after = await loadRow(db, userId);
  await removeIfUnused(store, after, pictureInSlot(before, slot));
  return presentProfile(after, "owner");
}

/** Puts up a new banner, or takes it down (`bytes` null: docs/profiles-and-media.md "Banner").
 * Servers elsewhere show it as the actor's image, so they are told of the change. */
export async function replaceBanner(
  { db, store, outbox, federation }: Pick<AppContext, "db" | "store" | "outbox" | "federation">,
  { viewerId, userId, bytes }: { viewerId: string; userId: string; bytes: Buffer | null },
): Promise<ProfileView> {
  requireOwner({ viewerId, ownerId: userId, permission: "profile.update" });
  const before = await loadRow(db, userId);
  const write = (url: string | null) =>
    outbox.transaction(async (tx, fx) => {
      await updateProfileRow(tx, userId, { bannerUrl: url });
      await federation.actorChanged(tx, fx, userId);
    });
  if (bytes) {
    await storeImageThenWrite(store, {
      ownerId: userId,
      kind: "banner",
      bytes,
      write,
      inUse: (url) => mediaUrlsOf(before).includes(url),
    });
  } else {
    await write(null);
  }
  const after = await loadRow(db, userId);
  await removeIfUnused(store, after, before.profile.bannerUrl);
  return presentProfile(after, "owner");
}
