// The shared decode queue (docs/profiles-and-media.md): however many images arrive at once, no more
// than the queue's width are decoded and re-encoded at the same time, and every one is answered.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createImageProcessor } from "./images";

const photo = (seed: number) =>
  sharp({
    create: {
      width: 1200,
      height: 900,
      channels: 3,
      background: { r: seed * 40, g: 90, b: 200 - seed * 20 },
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();

// Six full-size photos through a queue of two take a few seconds on a busy 2-core machine: the
// test checks order and counts, never time, so it gets room.
describe("the image decode queue", { timeout: 60_000 }, () => {
  it("runs at most its width of decodes at once, and finishes every image, refused ones included", async () => {
    const width = 2;
    const seen: number[] = [];
    const { processImage } = createImageProcessor({
      concurrency: width,
      onRunning: (running) => seen.push(running),
    });
    const photos = await Promise.all([0, 1, 2, 3, 4].map(photo));
    // A truncated JPEG fails mid-decode: its turn must still end and let the next one in.
    const broken = (photos[0] as Buffer).subarray(0, (photos[0] as Buffer).length / 2);
    const inputs = [photos[0], broken, ...photos.slice(1)] as Buffer[];

    const results = await Promise.allSettled(inputs.map((input) => processImage(input, "post")));

    expect(Math.max(...seen)).toBe(width);
    // Every image started and ended once: 6 starts and 6 ends, and nothing left running.
    expect(seen).toHaveLength(inputs.length * 2);
    expect(seen.at(-1)).toBe(0);
    expect(results.map((result) => result.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
    ]);
    expect(results[1]).toMatchObject({ reason: { status: 400, code: "invalid_image" } });
    for (const result of results) {
      if (result.status !== "fulfilled") continue;
      expect(result.value.main).toMatchObject({ contentType: "image/jpeg", width: 1200 });
      expect((await sharp(result.value.thumb.bytes).metadata()).width).toBe(320);
    }
  });
});
