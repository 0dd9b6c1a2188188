// The upload pipeline on fixtures made here with sharp (and one real HEIC, embedded below).
import { createHash } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ImageKind } from "./image-checks";
import { IMAGE_LIMITS, sniffImageType } from "./image-checks";
import { processImage } from "./images";

// 64×40 HEIC (major brand "heic", one 64×64 HEVC tile in a grid) made with Debian's libheif
// `heif-enc -q 40` (x265) from a gradient whose left half is blue and right half is not.
const TINY_HEIC = Buffer.from(
  "AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAa1tZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAA" +
    "AAAAAA5waXRtAAAAAAACAAAAEGlkYXQAAAAAAEAAKAAAADhpbG9jAQAAAERAAAIAAQAAAAAAAAHRAAEAAAAAAAAAUgACAAEA" +
    "AAAAAAAAAQAAAAAAAAAIAAAAOGlpbmYAAAAAAAIAAAAVaW5mZQIAAAEAAQAAaHZjMQAAAAAVaW5mZQIAAAAAAgAAZ3JpZAAA" +
    "AADYaXBycAAAALZpcGNvAAAAdmh2Y0MBA3AAAAAAAAAAAAAe8AD8/fj4AAAPAyAAAQAYQAEMAf//A3AAAAMAkAAAAwAAAwAe" +
    "ugJAIQABACpCAQEDcAAAAwCQAAADAAADAB6gIIEFlurkprm4EBAwIAAAAwAgAAADACEiAAEABkQBwXPAiQAAABRpc3BlAAAA" +
    "AAAAAEAAAABAAAAAFGlzcGUAAAAAAAAAQAAAACgAAAAQcGl4aQAAAAADCAgIAAAAGmlwbWEAAAAAAAAAAgABAoECAAICA4QA" +
    "AAAaaXJlZgAAAAAAAAAOZGltZwACAAEAAQAAAFptZGF0AAAATigBr1jm//RPASqQMR04ykA1niYpSU+upLyOlj9K2kUiV3+S" +
    "41NDPLMrCql79fjqZQUhXzKaUKgRGx7mWl1slH3LZ8K1q9PY2MgDtUwiXg==",
  "base64",
);

const noise = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  });

const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } });

/** Red left half, blue right half: tells a rotation from its mirror. */
const redLeftBlueRight = (width: number, height: number) =>
  solid(width, height, "#ff0000").composite([
    {
      input: { create: { width: width / 2, height, channels: 3, background: "#0000ff" } },
      left: width / 2,
      top: 0,
    },
  ]);

