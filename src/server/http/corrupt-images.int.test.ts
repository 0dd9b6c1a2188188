// Every image endpoint refuses an image it cannot read with 400 invalid_image, in the one error
// shape (docs/profiles-and-media.md "Invalid images"): a JPEG cut in half, random bytes behind a
// JPEG or PNG magic number, a PNG whose image chunk is broken. The images are real photos from the
// test fixtures (test-support/sample-faces.ts), cut or damaged. A refused face capture never uses
// one of the hourly verification attempts.
import { crc32 } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../domain/error-codes";
import type { FaceStep } from "../../domain/face-liveness";
import { posts } from "../db/schema/posts";
import { profiles } from "../db/schema/profiles";
import { LIMITS } from "../infra/rate-limit";
import { createAccount, type TestAccount } from "../test-support/accounts";
import { liveProfilePhoto, liveSequence } from "../test-support/live-faces";
import { multipartFaceCheck, multipartFile, multipartPost } from "../test-support/multipart";
import { random } from "../test-support/random";
import { faceOf } from "../test-support/sample-faces";
import { createTestApp, type TestApp } from "../test-support/test-app";

let t: TestApp;
let owner: TestAccount;
let jpeg: Buffer;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createAccount(t, { label: "uploader" });
  jpeg = await faceOf("a", 480);
  png = await sharp(jpeg).png().toBuffer();
  const avatar = await upload(owner, "avatar", jpeg);
  expect(avatar.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const next = random(7);
const noise = (length: number) =>
  Buffer.from(Array.from({ length }, () => Math.floor(next() * 256)));

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The PNG with the data of its first IDAT chunk overwritten by noise, its CRC made to match. */
function breakIdat(image: Buffer): Buffer {
  const broken = Buffer.from(image);
  for (let at = 8; at + 8 <= broken.length; ) {
    const length = broken.readUInt32BE(at);
    if (broken.toString("latin1", at + 4, at + 8) === "IDAT") {
      noise(length).copy(broken, at + 8);
      broken.writeUInt32BE(crc32(broken.subarray(at + 4, at + 8 + length)), at + 8 + length);
      return broken;
    }
    at += 12 + length;
  }
  throw new Error("no IDAT chunk");
}

/** The PNG with an impossible colour type in its IHDR chunk, its CRC left as it was. */
function breakIhdr(image: Buffer): Buffer {
  const broken = Buffer.from(image);
  broken[8 + 8 + 9] = 7; // IHDR data starts at 16; byte 9 of it is the colour type
  return broken;
}

const CORRUPT: [string, () => Buffer][] = [
  ["a JPEG cut in half", () => jpeg.subarray(0, Math.floor(jpeg.length / 2))],
  ["a JPEG cut after its header", () => jpeg.subarray(0, 700)],
  [
    "random bytes behind a JPEG magic number",
    () => Buffer.concat([jpeg.subarray(0, 3), noise(40_000)]),
  ],
  ["random bytes behind a PNG magic number", () => Buffer.concat([PNG_SIGNATURE, noise(40_000)])],
  ["a PNG cut in half", () => png.subarray(0, Math.floor(png.length / 2))],
  ["a PNG with a broken image chunk", () => breakIdat(png)],
  ["a PNG with a broken header chunk", () => breakIhdr(png)],
];

type Endpoint = "avatar" | "banner" | "picture" | "post" | "face";

/** A live face check answered with `frames` for its steps; the challenge's refusal when it has one. */
async function faceCheck(who: TestAccount, frames: (steps: FaceStep[]) => Promise<Buffer[][]>) {
  const challenge = await t.app.inject({
    method: "POST",
    url: "/api/verification/face/challenge",
    headers: { cookie: who.cookie },
  });
  if (challenge.statusCode !== 200) return challenge;
  const { id, steps } = challenge.json() as { id: string; steps: FaceStep[] };
  const { payload, headers } = await multipartFaceCheck(id, await frames(steps));
  const url = "/api/verification/face";
  return t.app.inject({
    method: "POST",
    url,
    payload,
    headers: { ...headers, cookie: who.cookie },
  });
}

async function upload(who: TestAccount, endpoint: Endpoint, bytes: Buffer) {
  if (endpoint === "face") return faceCheck(who, async (steps) => steps.map(() => [bytes]));
  const { payload, headers } =
    endpoint === "post"
      ? await multipartPost("A photo", bytes)
      : await multipartFile(bytes, "photo.jpg", "image/jpeg");
  const target = {
    avatar: { method: "PUT", url: `/api/profiles/${who.userId}/avatar` },
    banner: { method: "PUT", url: `/api/profiles/${who.userId}/banner` },
    picture: { method: "PUT", url: `/api/profiles/${who.userId}/pictures/2` },
    post: { method: "POST", url: "/api/posts" },
  }[endpoint] as { method: "PUT" | "POST"; url: string };
  return t.app.inject({ ...target, payload, headers: { ...headers, cookie: who.cookie } });
}

const ENDPOINTS: Endpoint[] = ["avatar", "banner", "picture", "post", "face"];

describe.each(ENDPOINTS)("%s upload", (endpoint) => {
  it.each(CORRUPT)("answers %s with 400 invalid_image", async (_kind, make) => {
    const before = await storedState();
    const res = await upload(owner, endpoint, make());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: ERROR_CODES.invalidImage, message: "This image could not be read." },
    });
    expect(await storedState()).toEqual(before);
  });
});

