// Uploaded images (docs/profiles-and-media.md): the type is sniffed from the bytes, pixel bombs are refused from the
// header before any decode, and everything is re-encoded to a metadata-free JPEG (EXIF, GPS, XMP
// and ICC are dropped; orientation is applied first) plus a thumbnail. Bytes that are no readable
// image (cut short, corrupt data behind a valid magic number) are 400 invalid_image, never a 500
// (docs/profiles-and-media.md "Invalid images"; the checks before a decode are image-checks.ts).
// HEIC/HEIF is decoded by heic-decode (libheif in wasm, heif-decode.ts) because the sharp build
// here has no HEVC decoder. Decoding is
// the costly part (about a second of CPU near the pixel cap), so every image of the process waits
// in one queue that runs as many at once as there are cores.
import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import pLimit from "p-limit";
import sharp, { type Metadata, type Sharp } from "sharp";
import { ERROR_CODES } from "../../domain/error-codes";
import { AppError } from "../errors";
import { openHeif } from "./heif-decode";
import {
  assertDimensions,
  IMAGE_LIMITS,
  type ImageKind,
  invalid,
  isPixelLimitError,
  MAX_IMAGE_PIXELS,
  sniffImageType,
  tooManyPixels,
  unsupported,
} from "./image-checks";

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

// libjpeg-turbo with optimised Huffman tables, progressive: a 2048 px photo encodes in about a
// fifth of mozjpeg's time for a file about 3% larger (docs/profiles-and-media.md "Post images").
const JPEG_OPTIONS = { quality: 82, optimiseCoding: true, progressive: true } as const;
// Transparent areas of PNG/WebP/HEIF become white rather than JPEG's default black.
const FLATTEN_BACKGROUND = "#ffffff";

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

/** The banner's largest size: three to one, as wide as a desktop profile shows it. */
const BANNER = { width: 1500, height: 500 };
const BANNER_THUMB = { width: 600, height: 200 };

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
  // A banner is cut to 3:1, at most 1500 by 500, never enlarged (docs/profiles-and-media.md "Banner").
  if (kind === "banner") {
    return encode(
      flat.resize(BANNER.width, BANNER.height, {
        fit: "cover",
        position: "centre",
        withoutEnlargement: true,
      }),
    );
  }
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
  if (kind === "banner") {
    return encode(image.resize(BANNER_THUMB.width, BANNER_THUMB.height, { fit: "cover" }));
  }
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
