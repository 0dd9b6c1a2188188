// Did a live face follow the challenge? (docs/profiles-and-media.md "Face verification"). Each step
// of the challenge comes with a few frames; every frame shows one face, read for its descriptor and
// pose. A still photo, sent again and again, shows the same pose in every step and fails here.

import type { FaceStep } from "../../../domain/face-liveness";
import { faceDistance, facesMatch } from "../../../domain/face-match";
import type { FacePose } from "../../infra/face-engine";

export interface FrameFace {
  descriptor: Float32Array;
  pose: FacePose;
}

/** The straight step: facing the camera (the nose within this of the jaw's middle) … */
const FRONTAL_YAW = 0.15;
/** … and not smiling. */
const NEUTRAL_SMILE = 0.5;
/** A turn moves the nose at least this share of the jaw's width from where it was straight. */
const TURN_YAW = 0.1;
/** A smile, by the expression net's probability. */
const SMILE = 0.7;

export type Liveness =
  | { live: true; straight: FrameFace }
  | { live: false; reason: "not_live" | "face_changed" };

const frontalness = (face: FrameFace) => Math.abs(face.pose.yaw - 0.5);

/** The most frontal neutral frame of the straight step: the one compared with the profile photo. */
function straightFrame(frames: FrameFace[]): FrameFace | undefined {
  return frames
    .filter((face) => frontalness(face) <= FRONTAL_YAW && face.pose.smile < NEUTRAL_SMILE)
    .sort((a, b) => frontalness(a) - frontalness(b))[0];
}

function followed(step: FaceStep, frames: FrameFace[], straight: FrameFace): boolean {
  const turned = (face: FrameFace) => face.pose.yaw - straight.pose.yaw;
  switch (step) {
    case "straight":
      return true;
    case "left":
      return frames.some((face) => turned(face) >= TURN_YAW);
    case "right":
      return frames.some((face) => turned(face) <= -TURN_YAW);
    case "smile":
      return frames.some((face) => face.pose.smile >= SMILE);
  }
}

/** `steps[i]`'s frames are `frames[i]`; the first step is always 'straight'. */
export function judgeLiveness(steps: readonly FaceStep[], frames: FrameFace[][]): Liveness {
  const straight = straightFrame(frames[0] ?? []);
  if (!straight) return { live: false, reason: "not_live" };
  const sameFace = frames
    .flat()
    .every((face) => facesMatch(faceDistance(face.descriptor, straight.descriptor)));
  if (!sameFace) return { live: false, reason: "face_changed" };
  const allFollowed = steps.every((step, i) => followed(step, frames[i] ?? [], straight));
  return allFollowed ? { live: true, straight } : { live: false, reason: "not_live" };
}
