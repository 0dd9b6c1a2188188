// Chromium's fake camera for the face verification tests (spec-2 §2 "Face verification dialog";
// docs/profiles-and-media.md "Face verification"): `--use-file-for-fake-video-capture` plays a
// file in a loop as the only camera, and `--use-fake-ui-for-media-stream` grants it without a
// prompt. An MJPEG file for Chromium is plain JPEG frames one after the other, played at 30 a
// second. A still camera repeats one photo; a live one plays a person following the challenge
// (src/server/test-support/live-faces.ts), one step after another, each as long as the dialog
// shows its prompt, with a coloured square in the corner naming the step so a test can start the
// check as the first step begins (startCheckOnCue).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserType, LaunchOptions, Locator } from "@playwright/test";
import sharp from "sharp";
import { FACE_STEP_MS, type FaceStep } from "../../src/domain/face-liveness";
import { liveFrame } from "../../src/server/test-support/live-faces";

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES_PER_SECOND = 30;
const STILL_FRAMES = 5;
/** The corner square of each step of a live camera, in order. */
const CUE_COLOURS = ["#ff0000", "#00ff00", "#0000ff"] as const;
const CUE_SIDE = 24;

/** One camera frame: `photo` fitted into 640×480 on a plain wall, with an optional cue square. */
async function cameraFrame(photo: Buffer, cue?: string): Promise<Buffer> {
  const fitted = await sharp(photo)
    .resize({ width: WIDTH, height: HEIGHT, fit: "inside" })
    .toBuffer();
  const { width = 0, height = 0 } = await sharp(fitted).metadata();
  const layers = [
    {
      input: fitted,
      left: Math.round((WIDTH - width) / 2),
      top: Math.round((HEIGHT - height) / 2),
    },
  ];
  if (cue) {
    const square = await sharp({
      create: { width: CUE_SIDE, height: CUE_SIDE, channels: 3, background: cue },
    })
      .png()
      .toBuffer();
    layers.push({ input: square, left: 0, top: 0 });
  }
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: "#6f7d8c" } })
    .composite(layers)
    .jpeg({ quality: 90 })
    .toBuffer();
}

export type CameraShows = { still: Buffer } | { live: readonly FaceStep[] };

async function cameraFile(shows: CameraShows): Promise<Buffer> {
  if ("still" in shows) {
    const frame = await cameraFrame(shows.still);
    return Buffer.concat(Array.from({ length: STILL_FRAMES }, () => frame));
  }
  const perStep = Math.round((FACE_STEP_MS / 1000) * FRAMES_PER_SECOND);
  const steps = await Promise.all(
    shows.live.map(async (step, index) => {
      const frame = await cameraFrame(await liveFrame(step), CUE_COLOURS[index]);
      return Array.from({ length: perStep }, () => frame);
    }),
  );
  return Buffer.concat(steps.flat());
}

/** A fake camera showing `shows`: the .mjpeg file and the flags that make Chromium use it. */
async function fakeCamera(shows: CameraShows) {
  const dir = await mkdtemp(path.join(tmpdir(), "chtcht-camera-"));
  const file = path.join(dir, "camera.mjpeg");
  await writeFile(file, await cameraFile(shows));
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
 * A browser whose camera shows `shows`. The camera file is a launch flag, so each camera needs a
 * browser of its own: the config's launch options (executable, flags) plus the camera's.
 */
export async function browserWithCamera(
  browserType: BrowserType,
  launchOptions: LaunchOptions,
  shows: CameraShows,
): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const camera = await fakeCamera(shows);
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

/** Presses `button` in the page the moment the live camera's loop starts again at its first step,
 * so the dialog's prompts and the steps the camera plays run together. */
export async function startCheckOnCue(preview: Locator, button: Locator): Promise<void> {
  const handle = await button.elementHandle();
  await preview.evaluate(
    (video: HTMLVideoElement, pressed) =>
      new Promise<void>((resolve) => {
        const canvas = document.createElement("canvas");
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        const context = canvas.getContext("2d", { willReadFrequently: true });
        const step = () => {
          context?.drawImage(video, 0, 0);
          const [red = 0, green = 0, blue = 0] = context?.getImageData(8, 8, 1, 1).data ?? [];
          return red > green && red > blue ? 0 : green > blue ? 1 : 2;
        };
        let last = step();
        const tick = () => {
          const now = step();
          if (now === 0 && last !== 0) {
            (pressed as HTMLElement).click();
            resolve();
            return;
          }
          last = now;
          video.requestVideoFrameCallback(tick);
        };
        video.requestVideoFrameCallback(tick);
      }),
    handle,
  );
}
