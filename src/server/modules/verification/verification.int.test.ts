// Face verification through the real HTTP app (spec-2 §4, §5, §6; docs/profiles-and-media.md
// "Face verification"), with real faces cropped from the face-api package's sample photos.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FACE_MESSAGES } from "../../../domain/contracts/verification";
import { profiles } from "../../db/schema/profiles";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { multipartFile } from "../../test-support/multipart";
import { faceOf, noFace, sameFaceVariants, twoFaces } from "../../test-support/sample-faces";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function send(account: TestAccount, method: "PUT" | "POST", url: string, bytes: Buffer) {
  const { payload, headers } = await multipartFile(bytes, "capture.jpg", "image/jpeg");
  return t.app.inject({ method, url, payload, headers: { ...headers, cookie: account.cookie } });
}
const setAvatar = (account: TestAccount, bytes: Buffer) =>
  send(account, "PUT", `/api/profiles/${account.userId}/avatar`, bytes);
const verify = (account: TestAccount, bytes: Buffer) =>
  send(account, "POST", "/api/verification/face", bytes);
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

describe("POST /api/verification/face", () => {
  it("asks for a profile photo first, and a signed-in user", async () => {
    const ann = await createAccount(t, { label: "ann" });
    const res = await verify(ann, await faceOf("a"));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(FACE_MESSAGES.uploadRequired);
    const anonymous = await t.app.inject({ method: "POST", url: "/api/verification/face" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("earns the black badge when the capture matches the photo, and keeps the capture private", async () => {
    const ann = await createAccount(t, { label: "ann" });
    const eve = await createAccount(t, { label: "eve" });
    expect((await setAvatar(ann, await faceOf("a"))).statusCode).toBe(200);
    const res = await verify(ann, (await sameFaceVariants("a")).brightened);
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
  }, 60_000);

  it("saves nothing when another person is in front of the camera", async () => {
    const bo = await createAccount(t, { label: "bo" });
    await setAvatar(bo, await faceOf("a"));
    const res = await verify(bo, await faceOf("c"));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ matched: false, verifiedAt: null });
    expect(await faceColumns(bo)).toMatchObject({
      verification_type: "none",
      face_capture_url: null,
    });
  }, 60_000);

  it("refuses a capture with no face or with two faces, with their messages", async () => {
    const cy = await createAccount(t, { label: "cy" });
    await setAvatar(cy, await faceOf("a"));
    const none = await verify(cy, await noFace());
    expect(none.statusCode).toBe(422);
    expect(none.json().error.message).toBe(FACE_MESSAGES.noFaceInCapture);
    const two = await verify(cy, await twoFaces());
    expect(two.statusCode).toBe(422);
    expect(two.json().error.message).toBe(FACE_MESSAGES.severalFacesInCapture);
  }, 60_000);

  it("allows 5 attempts an hour per person, then answers 429", async () => {
    const di = await createAccount(t, { label: "di" });
    await setAvatar(di, await faceOf("a"));
    const capture = await noFace();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await verify(di, capture)).statusCode).toBe(422);
    }
    const refused = await verify(di, capture);
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
