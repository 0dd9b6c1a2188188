// Real faces for face verification tests, derived at test time from the group photos the
// @vladmandic/face-api package ships (demo/sample*.jpg), so no photo is committed. The boxes were
// found once by running the package's SSD detector over the samples; each crop keeps some margin
// around the face, as a selfie or a profile photo would.
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";

const require = createRequire(import.meta.url);
const DEMO_DIR = path.join(
  path.dirname(require.resolve("@vladmandic/face-api/package.json")),
  "demo",
);

interface Box {
  sample: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Three people whose descriptors lie more than 0.7 apart (checked in face-engine.test.ts). */
const PEOPLE = {
  a: { sample: 1, x: 414, y: 355, w: 177, h: 240 },
  b: { sample: 5, x: 787, y: 109, w: 156, h: 212 },
  c: { sample: 6, x: 681, y: 321, w: 160, h: 307 },
} satisfies Record<string, Box>;

export type SamplePerson = keyof typeof PEOPLE;

const MARGIN = 0.6;

async function cropAround(box: Box, width: number): Promise<Buffer> {
  const file = path.join(DEMO_DIR, `sample${box.sample}.jpg`);
  const meta = await sharp(file).metadata();
  const left = Math.max(0, Math.round(box.x - box.w * MARGIN));
  const top = Math.max(0, Math.round(box.y - box.h * MARGIN));
  return sharp(file)
    .extract({
      left,
      top,
      width: Math.min(meta.width - left, Math.round(box.w * (1 + 2 * MARGIN))),
      height: Math.min(meta.height - top, Math.round(box.h * (1 + 2 * MARGIN))),
    })
    .resize(width)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** One person's face with margin, as a JPEG `width` px wide. */
export const faceOf = (person: SamplePerson, width = 320) => cropAround(PEOPLE[person], width);

/** One person's face filling the frame (`margin` around the face box, as a share of its size;
 * below 0 the frame cuts into it), centred, as a JPEG `width` px wide: a laptop's camera at arm's
 * length. */
export async function closeUpOf(person: SamplePerson, margin: number, width = 1024) {
  const box = PEOPLE[person];
  const file = path.join(DEMO_DIR, `sample${box.sample}.jpg`);
  const w = Math.round(box.w * (1 + 2 * margin));
  const h = Math.round(box.h * (1 + 2 * margin));
  const left = Math.round(box.x + box.w / 2 - w / 2);
  const top = Math.round(box.y + box.h / 2 - h / 2);
  return sharp(file)
    .extract({ left, top, width: w, height: h })
    .resize(width)
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** How people's photos differ from the spec detector's best case, one each (the ones it misses). */
export async function hardShotsOf(person: SamplePerson) {
  const framed = await closeUpOf(person, 0.2, 800);
  return {
    "tilted 20°": await sharp(framed).rotate(20, { background: "#666" }).jpeg().toBuffer(),
    dim: await sharp(framed).modulate({ brightness: 0.35 }).jpeg().toBuffer(),
    bright: await sharp(framed).modulate({ brightness: 1.7 }).jpeg().toBuffer(),
    // A phone's portrait photo: stored sideways, with the EXIF orientation that turns it upright.
    "EXIF-rotated": await sharp(await sharp(framed).rotate(-90).toBuffer())
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer(),
  };
}

/** A close-up of `person` with a much smaller face of `bystander` in the corner behind. */
export async function withBystander(person: SamplePerson, bystander: SamplePerson) {
  const small = await faceOf(bystander, 300);
  return sharp(await closeUpOf(person, 0.45, 700))
    .composite([{ input: small, top: 0, left: 0 }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Two people side by side (sample 1's first two faces). */
export const twoFaces = () => cropAround({ sample: 1, x: 414, y: 355, w: 610, h: 294 }, 640);

/** An image with no face at all. */
export const noFace = () =>
  sharp({ create: { width: 320, height: 320, channels: 3, background: "#8a9bb0" } })
    .jpeg()
    .toBuffer();

/** The same photo changed as a second shot would be: re-encoded, resized, rotated, brightened. */
export const sameFaceVariants = async (person: SamplePerson) => {
  const face = await faceOf(person, 400);
  return {
    reencoded: await sharp(face).jpeg({ quality: 55 }).toBuffer(),
    resized: await sharp(face).resize(240).jpeg().toBuffer(),
    rotated: await sharp(face).rotate(8, { background: "#777" }).jpeg().toBuffer(),
    brightened: await sharp(face).modulate({ brightness: 1.25 }).jpeg().toBuffer(),
  };
};
