// Chromium's fake camera for the face verification tests (spec-2 §2 "Face verification dialog"):
// `--use-file-for-fake-video-capture` plays a file in a loop as the only camera, and
// `--use-fake-ui-for-media-stream` grants it without a prompt. An MJPEG file for Chromium is
// plain JPEG frames one after the other; each frame here is one sample face (faces cut from the
// face-api package's demo photos, src/server/test-support/sample-faces.ts) centred on a 640×480
// backdrop, as a webcam would frame a person sitting in front of it.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserType, LaunchOptions } from "@playwright/test";
import sharp from "sharp";
import { faceOf, type SamplePerson } from "../../src/server/test-support/sample-faces";

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 5;

/** One camera frame: `person`'s face, the height of the frame, on a plain wall. */
async function cameraFrame(person: SamplePerson): Promise<Buffer> {
  const face = await sharp(await faceOf(person, 480))
    .resize({ height: HEIGHT, width: WIDTH, fit: "inside" })
    .toBuffer();
  const { width = 0 } = await sharp(face).metadata();
  return sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: "#6f7d8c" },
  })
    .composite([{ input: face, left: Math.round((WIDTH - width) / 2), top: 0 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A fake camera showing `person`: the .mjpeg file and the flags that make Chromium use it. */
async function fakeCamera(person: SamplePerson) {
  const dir = await mkdtemp(path.join(tmpdir(), "chtcht-camera-"));
  const file = path.join(dir, `${person}.mjpeg`);
  const frame = await cameraFrame(person);
  await writeFile(file, Buffer.concat(Array.from({ length: FRAMES }, () => frame)));
  return {
    args: [
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${file}`,
    ],
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * A browser whose camera shows `person`. The camera file is a launch flag, so each person needs a
 * browser of their own: the config's launch options (executable, flags) plus the camera's.
 */
export async function browserWithCamera(
  browserType: BrowserType,
  launchOptions: LaunchOptions,
  person: SamplePerson,
): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const camera = await fakeCamera(person);
  const browser = await browserType.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), ...camera.args],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      await camera.remove();
    },
  };
}
