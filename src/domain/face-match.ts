// Face verification rules shared by server and browser (spec-2 §5, §9): two faces match when the
// Euclidean distance of their descriptors is below 0.6.
export const FACE_MATCH_THRESHOLD = 0.6;

export function faceDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error("face descriptors differ in length");
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += ((a[i] as number) - (b[i] as number)) ** 2;
  return Math.sqrt(sum);
}

export const facesMatch = (distance: number): boolean => distance < FACE_MATCH_THRESHOLD;

/** spec-2 §9: the browser's capture is a JPEG at this quality. */
export const CAPTURE_JPEG_QUALITY = 0.92;
