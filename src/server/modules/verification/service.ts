// Face verification (spec-2 §4 states, §5 rules, §6 black badge): the server compares the
// uploaded capture with the current profile photo; the browser's own opinion is never asked.
// Exactly one face must be found in each, and a distance below 0.6 earns the black badge with
// its timestamp, score and the capture (kept in the private store). A failed match saves nothing.
// The capture goes through the image pipeline first, so bytes that are no readable image are
// refused (400 invalid_image, 415, 413) before they use one of the hourly attempts
// (docs/profiles-and-media.md "Face verification", "Invalid images").
import {
  FACE_ERROR_CODES,
  FACE_MESSAGES,
  type FaceVerificationResult,
} from "../../../domain/contracts/verification";
import { faceDistance, facesMatch } from "../../../domain/face-match";
import type { AppContext } from "../../context";
import { AppError, conflict, forbidden } from "../../errors";
import { type FaceReading, readFaces } from "../../infra/face-engine";
import { processPhoto } from "../../infra/images";
import { keyOfMediaUrl } from "../media/service";
import {
  CAPTURE_MAX_SIDE,
  type CaptureName,
  captureKey,
  isCaptureOf,
  removeCapture,
  storeCapture,
} from "./capture-store";
import { findFaceState, markFaceVerified } from "./queries";

type Deps = Pick<AppContext, "db" | "bus" | "store" | "captures" | "limits">;

const refusal = (code: string, message: string) => new AppError(422, code, message);

function oneFace(reading: FaceReading, whose: "capture" | "avatar"): Float32Array {
  if (reading.descriptor) return reading.descriptor;
  if (whose === "avatar") throw refusal(FACE_ERROR_CODES.avatarFaces, FACE_MESSAGES.noFaceInAvatar);
  throw refusal(
    FACE_ERROR_CODES.captureFaces,
    reading.faces === 0 ? FACE_MESSAGES.noFaceInCapture : FACE_MESSAGES.severalFacesInCapture,
  );
}

/** Compares `capture` with the viewer's profile photo; a match earns the black badge. */
export async function verifyFace(
  { db, bus, store, captures, limits }: Deps,
  { viewerId, capture }: { viewerId: string; capture: Buffer },
): Promise<FaceVerificationResult> {
  const state = await findFaceState(db, viewerId);
  const avatarUrl = state?.profileImageUrl ?? null;
  const avatarKey = avatarUrl ? keyOfMediaUrl(avatarUrl) : null;
  const avatar = avatarKey ? await store.get(avatarKey) : null;
  if (!avatarUrl || !avatar) {
    throw refusal(FACE_ERROR_CODES.uploadRequired, FACE_MESSAGES.uploadRequired);
  }
  const photo = await processPhoto(capture, { kind: "avatar", maxSide: CAPTURE_MAX_SIDE });
  await limits.consume("faceVerifyPerUser", viewerId);

  const captured = oneFace(await readFaces(photo.bytes), "capture");
  const pictured = oneFace(await readFaces(avatar.bytes), "avatar");
  const distance = faceDistance(captured, pictured);
  if (!facesMatch(distance)) return { matched: false, verifiedAt: null };

  const captureUrl = await storeCapture(captures, { userId: viewerId, jpeg: photo });
  const verifiedAt = new Date();
  const written = await markFaceVerified(db, {
    userId: viewerId,
    comparedWith: avatarUrl,
    verifiedAt,
    captureUrl,
    score: Math.round(distance * 10_000) / 10_000,
  });
  if (!written) {
    await removeCapture(captures, captureUrl);
    throw conflict("conflict", FACE_MESSAGES.avatarChanged);
  }
  if (state?.faceCaptureUrl !== captureUrl)
    await removeCapture(captures, state?.faceCaptureUrl ?? null);
  await bus.publish({ type: "profile.changed", userId: viewerId });
  return { matched: true, verifiedAt: verifiedAt.toISOString() };
}

/** A verification capture, for its owner only (there are no moderators yet). */
export async function readCapture(
  { captures }: Pick<Deps, "captures">,
  { viewerId, name }: { viewerId: string; name: CaptureName },
): Promise<Buffer> {
  if (!isCaptureOf(name, viewerId)) {
    throw forbidden("Only the owner can see a verification photo.");
  }
  const object = await captures.get(captureKey(name));
  if (!object) throw new AppError(404, "not_found", "This file does not exist.");
  return object.bytes;
}
