// Real faces from the face-api package's sample photos through the production model path.
import { describe, expect, it } from "vitest";
import { FACE_MATCH_THRESHOLD, faceDistance } from "../../domain/face-match";
import { faceOf, noFace, sameFaceVariants, twoFaces } from "../test-support/sample-faces";
import { readFaces } from "./face-engine";

async function descriptorOf(bytes: Buffer): Promise<Float32Array> {
  const reading = await readFaces(bytes);
  expect(reading.faces).toBe(1);
  return reading.descriptor as Float32Array;
}

describe("readFaces", () => {
  it("matches one person's photo re-encoded, resized, rotated a little and brightened", async () => {
    const original = await descriptorOf(await faceOf("a"));
    const variants = await sameFaceVariants("a");
    for (const [name, bytes] of Object.entries(variants)) {
      const distance = faceDistance(original, await descriptorOf(bytes));
      expect(distance, name).toBeLessThan(FACE_MATCH_THRESHOLD);
    }
  }, 60_000);

  it("keeps different people far apart", async () => {
    const [a, b, c] = await Promise.all([
      faceOf("a").then(descriptorOf),
      faceOf("b").then(descriptorOf),
      faceOf("c").then(descriptorOf),
    ]);
    for (const [x, y] of [
      [a, b],
      [a, c],
      [b, c],
    ] as const) {
      expect(faceDistance(x, y)).toBeGreaterThan(0.7);
    }
  }, 60_000);

  it("counts no face and two faces, with no descriptor", async () => {
    expect(await readFaces(await noFace())).toEqual({ faces: 0, descriptor: null });
    expect(await readFaces(await twoFaces())).toEqual({ faces: 2, descriptor: null });
  }, 60_000);
});
