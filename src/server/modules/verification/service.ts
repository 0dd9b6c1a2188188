// Face verification (spec-2 §4 states, §5 rules, §6 black badge): the server compares the
// frames of a live face check with the current profile photo; the browser's own opinion is never
// asked. The check (docs/profiles-and-media.md "Face verification"): a challenge picked at random,
// frames of each of its steps showing one face, the same face throughout, following the prompts,
// no frame a copy of a photo the person has stored with us, and the straight frame at a distance
// below 0.6 from the profile photo. A match earns the black badge with its timestamp, score and
// that frame (kept in the private store); anything else saves nothing. Frames go through the
// image pipeline first, so bytes that are no readable image are refused (400 invalid_image, 415,
// 413) before they use one of the hourly attempts.

import {
  FACE_ERROR_CODES,
  FACE_MESSAGES,
  type FaceChallenge,
  type FaceVerificationResult,
} from "../../../domain/contracts/verification";
import { ERROR_CODES } from "../../../domain/error-codes";
import { faceDistance, facesMatch } from "../../../domain/face-match";
import type { AppContext } from "../../context";
import { AppError, badRequest, conflict, notFound } from "../../errors";
import { type FaceReading, readFaces } from "../../infra/face-engine";
import { type EncodedImage, processPhoto } from "../../infra/images";
import { requireOwner } from "../../policy/access";
import { keyOfMediaUrl } from "../media/service";
import { markFaceVerified } from "../profiles/badges-and-names";
import { mediaUrlsOf, profileRowOf } from "../profiles/rows";
import {
  CAPTURE_MAX_SIDE,
  type CaptureName,
  captureKey,
  captureNameOfUrl,
  captureOwnerOf,
  removeCapture,
  storeCapture,
} from "./capture-store";
import { issueFaceChallenge, redeemFaceChallenge } from "./challenge";
import { type FrameFace, judgeLiveness } from "./liveness";

type Deps = Pick<AppContext, "db" | "outbox" | "store" | "captures" | "limits" | "config">;

/** A frame this close to a photo the person stored with us is a copy of it, not a live camera:
 * copies of a profile photo (re-encoded, resized, brightened or darkened) measured 0.06–0.15,
 * two different frames of one live video 0.18 and more, and a live face against a photo taken
 * another day more still (docs/profiles-and-media.md "Face verification"). */
const COPY_DISTANCE = 0.16;

const refusal = (code: string, message: string) => new AppError(422, code, message);

function avatarFace(reading: FaceReading): Float32Array {
  if (reading.descriptor) return reading.descriptor;
  throw refusal(FACE_ERROR_CODES.avatarFaces, FACE_MESSAGES.noFaceInAvatar);
}

function frameFace({ faces, descriptor, pose }: FaceReading): FrameFace {
  if (descriptor && pose) return { descriptor, pose };
  throw refusal(
    FACE_ERROR_CODES.captureFaces,
    faces === 0 ? FACE_MESSAGES.noFaceInCapture : FACE_MESSAGES.severalFacesInCapture,
  );
}

/** A new challenge; refused at once when the hour's attempts are spent. */
export async function startFaceCheck(
  deps: Pick<Deps, "db" | "config" | "limits">,
  { viewerId }: { viewerId: string },
): Promise<FaceChallenge> {
  await deps.limits.check("faceVerifyPerUser", viewerId);
  return issueFaceChallenge(deps, { viewerId, now: new Date() });
}

/** The descriptors of the photos the person stored with us (the pictures, the last capture): a
 * frame must be a copy of none of them. The profile photo is compared first, on its own. */
async function storedFaces(
  { store, captures }: Pick<Deps, "store" | "captures">,
  urls: { pictures: string[]; capture: string | null },
): Promise<Float32Array[]> {
  const objects = await Promise.all([
    ...urls.pictures.map((url) => {
      const key = keyOfMediaUrl(url);
      return key ? store.get(key) : null;
    }),
    (async () => {
      const name = urls.capture ? captureNameOfUrl(urls.capture) : null;
      return name ? captures.get(captureKey(name)) : null;
    })(),
  ]);
  const faces: Float32Array[] = [];
  for (const object of objects) {
    const descriptor = object ? (await readFaces(object.bytes)).descriptor : null;
    if (descriptor) faces.push(descriptor);
  }
  return faces;
}

function refuseCopies(frames: FrameFace[], photos: Float32Array[]): void {
  const copied = frames.some((frame) =>
    photos.some((photo) => faceDistance(frame.descriptor, photo) < COPY_DISTANCE),
  );
  if (copied) throw refusal(FACE_ERROR_CODES.copiedPhoto, FACE_MESSAGES.copiedPhoto);
}

