// Face verification (spec-2 §2, §3, §8): the browser asks for a challenge, uploads the frames of
// each of its steps (multipart: field `challenge`, files `step0`, `step1`, …; domain/face-liveness.ts),
// and the server checks that a live face followed it and matches the profile photo.
import { z } from "zod";
import { FACE_STEPS } from "../face-liveness";

/** spec-2 §8: the dialog's texts. */
export const FACE_MESSAGES = {
  uploadRequired: "Please upload a profile image to enable face verification.",
  cameraFailed: "Camera access was blocked or failed.",
  captureFailed: "Failed to capture photo from camera.",
  noUser: "No authenticated user.",
  failed: "Verification failed.",
  noMatch: "Face match failed. Try better lighting and ensure your face is centered.",
  noFaceInCapture: "No face was found in the photo. Face the camera in good light.",
  severalFacesInCapture: "More than one face is in the photo. Only you should be in view.",
  noFaceInAvatar:
    "Your profile photo must show exactly one face. Upload a clear photo of yourself.",
  avatarChanged: "Your profile photo changed. Please try again.",
  challengeExpired:
    "This check has expired or was already used. Press Capture & Verify to start again.",
  notLive:
    "We could not see you follow the prompts. Press Capture & Verify and follow each prompt on screen.",
  copiedPhoto:
    "This looks like a copy of a photo, not your live camera. Use your camera and follow the prompts.",
  faceChanged: "A different face appeared during the check. Only you should be in view.",
} as const;

/** Error codes of a refused capture (422), beside the usual ones of errors.ts. */
export const FACE_ERROR_CODES = {
  uploadRequired: "profile_photo_required",
  captureFaces: "capture_faces",
  avatarFaces: "avatar_faces",
  challengeExpired: "challenge_expired",
  notLive: "not_live",
  copiedPhoto: "copied_photo",
  faceChanged: "face_changed",
} as const;

export const faceChallengeResponse = z.object({
  id: z.uuid(),
  /** The steps in order: always 'straight' first, then two actions. */
  steps: z.array(z.enum(FACE_STEPS)),
  expiresAt: z.string(),
});
export type FaceChallenge = z.infer<typeof faceChallengeResponse>;

export const faceVerificationResponse = z.object({
  matched: z.boolean(),
  /** When matched: the moment the black badge was earned. */
  verifiedAt: z.string().nullable(),
});
export type FaceVerificationResult = z.infer<typeof faceVerificationResponse>;

export const captureParams = z.object({
  user: z.string().regex(/^[0-9a-f]{2,256}$/),
  file: z.string().regex(/^[0-9a-f]{32}\.jpg$/),
});
