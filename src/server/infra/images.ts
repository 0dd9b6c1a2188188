// Uploaded images (docs/profiles-and-media.md): the type is sniffed from the bytes, pixel bombs are refused from the
// header before any decode, and everything is re-encoded to a metadata-free JPEG (EXIF, GPS, XMP
// and ICC are dropped; orientation is applied first) plus a thumbnail. Bytes that are no readable
// image (cut short, corrupt data behind a valid magic number) are 400 invalid_image, never a 500
// (docs/profiles-and-media.md "Invalid images"). HEIC/HEIF is decoded by
// heic-decode (libheif in wasm) because the sharp build here has no HEVC decoder. Decoding is
// the costly part (about a second of CPU near the pixel cap), so every image of the process waits
// in one queue that runs as many at once as there are cores.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import pLimit from "p-limit";
import sharp, { type Metadata, type Sharp } from "sharp";
import { ERROR_CODES } from "../../domain/error-codes";
import { AppError } from "../errors";

export type ImageKind = "avatar" | "picture" | "post";

export interface EncodedImage {
  bytes: Buffer;
  contentType: "image/jpeg";
  width: number;
  height: number;
  sha256: string;
}

export interface ProcessedImage {
  main: EncodedImage;
  thumb: EncodedImage;
}

type SniffedType = "jpeg" | "png" | "webp" | "heif";

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

const MB = 1024 * 1024;

/** Upload limits per kind; the messages are the spec's on-screen texts. */
export const IMAGE_LIMITS: Record<ImageKind, { maxBytes: number; tooLargeMessage: string }> = {
  avatar: { maxBytes: 5 * MB, tooLargeMessage: "File size must be less than 5MB" },
  picture: { maxBytes: 8 * MB, tooLargeMessage: "Image is too large. Max 8MB." },
  post: { maxBytes: 8 * MB, tooLargeMessage: "Image is too large. Max 8MB." },
};

export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 12_000;

const JPEG_OPTIONS = { quality: 82, mozjpeg: true } as const;
// Transparent areas of PNG/WebP/HEIF become white rather than JPEG's default black.
const FLATTEN_BACKGROUND = "#ffffff";

const unsupported = () =>
  new AppError(415, ERROR_CODES.unsupportedImage, "Please upload a JPG, PNG, or WEBP image.");
const invalid = (cause?: unknown) =>
  Object.assign(new AppError(400, ERROR_CODES.invalidImage, "This image could not be read."), {
    cause,
  });