/** Every frame of every step through the image pipeline, then through the face model. */
async function readFrames(frames: Buffer[][]) {
  const photos: EncodedImage[][] = [];
  for (const step of frames) {
    const encoded: EncodedImage[] = [];
    for (const frame of step)
      encoded.push(await processPhoto(frame, { kind: "avatar", maxSide: CAPTURE_MAX_SIDE }));
    photos.push(encoded);
  }
  return photos;
}

/** Checks a live face check's frames (`frames[i]`: step i's) against the viewer's profile photo;
 * a match earns the black badge. */
export async function verifyFace(
  deps: Deps,
  { viewerId, challenge, frames }: { viewerId: string; challenge: unknown; frames: Buffer[][] },
): Promise<FaceVerificationResult> {
  const { db, outbox, store, captures, limits } = deps;
  const row = await profileRowOf(db, viewerId);
  const avatarUrl = row?.profile.profileImageUrl ?? null;
  const avatarKey = avatarUrl ? keyOfMediaUrl(avatarUrl) : null;
  const avatar = avatarKey ? await store.get(avatarKey) : null;
  if (!row || !avatarUrl || !avatar) {
    throw refusal(FACE_ERROR_CODES.uploadRequired, FACE_MESSAGES.uploadRequired);
  }
  if (typeof challenge !== "string" || challenge.length > 64) {
    throw badRequest(ERROR_CODES.validation, "Start the check with a challenge.");
  }
  const steps = await redeemFaceChallenge(deps, { id: challenge, viewerId, now: new Date() });
  if (!steps) throw refusal(FACE_ERROR_CODES.challengeExpired, FACE_MESSAGES.challengeExpired);
  if (frames.some((step, i) => i < steps.length !== step.length > 0)) {
    throw badRequest(ERROR_CODES.validation, "Send the frames of every step of the check.");
  }
  const photos = await readFrames(frames.slice(0, steps.length));
  await limits.consume("faceVerifyPerUser", viewerId);

  const photoOf = new Map<FrameFace, EncodedImage>();
  const faces: FrameFace[][] = [];
  for (const step of photos) {
    const stepFaces: FrameFace[] = [];
    for (const photo of step) {
      const face = frameFace(await readFaces(photo.bytes));
      photoOf.set(face, photo);
      stepFaces.push(face);
    }
    faces.push(stepFaces);
  }
  const pictured = avatarFace(await readFaces(avatar.bytes));
  refuseCopies(faces.flat(), [pictured]);
  const liveness = judgeLiveness(steps, faces);
  if (!liveness.live) {
    throw liveness.reason === "face_changed"
      ? refusal(FACE_ERROR_CODES.faceChanged, FACE_MESSAGES.faceChanged)
      : refusal(FACE_ERROR_CODES.notLive, FACE_MESSAGES.notLive);
  }
  const distance = faceDistance(liveness.straight.descriptor, pictured);
  if (!facesMatch(distance)) return { matched: false, verifiedAt: null };
  const pictures = mediaUrlsOf(row).filter((url) => url !== avatarUrl);
  refuseCopies(
    faces.flat(),
    await storedFaces(deps, { pictures, capture: row.profile.faceCaptureUrl }),
  );

  const straightPhoto = photoOf.get(liveness.straight) as EncodedImage;
  const captureUrl = await storeCapture(captures, { userId: viewerId, jpeg: straightPhoto });
  const verifiedAt = new Date();
  const written = await outbox.statement(async (handle, fx) => {
    const marked = await markFaceVerified(handle, {
      userId: viewerId,
      comparedWith: avatarUrl,
      verifiedAt,
      captureUrl,
      score: Math.round(distance * 10_000) / 10_000,
    });
    if (marked) fx.publishAfterCommit({ type: "profile.changed", userId: viewerId });
    return marked;
  });
  if (!written) {
    await removeCapture(captures, captureUrl);
    throw conflict("conflict", FACE_MESSAGES.avatarChanged);
  }
  if (row.profile.faceCaptureUrl !== captureUrl)
    await removeCapture(captures, row.profile.faceCaptureUrl);
  return { matched: true, verifiedAt: verifiedAt.toISOString() };
}

/** A verification capture, for its owner only (there are no moderators yet). */
export async function readCapture(
  { captures }: Pick<Deps, "captures">,
  { viewerId, name }: { viewerId: string; name: CaptureName },
): Promise<Buffer> {
  requireOwner({ viewerId, ownerId: captureOwnerOf(name) ?? [], permission: "capture.read" });
  const object = await captures.get(captureKey(name));
  if (!object) throw notFound("This file does not exist.");
  return object.bytes;
}
