// What an upload must pass before its pixels are decoded (docs/profiles-and-media.md "Invalid
// images"): the size per kind, the type sniffed from the bytes (a file name or a Content-Type
// header is never trusted), the declared dimensions within the pixel cap, and the errors that
// refuse it (415 unsupported, 400 invalid_image or too many pixels).
import { ERROR_CODES } from "../../domain/error-codes";
import { AppError } from "../errors";

/** What an image is for: each has its own size and thumbnail (images.ts). */
export type ImageKind = "avatar" | "picture" | "post" | "banner";

type SniffedType = "jpeg" | "png" | "webp" | "heif";

const MB = 1024 * 1024;

/** Upload limits per kind; the messages are the spec's on-screen texts. */
export const IMAGE_LIMITS: Record<ImageKind, { maxBytes: number; tooLargeMessage: string }> = {
  avatar: { maxBytes: 5 * MB, tooLargeMessage: "File size must be less than 5MB" },
  picture: { maxBytes: 8 * MB, tooLargeMessage: "Image is too large. Max 8MB." },
  post: { maxBytes: 8 * MB, tooLargeMessage: "Image is too large. Max 8MB." },
  banner: { maxBytes: 8 * MB, tooLargeMessage: "Image is too large. Max 8MB." },
};

export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 12_000;

export const unsupported = () =>
  new AppError(415, ERROR_CODES.unsupportedImage, "Please upload a JPG, PNG, or WEBP image.");
export const invalid = (cause?: unknown) =>
  Object.assign(new AppError(400, ERROR_CODES.invalidImage, "This image could not be read."), {
    cause,
  });
export const tooManyPixels = () =>
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

export function assertDimensions(width: number | undefined, height: number | undefined) {
  if (!width || !height) throw invalid();
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw tooManyPixels();
  }
}

export const isPixelLimitError = (error: unknown) =>
  error instanceof Error && /pixel limit/i.test(error.message);