const tooManyPixels = () =>
  new AppError(
    400,
    "image_too_large_dimensions",
    `This image is too large. Please upload an image of at most ${MAX_IMAGE_SIDE.toLocaleString("en-US")} pixels on a side and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
  );

// HEIF brands that carry HEVC images (the ISO/IEC 23008-12 names). "mif1"/"msf1" are generic HEIF
// and may hold AV1 (AVIF), which is not among the accepted types.
const HEVC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis"]);
const GENERIC_HEIF_BRANDS = new Set(["mif1", "msf1"]);
const AV1_BRANDS = new Set(["avif", "avis"]);

function ftypBrands(bytes: Buffer): { major: string; compatible: string[] } | null {
  if (bytes.length < 16 || bytes.toString("latin1", 4, 8) !== "ftyp") return null;
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length);
  const compatible: string[] = [];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) {
    compatible.push(bytes.toString("latin1", offset, offset + 4));
  }
  return { major: bytes.toString("latin1", 8, 12), compatible };
}

/** The image type from its magic numbers; a file name or a Content-Type header is never trusted. */
export function sniffImageType(bytes: Buffer): SniffedType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return "jpeg";
  }
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "png";
  }
  if (bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") {
    return "webp";
  }
  const brands = ftypBrands(bytes);
  if (brands && HEVC_BRANDS.has(brands.major)) return "heif";
  if (brands && GENERIC_HEIF_BRANDS.has(brands.major)) {
    const isAv1Only =
      brands.compatible.some((brand) => AV1_BRANDS.has(brand)) &&
      !brands.compatible.some((brand) => HEVC_BRANDS.has(brand));
    return isAv1Only ? null : "heif";
  }
  return null;
}

function assertDimensions(width: number | undefined, height: number | undefined) {
  if (!width || !height) throw invalid();
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw tooManyPixels();
  }
}

const isPixelLimitError = (error: unknown) =>
  error instanceof Error && /pixel limit/i.test(error.message);

/** JPEG/PNG/WebP: read the declared size from the header (no pixel decode), then open for decoding. */
async function openWithSharp(input: Buffer): Promise<Sharp> {
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "warning" } as const;
  let metadata: Metadata;
  try {
    metadata = await sharp(input, options).metadata();
  } catch (error) {
    throw isPixelLimitError(error) ? tooManyPixels() : invalid(error);
  }
  assertDimensions(metadata.width, metadata.height);
  return sharp(input, options).rotate();
}

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
async function openHeif(input: Buffer): Promise<Sharp> {
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

async function encode(pipeline: Sharp): Promise<EncodedImage> {
  const { data, info } = await pipeline.jpeg(JPEG_OPTIONS).toBuffer({ resolveWithObject: true });
  return {
    bytes: data,
    contentType: "image/jpeg",
    width: info.width,
    height: info.height,
    sha256: createHash("sha256").update(data).digest("hex"),
  };
}

async function resizeMain(image: Sharp, kind: ImageKind): Promise<EncodedImage> {
  const flat = image.flatten({ background: FLATTEN_BACKGROUND });
  if (kind !== "avatar") {
    return encode(flat.resize(2048, 2048, { fit: "inside", withoutEnlargement: true }));
  }
  // A square crop, never enlarged: its side is the shorter side of the photo, at most 512.
  // (The shorter side is the same before and after a 90° EXIF rotation.)
  const { width, height } = await image.metadata();
  const side = Math.min(512, width, height);
  return encode(flat.resize(side, side, { fit: "cover", position: "centre" }));
}

/** The thumbnail is cut from the re-encoded main image: bounded input, cheap to decode. */
function makeThumb(main: EncodedImage, kind: ImageKind): Promise<EncodedImage> {
  const image = sharp(main.bytes, { failOn: "error" });
  if (kind === "avatar") {
    const side = Math.min(128, main.width, main.height);
    return encode(image.resize(side, side, { fit: "cover" }));
  }
  return encode(image.resize(320, 320, { fit: "inside", withoutEnlargement: true }));
}

interface DecodeQueueOptions {
  /** How many images are decoded and re-encoded at once; the rest wait their turn. */
  concurrency: number;
  /** Told how many decodes are running each time one starts or ends (tests observe the queue). */
  onRunning?: (running: number) => void;
}

/** Runs decodes through one queue of the given width. */
function decodeQueue(options: DecodeQueueOptions) {
  const queue = pLimit(options.concurrency);
  let running = 0;
  return <T>(task: () => Promise<T>): Promise<T> =>
    queue(async () => {
      options.onRunning?.(++running);
      try {
        return await task();
      } finally {
        options.onRunning?.(--running);
      }
    });
}

/**
 * The image pipeline's two entries, whose decodes share one queue of the given width:
 * - processImage: an upload to show (avatar, picture, post image), the main image and its
 *   thumbnail;
 * - processPhoto: an upload to read rather than show (a face verification capture), with the
 *   same checks and decode, orientation applied and metadata dropped, scaled down to at most
 *   `maxSide` pixels on a side, as one JPEG. Unreadable bytes are refused here, before anyone
 *   spends work or an attempt on them.
 */
export function createImageProcessor(options: DecodeQueueOptions) {
  const inQueue = decodeQueue(options);
  return {
    processImage: (input: Buffer, kind: ImageKind): Promise<ProcessedImage> =>
      inQueue(() => decodeAndEncode(input, kind)),
    processPhoto: (
      input: Buffer,
      { kind, maxSide }: { kind: ImageKind; maxSide: number },
    ): Promise<EncodedImage> =>
      inQueue(async () => {
        const image = await openUpload(input, kind);
        return decodeFully(() =>
          encode(
            image
              .flatten({ background: FLATTEN_BACKGROUND })
              .resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true }),
          ),
        );
      }),
  };
}

/** The process's one queue: every upload's decode and re-encode, as many at once as cores. */
export const { processImage, processPhoto } = createImageProcessor({
  concurrency: availableParallelism(),
});

/** The upload opened for decoding: within its kind's size, a type we take, a sane pixel count. */
async function openUpload(input: Buffer, kind: ImageKind): Promise<Sharp> {
  const limit = IMAGE_LIMITS[kind];
  if (input.length > limit.maxBytes) {
    throw new AppError(413, ERROR_CODES.tooLarge, limit.tooLargeMessage);
  }
  const type = sniffImageType(input);
  if (!type) throw unsupported();
  return type === "heif" ? openHeif(input) : openWithSharp(input);
}

/** Runs the first full decode: headers can be fine while the pixel data is truncated or corrupt,
 * and that surfaces here. */
async function decodeFully<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw isPixelLimitError(error) ? tooManyPixels() : invalid(error);
  }
}

async function decodeAndEncode(input: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  const image = await openUpload(input, kind);
  const main = await decodeFully(() => resizeMain(image, kind));
  return { main, thumb: await makeThumb(main, kind) };
}