async function pixel(jpeg: Buffer, x: number, y: number) {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at], data[at + 1], data[at + 2]] as [number, number, number];
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 200-byte PNG whose header declares width×height RGB pixels. */
function pngDeclaring(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(Buffer.alloc(1024))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

async function expectClean(jpeg: Buffer) {
  const metadata = await sharp(jpeg).metadata();
  expect(metadata.format).toBe("jpeg");
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
  return metadata;
}

describe("processImage re-encodes", () => {
  it("strips EXIF and GPS and bounds a 4000×3000 photo to 2048×1536", async () => {
    const input = await solid(4000, 3000, "#3366aa")
      .withExif({
        IFD0: { Make: "PhoneMaker", Model: "Phone 15" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "48/1 51/1 2400/100",
          GPSLongitudeRef: "E",
          GPSLongitude: "2/1 21/1 700/100",
        },
      })
      .jpeg({ quality: 90 })
      .toBuffer();
    expect((await sharp(input).metadata()).exif?.toString("latin1")).toContain("PhoneMaker");

    const { main, thumb } = await processImage(input, "post");

    expect(main).toMatchObject({ contentType: "image/jpeg", width: 2048, height: 1536 });
    expect(thumb).toMatchObject({ contentType: "image/jpeg", width: 320, height: 240 });
    for (const image of [main, thumb]) {
      const metadata = await expectClean(image.bytes);
      expect([metadata.width, metadata.height]).toEqual([image.width, image.height]);
      expect(image.sha256).toBe(createHash("sha256").update(image.bytes).digest("hex"));
      expect(image.bytes.includes("PhoneMaker")).toBe(false);
    }
  }, 30_000);

  it("applies the EXIF orientation (6: rotate 90° clockwise) before dropping it", async () => {
    const input = await redLeftBlueRight(200, 100)
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);

    const { main } = await processImage(input, "picture");

    expect([main.width, main.height]).toEqual([100, 200]);
    await expectClean(main.bytes);
    const [topRed, , topBlue] = await pixel(main.bytes, 50, 20);
    const [bottomRed, , bottomBlue] = await pixel(main.bytes, 50, 180);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(200);
    expect(bottomRed).toBeLessThan(60);
  });

  it("turns a PNG with alpha into a JPEG on white, never enlarged", async () => {
    const input = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();

    const { main, thumb } = await processImage(input, "picture");

    expect([main.width, main.height, thumb.width, thumb.height]).toEqual([300, 200, 300, 200]);
    const metadata = await expectClean(main.bytes);
    expect(metadata.channels).toBe(3);
    for (const channel of await pixel(main.bytes, 150, 100)) expect(channel).toBeGreaterThan(245);
  });

  it("re-encodes a WebP with a 320 px thumbnail", async () => {
    const input = await noise(500, 400).webp().toBuffer();
    const { main, thumb } = await processImage(input, "post");
    expect([main.width, main.height]).toEqual([500, 400]);
    expect([thumb.width, thumb.height]).toEqual([320, 256]);
    await expectClean(main.bytes);
  });

  it.each([
    ["landscape photo", 1000, 600, 512, 128],
    ["small photo", 300, 200, 200, 128],
    ["tiny photo", 90, 120, 90, 90],
  ])("crops an avatar from a %s to a square", async (_label, width, height, side, thumbSide) => {
    const input = await noise(width, height).jpeg().toBuffer();
    const { main, thumb } = await processImage(input, "avatar");
    expect([main.width, main.height]).toEqual([side, side]);
    expect([thumb.width, thumb.height]).toEqual([thumbSide, thumbSide]);
  });

  it("decodes a real HEIC (heic-decode) and re-encodes it as JPEG", async () => {
    expect(sniffImageType(TINY_HEIC)).toBe("heif");

    const { main, thumb } = await processImage(TINY_HEIC, "post");

    expect([main.width, main.height]).toEqual([64, 40]);
    expect([thumb.width, thumb.height]).toEqual([64, 40]);
    await expectClean(main.bytes);
    // The picture survived: the left half is blue, the right half is not.
    expect((await pixel(main.bytes, 8, 20))[2]).toBeGreaterThan(150);
    expect((await pixel(main.bytes, 56, 20))[2]).toBeLessThan(90);
  });

  it("crops a HEIC avatar to a square", async () => {
    const { main } = await processImage(TINY_HEIC, "avatar");
    expect([main.width, main.height]).toEqual([40, 40]);
  });
});

describe("sniffImageType reads magic numbers only", () => {
  const ftyp = (major: string, ...compatible: string[]) => {
    const box = Buffer.alloc(16 + 4 * compatible.length + 8);
    box.writeUInt32BE(16 + 4 * compatible.length);
    box.write(`ftyp${major}`, 4, "latin1");
    compatible.forEach((brand, i) => {
      box.write(brand, 16 + 4 * i, "latin1");
    });
    return box;
  };

  it.each([
    ["heic", "heif"],
    ["heix", "heif"],
    ["hevc", "heif"],
    ["hevx", "heif"],
    ["heim", "heif"],
    ["heis", "heif"],
    ["mif1", "heif"],
    ["msf1", "heif"],
    ["avif", null],
    ["isom", null],
    ["mp42", null],
  ])("ftyp brand %s → %s", (brand, expected) => {
    expect(sniffImageType(ftyp(brand, "mif1"))).toBe(expected);
  });

  it("treats a generic HEIF container holding AV1 (AVIF) as unsupported", () => {
    expect(sniffImageType(ftyp("mif1", "avif", "miaf"))).toBeNull();
    expect(sniffImageType(ftyp("mif1", "avif", "heic"))).toBe("heif");
  });
});

