// The profile banner (docs/profiles-and-media.md "Banner"): uploaded through the media pipeline
// like the avatar — re-encoded without metadata, cut to 3:1, size-capped — replaced and removed
// with its stored object, the owner's alone, and the actor's image for servers elsewhere.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { AS } from "../../test-support/federation-instances";
import { multipartFile } from "../../test-support/multipart";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
let ada: TestAccount;
let bob: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  ada = await createAccount(t, { label: "ada" });
  bob = await createAccount(t, { label: "bob" });
});
afterAll(async () => {
  await t.close();
});

const wideWithGps = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .withExif({
      IFD0: { Make: "TestCam" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
    })
    .jpeg()
    .toBuffer();

async function uploadBanner(who: TestAccount, owner: TestAccount, bytes: Buffer) {
  const { payload, headers } = await multipartFile(bytes, "banner.jpg", "image/jpeg");
  return t.app.inject({
    method: "PUT",
    url: `/api/profiles/${owner.userId}/banner`,
    payload,
    headers: { ...headers, cookie: who.cookie },
  });
}

const bannerOf = async (who: TestAccount) =>
  (await inject(t, null, "GET", `/api/profiles/${who.handle}`)).json().profile.bannerUrl as
    | string
    | null;
const fetchMedia = (url: string) => t.app.inject({ method: "GET", url });

describe("profile banner", () => {
  it("re-encodes the upload without EXIF, at most 1500 by 500, and shows it on the profile", async () => {
    const res = await uploadBanner(ada, ada, await wideWithGps(3000, 1200, "#336699"));
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().profile.bannerUrl;
    expect(url).toMatch(/^\/media\/u\/[0-9a-f]+\/banner\/[0-9a-f]{32}\.jpg$/);
    expect(await bannerOf(ada)).toBe(url);
    const media = await fetchMedia(url);
    expect(media.statusCode).toBe(200);
    const meta = await sharp(media.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([1500, 500]);
  });

  it("removes the old object when replaced, and the banner and its object when removed", async () => {
    const first = (await uploadBanner(ada, ada, await wideWithGps(900, 300, "#aa0000"))).json()
      .profile.bannerUrl;
    const second = (await uploadBanner(ada, ada, await wideWithGps(900, 300, "#00aa00"))).json()
      .profile.bannerUrl;
    expect(second).not.toBe(first);
    expect((await fetchMedia(first)).statusCode).toBe(404);

    const removed = await inject(t, ada, "DELETE", `/api/profiles/${ada.userId}/banner`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().profile.bannerUrl).toBeNull();
    expect(await bannerOf(ada)).toBeNull();
    expect((await fetchMedia(second)).statusCode).toBe(404);
    // Removing it again is no error.
    expect((await inject(t, ada, "DELETE", `/api/profiles/${ada.userId}/banner`)).statusCode).toBe(
      200,
    );
  });

  it("is the owner's alone: anyone else is refused with 403 and nothing changes", async () => {
    const mine = (await uploadBanner(bob, bob, await wideWithGps(900, 300, "#0000aa"))).json()
      .profile.bannerUrl;
    const res = await uploadBanner(ada, bob, await wideWithGps(900, 300, "#aaaa00"));
    expect(res.statusCode).toBe(403);
    const removal = await inject(t, ada, "DELETE", `/api/profiles/${bob.userId}/banner`);
    expect(removal.statusCode).toBe(403);
    expect(await bannerOf(bob)).toBe(mine);
  });

  it.each([
    ["HTML named .jpg", Buffer.from("<html></html>"), 415],
    ["a 9 MB file", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(9 << 20)]), 413],
    ["a truncated JPEG", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]), 400],
  ])("refuses %s and keeps the banner", async (_label, bytes, status) => {
    const before = await bannerOf(bob);
    const res = await uploadBanner(bob, bob, bytes);
    expect(res.statusCode).toBe(status);
    expect(await bannerOf(bob)).toBe(before);
  });

  it("is the actor's image for servers elsewhere, as the avatar is its icon", async () => {
    const url = (await bannerOf(bob)) ?? "";
    expect(url).not.toBe("");
    const actor = await t.app.inject({ url: `/ap/users/${bob.userId}`, headers: { accept: AS } });
    expect(actor.statusCode).toBe(200);
    expect(actor.json().image).toMatchObject({ type: "Image", url: expect.stringContaining(url) });
    expect(
      (await t.app.inject({ url: `/ap/users/${ada.userId}`, headers: { accept: AS } })).json(),
    ).not.toHaveProperty("image");
  });
});
