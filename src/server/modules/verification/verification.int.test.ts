// Face verification through the real HTTP app (spec-2 §4, §5, §6; docs/profiles-and-media.md
// "Face verification"): a live face check with real faces, a person's stills following the
// challenge (test-support/live-faces.ts) and faces cropped from the face-api package's samples.
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FACE_MESSAGES } from "../../../domain/contracts/verification";
import type { FaceStep } from "../../../domain/face-liveness";
import { verifications } from "../../db/schema/auth";
import { profiles } from "../../db/schema/profiles";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { liveFrame, liveProfilePhoto, liveSequence } from "../../test-support/live-faces";
import { multipartFaceCheck, multipartFile } from "../../test-support/multipart";
import { faceOf, noFace, sameFaceVariants, twoFaces } from "../../test-support/sample-faces";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function setAvatar(account: TestAccount, bytes: Buffer) {
  const { payload, headers } = await multipartFile(bytes, "me.jpg", "image/jpeg");
  const url = `/api/profiles/${account.userId}/avatar`;
  return t.app.inject({
    method: "PUT",
    url,
    payload,
    headers: { ...headers, cookie: account.cookie },
  });
}
async function challengeFor(
  account: TestAccount,
): Promise<{ id: string; steps: FaceStep[]; expiresAt: string }> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/verification/face/challenge",
    headers: { cookie: account.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}
async function submit(account: TestAccount, challenge: string, frames: Buffer[][]) {
  const { payload, headers } = await multipartFaceCheck(challenge, frames);
  return t.app.inject({
    method: "POST",
    url: "/api/verification/face",
    payload,
    headers: { ...headers, cookie: account.cookie },
  });
}
/** A fresh challenge, answered with `frames(steps)`. */
async function check(account: TestAccount, frames: (steps: FaceStep[]) => Promise<Buffer[][]>) {
  const { id, steps } = await challengeFor(account);
  return submit(account, id, await frames(steps));
}
/** The same image in every frame of every step. */
const still = (image: Buffer) => async (steps: FaceStep[]) => steps.map(() => [image, image]);
const refusal = (res: {
  statusCode: number;
  json: () => { error: { code: string; message: string } };
}) => ({
  status: res.statusCode,
  code: res.json().error.code,
  message: res.json().error.message,
});
const profileOf = async (account: TestAccount) =>
  (await t.app.inject({ method: "GET", url: `/api/profiles/${account.handle}` })).json().profile;
const faceColumns = async (account: TestAccount) => {
  const [row] = await t.database.db
    .select({
      verification_type: profiles.verificationType,
      face_verified_at: profiles.faceVerifiedAt,
      face_capture_url: profiles.faceCaptureUrl,
      face_match_score: profiles.faceMatchScore,
    })
    .from(profiles)
    .where(eq(profiles.userId, account.userId));
  return row as Record<string, unknown>;
};