/** What an upload would change: the avatar, the banner, the pictures, the number of posts, the
 * badge. */
async function storedState() {
  const [profile] = await t.database.db
    .select({
      avatar: profiles.profileImageUrl,
      banner: profiles.bannerUrl,
      verification: profiles.verificationType,
      capture: profiles.faceCaptureUrl,
    })
    .from(profiles)
    .where(eq(profiles.userId, owner.userId));
  const written = await t.database.db
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.userId, owner.userId));
  const pictures = (
    await t.app.inject({ method: "GET", url: `/api/profiles/${owner.handle}` })
  ).json().profile.pictures;
  return { profile, posts: written.length, pictures };
}

/** Each capture runs the face model on every frame: 19 s alone for the budget's captures on a
 * slow two-core machine, over 30 s beside the rest of the suite (as verification.int.test.ts). */
const FACE_MODEL_TIMEOUT_MS = 90_000;

describe("face verification attempts", () => {
  it(
    "are not used by refused images: after more refusals than the hourly budget, a good capture is still read",
    async () => {
      const person = await createAccount(t, { label: "verifier" });
      expect((await upload(person, "avatar", await liveProfilePhoto())).statusCode).toBe(200);
      const budget = LIMITS.faceVerifyPerUser.points;
      for (let i = 0; i <= budget; i++) {
        const [, make] = CORRUPT[i % CORRUPT.length] as [string, () => Buffer];
        const res = await upload(person, "face", make());
        expect(res.statusCode).toBe(400);
      }
      const good = await faceCheck(person, liveSequence);
      expect(good.statusCode).toBe(200);
      expect(good.json()).toMatchObject({ matched: true });
    },
    FACE_MODEL_TIMEOUT_MS,
  );

  it(
    "are still counted for readable captures (the budget is not lifted)",
    async () => {
      const person = await createAccount(t, { label: "counted" });
      expect((await upload(person, "avatar", await faceOf("c"))).statusCode).toBe(200);
      for (let i = 0; i < LIMITS.faceVerifyPerUser.points; i++) {
        expect((await faceCheck(person, liveSequence)).json()).toEqual({
          matched: false,
          verifiedAt: null,
        });
      }
      expect((await faceCheck(person, liveSequence)).statusCode).toBe(429);
    },
    FACE_MODEL_TIMEOUT_MS,
  );
});
