// The live face check (docs/profiles-and-media.md "Face verification"): a still photo must never
// earn the black badge, so the dialog asks for a short sequence the server picked at random (look
// straight with a neutral face, then two of: turn left, turn right, smile) and sends a few frames
// of each step. Shared by the server (which decides) and the browser (which prompts and times).

export const FACE_ACTIONS = ["left", "right", "smile"] as const;
export type FaceAction = (typeof FACE_ACTIONS)[number];
export const FACE_STEPS = ["straight", ...FACE_ACTIONS] as const;
export type FaceStep = (typeof FACE_STEPS)[number];

/** What the dialog shows during each step; left and right are the person's own. */
export const FACE_PROMPTS: Record<FaceStep, string> = {
  straight: "Look straight at the camera, without smiling",
  left: "Turn your head to your left",
  right: "Turn your head to your right",
  smile: "Smile",
};

/** How long each prompt shows, and when in it the dialog takes a frame: late enough for the
 * person to have followed the prompt, and more than once in case they were slow. */
export const FACE_STEP_MS = 2_400;
export const FACE_FRAME_AT_MS = [1_000, 1_500, 2_000] as const;
export const FACE_MAX_FRAMES_PER_STEP = FACE_FRAME_AT_MS.length;
/** 'straight' and two actions. */
export const FACE_CHALLENGE_STEPS = 3;

/** The camera frames are sent at most this many pixels on their longer side. */
export const FACE_FRAME_MAX_SIDE = 960;
/** … and at most this many bytes each (a 960 px JPEG is about 150 kB). */
export const FACE_FRAME_MAX_BYTES = 2 * 1024 * 1024;

/** A step's file field in the multipart upload: `step0`, `step1`, … */
export const frameField = (step: number) => `step${step}`;