describe("POST /api/verification/face/challenge", () => {
  it("gives a signed-in person a straight step and two different actions, valid two minutes", async () => {
    const ann = await createAccount(t, { label: "ann" });
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const { steps, expiresAt } = await challengeFor(ann);
      expect(steps).toHaveLength(3);
      expect(steps[0]).toBe("straight");
      expect(["left", "right", "smile"]).toContain(steps[1]);
      expect(["left", "right", "smile"]).toContain(steps[2]);
      expect(steps[1]).not.toBe(steps[2]);
      const ttl = new Date(expiresAt).getTime() - Date.now();
      expect(ttl).toBeGreaterThan(100_000);
      expect(ttl).toBeLessThanOrEqual(120_000);
      seen.add(steps.join());
    }
    // Picked at random: twelve draws of six sequences all alike would be a fixed challenge.
    expect(seen.size).toBeGreaterThan(1);
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/verification/face/challenge",
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("POST /api/verification/face", () => {
  it("asks for a profile photo first, and a signed-in user", async () => {
    const ann = await createAccount(t, { label: "ann" });
    const res = await check(ann, liveSequence);
    expect(refusal(res)).toMatchObject({ status: 422, message: FACE_MESSAGES.uploadRequired });
    const anonymous = await t.app.inject({ method: "POST", url: "/api/verification/face" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("earns the black badge for a live face that follows the challenge, and keeps the frame private", async () => {
    const ann = await createAccount(t, { label: "ann" });
    const eve = await createAccount(t, { label: "eve" });
    expect((await setAvatar(ann, await liveProfilePhoto())).statusCode).toBe(200);
    const res = await check(ann, liveSequence);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ matched: true, verifiedAt: expect.any(String) });
    expect((await profileOf(ann)).verificationType).toBe("black");

    const row = await faceColumns(ann);
    expect(row.verification_type).toBe("black");
    expect(row.face_verified_at).toBeTruthy();
    expect(row.face_match_score as number).toBeLessThan(0.6);
    const captureUrl = row.face_capture_url as string;
    expect(captureUrl).toMatch(/^\/api\/verification\/captures\/[0-9a-f]+\/[0-9a-f]{32}\.jpg$/);

    const own = await t.app.inject({
      method: "GET",
      url: captureUrl,
      headers: { cookie: ann.cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("image/jpeg");
    expect(own.headers["cache-control"]).toBe("private, no-store");
    const other = await t.app.inject({
      method: "GET",
      url: captureUrl,
      headers: { cookie: eve.cookie },
    });
    expect(other.statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: captureUrl })).statusCode).toBe(401);
    const key = captureUrl.replace("/api/verification/captures/", "");
    const [user, file] = key.split("/");
    for (const url of [
      `/media/u/${user}/capture/${file}`,
      `/media/private/u/${user}/capture/${file}`,
    ]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
    }

    // The stored frame is a photo of the person now: sending the same frames again is a replay.
    const replay = await check(ann, liveSequence);
    expect(refusal(replay)).toMatchObject({ status: 422, code: "copied_photo" });

    // A new photo drops the badge: it vouched for the old one.
    expect((await setAvatar(ann, await faceOf("b"))).statusCode).toBe(200);
    expect((await profileOf(ann)).verificationType).toBe("none");
    expect(await faceColumns(ann)).toEqual({
      verification_type: "none",
      face_verified_at: null,
      face_capture_url: null,
      face_match_score: null,
    });
    const gone = await t.app.inject({
      method: "GET",
      url: captureUrl,
      headers: { cookie: ann.cookie },
    });
    expect(gone.statusCode).toBe(404);
  }, 90_000);

  it("refuses the profile photo itself, and copies of it (re-encoded, resized, rotated 8°, brightened), as a copy", async () => {
    const bo = await createAccount(t, { label: "bo" });
    const photo = await faceOf("a");
    await setAvatar(bo, photo);
    const copies = { original: photo, ...(await sameFaceVariants("a")) };
    for (const [name, copy] of Object.entries(copies)) {
      const res = await check(bo, still(copy));
      expect(refusal(res), name).toEqual({
        status: 422,
        code: "copied_photo",
        message: FACE_MESSAGES.copiedPhoto,
      });
    }
    expect(await faceColumns(bo)).toMatchObject({
      verification_type: "none",
      face_capture_url: null,
    });
  }, 90_000);

  it("refuses a still frame of the right person repeated for the whole challenge", async () => {
    const cy = await createAccount(t, { label: "cy" });
    await setAvatar(cy, await liveProfilePhoto());
    for (const step of ["straight", "smile"] as const) {
      const res = await check(cy, still(await liveFrame(step)));
      expect(refusal(res), step).toEqual({
        status: 422,
        code: "not_live",
        message: FACE_MESSAGES.notLive,
      });
    }
    expect(await faceColumns(cy)).toMatchObject({
      verification_type: "none",
      face_capture_url: null,
    });
  }, 60_000);

  it("refuses a challenge used twice, one past its two minutes, and someone else's", async () => {
    const di = await createAccount(t, { label: "di" });
    const fay = await createAccount(t, { label: "fay" });
    await setAvatar(di, await liveProfilePhoto());
    const expired = {
      status: 422,
      code: "challenge_expired",
      message: FACE_MESSAGES.challengeExpired,
    };

    const first = await challengeFor(di);
    const frames = await liveSequence(first.steps);
    expect((await submit(di, first.id, frames)).statusCode).toBe(200);
    expect(refusal(await submit(di, first.id, frames))).toEqual(expired);

    const late = await challengeFor(di);
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verifications.identifier, `face:${late.id}`));
    expect(refusal(await submit(di, late.id, await liveSequence(late.steps)))).toEqual(expired);

    const fays = await challengeFor(fay);
    expect(refusal(await submit(di, fays.id, await liveSequence(fays.steps)))).toEqual(expired);
    // Refused before any face was read: none of these spent an attempt.
    const attempts = await t.limits.spent("faceVerifyPerUser", di.userId);
    expect(attempts).toBe(1);
  }, 60_000);

  it("refuses frames without every step, and a face that changes during the check", async () => {
    const ed = await createAccount(t, { label: "ed" });
    await setAvatar(ed, await liveProfilePhoto());
    const { id, steps } = await challengeFor(ed);
    const partial = await submit(ed, id, (await liveSequence(steps)).slice(0, 2));
    expect(partial.statusCode).toBe(400);

    const swapped = await check(ed, async (asked) => {
      const frames = await liveSequence(asked);
      frames[2] = [await faceOf("c", 480)];
      return frames;
    });
    expect(refusal(swapped)).toMatchObject({ status: 422, code: "face_changed" });
  }, 60_000);

  it("saves nothing when another person follows the challenge", async () => {
    const gus = await createAccount(t, { label: "gus" });
    await setAvatar(gus, await faceOf("a"));
    const res = await check(gus, liveSequence);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ matched: false, verifiedAt: null });
    expect(await faceColumns(gus)).toMatchObject({
      verification_type: "none",
      face_capture_url: null,
    });
  }, 60_000);

  it("refuses a frame with no face or with two faces, with their messages", async () => {
    const hal = await createAccount(t, { label: "hal" });
    await setAvatar(hal, await liveProfilePhoto());
    const none = await check(hal, still(await noFace()));
    expect(refusal(none)).toMatchObject({ status: 422, message: FACE_MESSAGES.noFaceInCapture });
    const two = await check(hal, still(await twoFaces()));
    expect(refusal(two)).toMatchObject({
      status: 422,
      message: FACE_MESSAGES.severalFacesInCapture,
    });
  }, 60_000);

  it("allows 5 attempts an hour per person, then answers 429, for a new challenge too", async () => {
    const ida = await createAccount(t, { label: "ida" });
    await setAvatar(ida, await liveProfilePhoto());
    const blank = still(await noFace());
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await check(ida, blank)).statusCode).toBe(422);
    }
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/verification/face/challenge",
      headers: { cookie: ida.cookie },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
  }, 60_000);
});

describe("badge integrity", () => {
  it("refuses a profile save that tries to set a badge or face field", async () => {
    const ed = await createAccount(t, { label: "ed" });
    const body = { fullName: "Ed", emailAddress: "ed@example.com", details: {} };
    for (const field of [
      "verificationType",
      "verification_type",
      "veteran",
      "faceMatchScore",
      "face_capture_url",
    ]) {
      const res = await t.app.inject({
        method: "PUT",
        url: `/api/profiles/${ed.userId}`,
        headers: { cookie: ed.cookie },
        payload: { ...body, [field]: field === "veteran" ? true : "black" },
      });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), field).toContain(field);
    }
    expect((await faceColumns(ed)).verification_type).toBe("none");
  });
});
