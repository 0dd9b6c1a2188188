// A post's images (docs/profiles-and-media.md "Post images"): up to four, in order, each with its
// description and its stored size; a fifth, a description over the limit or an image that cannot
// be read refuses the whole post and leaves nothing stored; the posts of before (one image_url)
// read the same after migration 0045.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostView } from "../../../domain/contracts/posts";
import { IMAGE_ALT_MAX } from "../../../domain/limits";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { multipartPost } from "../../test-support/multipart";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const jpeg = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function send(who: TestAccount, images: Buffer[], fields: Record<string, string> = {}) {
  const { payload, headers } = await multipartPost("Four views of the garden", images, fields);
  return t.app.inject({
    method: "POST",
    url: "/api/posts",
    payload,
    headers: { ...headers, cookie: who.cookie },
  });
}

/** Every image stored under the person's post images (the disk store's dotted sidecars aside). */
function storedFiles(who: TestAccount): string[] {
  const folder = path.join(t.dataDir, "media", "u", hexOf(who.userId), "post");
  if (!existsSync(folder)) return [];
  return readdirSync(folder).filter((file) => !file.startsWith("."));
}
const hexOf = (userId: string) => Buffer.from(userId).toString("hex");

const postCount = async (who: TestAccount) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from posts where user_id = ${who.userId}`,
    )
  )[0]?.n;

describe("a post's images", () => {
  it("keeps four images in order, each with its description and size", async () => {
    const ada = await createAccount(t);
    const images = await Promise.all([
      jpeg(400, 300, "#aa0000"),
      jpeg(300, 400, "#00aa00"),
      jpeg(500, 500, "#0000aa"),
      jpeg(640, 360, "#aaaa00"),
    ]);
    const res = await send(ada, images, {
      alt0: "  A red square  ",
      alt1: "A green portrait",
      alt3: "A yellow wide one",
    });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json().post as PostView;
    expect(post.images.map(({ alt, width, height }) => ({ alt, width, height }))).toEqual([
      { alt: "A red square", width: 400, height: 300 },
      { alt: "A green portrait", width: 300, height: 400 },
      { alt: "", width: 500, height: 500 },
      { alt: "A yellow wide one", width: 640, height: 360 },
    ]);
    // Each is our re-encoded copy, in the order sent (the colour survives the re-encoding).
    const colours = [];
    for (const image of post.images) {
      const served = await t.app.inject({ method: "GET", url: image.url });
      expect(served.statusCode).toBe(200);
      const { dominant } = await sharp(served.rawPayload).stats();
      colours.push([dominant.r > 128, dominant.g > 128, dominant.b > 128]);
    }
    expect(colours).toEqual([
      [true, false, false],
      [false, true, false],
      [false, false, true],
      [true, true, false],
    ]);
    // The same on every read: the post, the author's list, and the row itself.
    const read = await inject(t, null, "GET", `/api/posts/${post.id}`);
    expect(read.json().post.images).toEqual(post.images);
    const [row] = await queryRows<{ images: unknown }>(
      t.database.db,
      sql`select images from posts where id = ${post.id}`,
    );
    expect(row?.images).toEqual(post.images);
    expect(storedFiles(ada)).toHaveLength(8); // four images and their thumbnails
  });

  it("refuses a fifth image with a 400 and stores nothing", async () => {
    const bo = await createAccount(t);
    const five = await Promise.all(
      ["#111111", "#222222", "#333333", "#444444", "#555555"].map((c) => jpeg(64, 48, c)),
    );
    const res = await send(bo, five, { alt0: "One" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "validation_error",
      message: "A post can have at most 4 images.",
    });
    expect(await postCount(bo)).toBe(0);
    expect(storedFiles(bo)).toEqual([]);
  });

  it("refuses a description over 1,500 characters with a 400 naming its field", async () => {
    const cy = await createAccount(t);
    const res = await send(cy, [await jpeg(64, 48, "#123456")], {
      alt0: "x".repeat(IMAGE_ALT_MAX + 1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      alt0: ["Image descriptions are at most 1,500 characters."],
    });
    expect(await postCount(cy)).toBe(0);
    expect(storedFiles(cy)).toEqual([]);
    // Exactly the limit is taken.
    const ok = await send(cy, [await jpeg(64, 48, "#123456")], {
      alt0: "x".repeat(IMAGE_ALT_MAX),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().post.images[0].alt).toHaveLength(IMAGE_ALT_MAX);
  });

  it("refuses the whole post when one image cannot be read, removing the others it stored", async () => {
    const di = await createAccount(t);
    const good = await jpeg(200, 100, "#abcdef");
    const cut = good.subarray(0, Math.floor(good.length / 2));
    const res = await send(di, [good, await jpeg(100, 200, "#fedcba"), cut]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("invalid_image");
    expect(await postCount(di)).toBe(0);
    expect(storedFiles(di)).toEqual([]);
  });

  it("keeps an image an earlier post of theirs shows when a later post with it is refused", async () => {
    const gus = await createAccount(t);
    const shared = await jpeg(120, 90, "#335577");
    const first = await send(gus, [shared]);
    expect(first.statusCode, first.body).toBe(201);
    const url = first.json().post.images[0].url as string;
    const broken = (await jpeg(120, 90, "#775533")).subarray(0, 100);
    const refused = await send(gus, [shared, broken]);
    expect(refused.statusCode).toBe(400);
    // Identical bytes share one stored object: the refusal took nothing the first post shows.
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(200);
    expect(storedFiles(gus)).toHaveLength(2);
  });

  it("answers a post without images with none, and JSON posts the same", async () => {
    const ed = await createAccount(t);
    const res = await inject(t, ed, "POST", "/api/posts", { content: "Just words" });
    expect(res.statusCode).toBe(201);
    expect(res.json().post.images).toEqual([]);
  });
});

const statementsOf = (file: string) =>
  readFileSync(path.join(import.meta.dirname, "../../db/migrations", file), "utf8").split(
    "--> statement-breakpoint",
  );

describe("migration 0045_post_images", () => {
  it("moves each single-image post's image into its images, with no description", async () => {
    const fa = await createAccount(t);
    const db = t.database.db;
    const made = await inject(t, fa, "POST", "/api/posts", { content: "An old photo post" });
    const plain = await inject(t, fa, "POST", "/api/posts", { content: "An old text post" });
    const [photoId, plainId] = [made.json().post.id, plain.json().post.id];
    // Back to the schema before 0045: one image_url and no images.
    await db.execute(sql`alter table posts drop constraint posts_images_check`);
    await db.execute(sql`alter table posts drop column images`);
    await db.execute(sql`alter table posts add column if not exists image_url text`);
    await db.execute(
      sql`update posts set image_url = '/media/u/00/post/old.jpg' where id = ${photoId}`,
    );
    for (const statement of statementsOf("0045_post_images.sql")) {
      await db.execute(sql.raw(statement));
    }
    // And on to today's schema again.
    for (const statement of statementsOf("0049_post_images_only.sql")) {
      await db.execute(sql.raw(statement));
    }
    // Read from the rows: the post cache still holds what the API answered before.
    const rows = await queryRows<{ id: string; images: unknown }>(
      db,
      sql`select id, images from posts where id in (${photoId}, ${plainId})`,
    );
    const imagesOf = new Map(rows.map((row) => [row.id, row.images]));
    expect(imagesOf.get(photoId)).toEqual([
      { url: "/media/u/00/post/old.jpg", alt: "", width: null, height: null },
    ]);
    expect(imagesOf.get(plainId)).toEqual([]);
  });
});