describe("processImage refuses", () => {
  it.each([
    ["HTML", Buffer.from("<!doctype html><script>alert(1)</script>")],
    ["SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ["PDF", Buffer.from("%PDF-1.7\n%âãÏÓ\n")],
    ["empty", Buffer.alloc(0)],
  ])("%s bytes with 415 unsupported_image", async (_label, input) => {
    await expect(processImage(input, "post")).rejects.toMatchObject({
      status: 415,
      code: "unsupported_image",
      message: "Please upload a JPG, PNG, or WEBP image.",
    });
  });

  it("a GIF, whatever it is called, with 415", async () => {
    const gif = await noise(20, 20).gif().toBuffer();
    await expect(processImage(gif, "avatar")).rejects.toMatchObject({
      status: 415,
      code: "unsupported_image",
    });
  });

  it.each([
    ["avatar", 5, "File size must be less than 5MB"],
    ["picture", 8, "Image is too large. Max 8MB."],
    ["post", 8, "Image is too large. Max 8MB."],
  ] as const)("an %s over %i MB with 413", async (kind: ImageKind, megabytes, message) => {
    expect(IMAGE_LIMITS[kind].maxBytes).toBe(megabytes * 1024 * 1024);
    const input = Buffer.alloc(megabytes * 1024 * 1024 + 1);
    await expect(processImage(input, kind)).rejects.toMatchObject({ status: 413, message });
  });

  it("a truncated JPEG with 400 invalid_image", async () => {
    const jpeg = await noise(800, 600).jpeg().toBuffer();
    await expect(processImage(jpeg.subarray(0, jpeg.length / 2), "post")).rejects.toMatchObject({
      status: 400,
      code: "invalid_image",
      message: "This image could not be read.",
    });
  });

  it("a PNG with corrupt pixel data with 400 invalid_image", async () => {
    const png = pngDeclaring(100, 100);
    await expect(processImage(png, "post")).rejects.toMatchObject({
      status: 400,
      code: "invalid_image",
    });
  });

  it("a truncated HEIC with 400 invalid_image", async () => {
    await expect(processImage(TINY_HEIC.subarray(0, 400), "post")).rejects.toMatchObject({
      status: 400,
      code: "invalid_image",
    });
  });

  it.each([
    ["20000×20000", 20000, 20000],
    ["13000 px wide", 13000, 100],
    ["41 megapixels", 8000, 5125],
  ])("a PNG declaring %s from its header, fast", async (_label, width, height) => {
    const started = performance.now();
    await expect(processImage(pngDeclaring(width, height), "post")).rejects.toMatchObject({
      status: 400,
      code: "image_too_large_dimensions",
    });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("a HEIC declaring 20000×20000 before decoding it", async () => {
    const bomb = Buffer.from(TINY_HEIC);
    // The grid image's size sits in its 'ispe' property and in the grid descriptor in 'idat'.
    const ispe = bomb.indexOf(Buffer.from("ispe\0\0\0\0\0\0\0\x40\0\0\0\x28", "latin1"));
    bomb.writeUInt32BE(20000, ispe + 8);
    bomb.writeUInt32BE(20000, ispe + 12);
    const grid = bomb.indexOf(Buffer.from([0, 0, 0, 0, 0, 0x40, 0, 0x28]));
    bomb.writeUInt16BE(20000, grid + 4);
    bomb.writeUInt16BE(20000, grid + 6);
    expect(Math.min(ispe, grid)).toBeGreaterThan(0);

    const started = performance.now();
    await expect(processImage(bomb, "post")).rejects.toMatchObject({
      status: 400,
      code: "image_too_large_dimensions",
    });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
