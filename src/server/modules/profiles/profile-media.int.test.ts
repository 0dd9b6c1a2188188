// Avatar and picture uploads (spec-2 §5, §7; docs/profiles-and-media.md): bytes decide the type, everything is re-encoded
// without metadata, replaced objects are removed, bad files change nothing.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { multipartFile } from "../../test-support/multipart";
import { publish } from "../../test-support/social";
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

const photoWithGps = (width = 1200, height = 800, color = "#3366cc") =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .withExif({
      IFD0: { Make: "TestCam" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
    })
    .jpeg()
    .toBuffer();

async function upload(
  account: TestAccount,
  url: string,
  bytes: Buffer,
  name = "photo.jpg",
  type = "image/jpeg",
) {
  const { payload, headers } = await multipartFile(bytes, name, type);
  return t.app.inject({
    method: "PUT",
    url,
    payload,
    headers: { ...headers, cookie: account.cookie },
  });
}

const fetchMedia = (url: string) => t.app.inject({ method: "GET", url });

describe("avatar", () => {
  it("re-encodes the upload without EXIF or GPS and serves it from /media", async () => {
    const original = await photoWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(ada, `/api/profiles/${ada.userId}/avatar`, original);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().profile.profileImageUrl;
    expect(url).toMatch(/^\/media\/u\/[0-9a-f]+\/avatar\/[0-9a-f]{32}\.jpg$/);

    const media = await fetchMedia(url);
    expect(media.statusCode).toBe(200);
    expect(media.headers["content-type"]).toBe("image/jpeg");
    expect(media.headers["x-content-type-options"]).toBe("nosniff");
    const meta = await sharp(media.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(512);
    expect(meta.height).toBe(512);
  });

  it("removes the old object when the avatar is replaced", async () => {
    const first = await upload(
      ada,
      `/api/profiles/${ada.userId}/avatar`,
      await photoWithGps(600, 600, "#aa0000"),
    );
    const oldUrl: string = first.json().profile.profileImageUrl;
    const second = await upload(
      ada,
      `/api/profiles/${ada.userId}/avatar`,
      await photoWithGps(600, 600, "#00aa00"),
      "new.png",
      "image/png",
    );
    const newUrl: string = second.json().profile.profileImageUrl;
    expect(newUrl).not.toBe(oldUrl);
    expect((await fetchMedia(oldUrl)).statusCode).toBe(404);
    expect((await fetchMedia(newUrl)).statusCode).toBe(200);
  });

  it("shows the new avatar on the person's posts already read", async () => {
    const post = await publish(t, ada, "Before the new avatar");
    const read = () => t.app.inject({ method: "GET", url: `/api/posts/${post.id}` });
    expect((await read()).statusCode).toBe(200);
    const res = await upload(
      ada,
      `/api/profiles/${ada.userId}/avatar`,
      await photoWithGps(600, 600, "#0000aa"),
    );
    const url: string = res.json().profile.profileImageUrl;
    expect((await read()).json().post.author.profileImageUrl).toBe(url);
  });

  it("refuses someone else's avatar with 403 and stores nothing", async () => {
    const res = await upload(bob, `/api/profiles/${ada.userId}/avatar`, await photoWithGps());
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("Can only update your own pics");
  });

  it.each([
    [
      "HTML named .jpg",
      Buffer.from("<html><script>alert(1)</script></html>"),
      415,
      "Please upload a JPG, PNG, or WEBP image.",
    ],
    [
      "a GIF",
      Buffer.from("474946383961010001000000002c00000000010001000002", "hex"),
      415,
      "Please upload a JPG, PNG, or WEBP image.",
    ],
    [
      "a 6 MB file",
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(6 * 1024 * 1024)]),
      413,
      "File size must be less than 5MB",
    ],
  ])("refuses %s (%i) and keeps the avatar", async (_label, bytes, status, message) => {
    const before = (
      await t.app.inject({ method: "GET", url: `/api/profiles/${ada.handle}` })
    ).json().profile.profileImageUrl;
    const res = await upload(ada, `/api/profiles/${ada.userId}/avatar`, bytes);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(message);
    const after = (await t.app.inject({ method: "GET", url: `/api/profiles/${ada.handle}` })).json()
      .profile.profileImageUrl;
    expect(after).toBe(before);
  });

  it("refuses a truncated JPEG with 400", async () => {
    const whole = await photoWithGps();
    const res = await upload(ada, `/api/profiles/${ada.userId}/avatar`, whole.subarray(0, 200));
    expect(res.statusCode).toBe(400);
  });
});

describe("pictures", () => {
  it("fills a slot, reads it with the profile, and clears it (object removed)", async () => {
    const res = await upload(
      ada,
      `/api/profiles/${ada.userId}/pictures/3`,
      await photoWithGps(4000, 3000),
      "big.webp",
      "image/webp",
    );
    expect(res.statusCode).toBe(200);
    const pictures: (string | null)[] = res.json().profile.pictures;
    expect(pictures[2]).toMatch(/^\/media\/u\/.+\/picture\/.+\.jpg$/);
    expect(pictures.filter(Boolean)).toHaveLength(1);
    const stored = await sharp((await fetchMedia(pictures[2] as string)).rawPayload).metadata();
    expect([stored.width, stored.height]).toEqual([2048, 1536]);
    // The profile page's own read shows it too, with the slots before it empty.
    const page = await t.app.inject({
      method: "GET",
      url: `/api/profiles/${ada.handle}`,
      headers: { cookie: bob.cookie },
    });
    expect(page.json().profile.pictures).toEqual(pictures);

    const cleared = await t.app.inject({
      method: "DELETE",
      url: `/api/profiles/${ada.userId}/pictures/3`,
      headers: { cookie: ada.cookie },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().profile.pictures[2]).toBeNull();
    expect((await fetchMedia(pictures[2] as string)).statusCode).toBe(404);
  });

  it("keeps an object that another slot still uses", async () => {
    const same = await photoWithGps(900, 900, "#123456");
    await upload(ada, `/api/profiles/${ada.userId}/pictures/1`, same);
    const res = await upload(ada, `/api/profiles/${ada.userId}/pictures/2`, same);
    const [one, two] = res.json().profile.pictures as string[];
    expect(one).toBe(two);
    await t.app.inject({
      method: "DELETE",
      url: `/api/profiles/${ada.userId}/pictures/1`,
      headers: { cookie: ada.cookie },
    });
    expect((await fetchMedia(two as string)).statusCode).toBe(200);
  });

  it.each([0, 10])("refuses slot %i with 400", async (slot) => {
    const res = await upload(
      ada,
      `/api/profiles/${ada.userId}/pictures/${slot}`,
      await photoWithGps(100, 100),
    );
    expect(res.statusCode).toBe(400);
  });

  it("refuses a 9 MB picture with the spec's message", async () => {
    const res = await upload(
      ada,
      `/api/profiles/${ada.userId}/pictures/4`,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(9 * 1024 * 1024)]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe("Image is too large. Max 8MB.");
  });

  it("refuses someone else's pictures with 403", async () => {
    const res = await upload(
      bob,
      `/api/profiles/${ada.userId}/pictures/5`,
      await photoWithGps(100, 100),
    );
    expect(res.statusCode).toBe(403);
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/profiles/${ada.userId}/pictures/2`,
      headers: { cookie: bob.cookie },
    });
    expect(del.statusCode).toBe(403);
  });
});
