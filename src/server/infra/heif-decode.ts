// HEIC/HEIF uploads (docs/profiles-and-media.md): decoded by heic-decode (libheif in wasm)
// because the sharp build here has no HEVC decoder, in a short-lived worker, and handed to sharp
// as raw RGBA, with the same pixel cap as every upload.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import sharp, { type Sharp } from "sharp";
import { invalid, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, tooManyPixels } from "./image-checks";

// libheif decodes in wasm on the thread that calls it: ~2 s for a 12-megapixel photo here. It
// runs in a short-lived worker so the event loop keeps serving.
const require = createRequire(import.meta.url);
const HEIC_DECODE_PATH = require.resolve("heic-decode");
const HEIF_WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const decode = require(workerData.modulePath);
(async () => {
  const images = await decode.all({ buffer: workerData.input });
  try {
    const primary = images[0];
    if (!primary) throw new Error("no image in the HEIF file");
    const { width, height } = primary;
    const { maxSide, maxPixels } = workerData;
    if (!(width > 0 && height > 0)) throw new Error("HEIF image without a size");
    if (width > maxSide || height > maxSide || width * height > maxPixels) {
      parentPort.postMessage({ tooLarge: true });
      return;
    }
    const { data } = await primary.decode();
    parentPort.postMessage({ width, height, data }, [data.buffer]);
  } finally {
    images.dispose();
  }
})().catch((error) => parentPort.postMessage({ error: String(error && error.message || error) }));
`;

type HeifWorkerReply =
  | { tooLarge: true }
  | { error: string }
  | { width: number; height: number; data: Uint8ClampedArray };

function decodeHeifInWorker(input: Uint8Array): Promise<HeifWorkerReply> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(HEIF_WORKER_SOURCE, {
      eval: true,
      workerData: {
        modulePath: HEIC_DECODE_PATH,
        input,
        maxSide: MAX_IMAGE_SIDE,
        maxPixels: MAX_IMAGE_PIXELS,
      },
      transferList: [input.buffer as ArrayBuffer],
      // libheif prints parse errors to stdout; they are reported as invalid_image instead.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    worker.once("message", (reply: HeifWorkerReply) => resolve(reply));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`HEIF worker exited (${code})`)));
  });
}

/** HEIC/HEIF: libheif reports the primary image's size before it is decoded to RGBA. */
export async function openHeif(input: Buffer): Promise<Sharp> {
  const copy = new Uint8Array(input); // its buffer is transferred to the worker
  // heic-decode only accepts the six most common major brands; libheif itself checks the
  // compatible brands, so naming "mif1" as major brand lets heim/heis files through.
  const major = input.toString("latin1", 8, 12);
  if (major === "heim" || major === "heis") copy.set(Buffer.from("mif1", "latin1"), 8);
  let reply: HeifWorkerReply;
  try {
    reply = await decodeHeifInWorker(copy);
  } catch (error) {
    throw invalid(error);
  }
  if ("tooLarge" in reply) throw tooManyPixels();
  if ("error" in reply) throw invalid(new Error(reply.error));
  const { width, height, data } = reply;
  // libheif has already applied the irot/imir transforms, so there is nothing to rotate.
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width, height, channels: 4 },
    limitInputPixels: MAX_IMAGE_PIXELS,
  });
}
