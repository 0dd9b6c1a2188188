// Face verification (spec-2 §2, §3, §8): the browser uploads one capture (multipart, field
// `file`); the server compares it with the profile photo and answers whether they match.
import { z } from "zod";

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
} as const;

/** Error codes of a refused capture (422), beside the usual ones of errors.ts. */
export const FACE_ERROR_CODES = {
  uploadRequired: "profile_photo_required",
  captureFaces: "capture_faces",
  avatarFaces: "avatar_faces",
} as const;

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
