// Pruning link previews (docs/feed.md "Link previews"): a read a day past its expiry that no post
// points at goes, with its image once no other card shows it (the outbox's media.delete); a card a
// post points at, or one not yet past its grace, stays; one run a period across instances.
import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { createObjectStore } from "../../infra/object-store";
import { createAccount } from "../../test-support/accounts";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { keyOfMediaUrl, storeImage } from "../media/service";
import { insertPreview } from "./link-preview-queries";
import { PREVIEW_GRACE_MS } from "./link-preview-sweep";

const HOUR = 3_600_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

/** A card image stored as the pipeline stores one, in the cards' shared folder. */
async function cardImage(colour: string): Promise<string> {
  const store = createObjectStore({ dataDir: t.dataDir });
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return storeImage(store, { ownerId: "link-previews", kind: "post", bytes });
}

const stored = (url: string) =>
  existsSync(path.join(t.dataDir, "media", keyOfMediaUrl(url) as string));

async function card(url: string, expiresAt: Date, imageUrl: string | null) {
  const row = await insertPreview(t.database.db, {
    url,
    found: true,
    title: `Title of ${url}`,
    imageUrl,
    fetchedAt: new Date(expiresAt.getTime() - 24 * HOUR),
    expiresAt,
  });
  return row.id;
}

const left = async () =>
  (
    await queryRows<{ url: string }>(t.database.db, sql`select url from link_previews order by url`)
  ).map((row) => row.url);

describe("the link preview sweep", () => {
  it("prunes unused reads past their grace, and the images only they showed", async () => {
    const now = new Date();
    const long = new Date(now.getTime() - PREVIEW_GRACE_MS - HOUR);
    const lately = new Date(now.getTime() - PREVIEW_GRACE_MS + HOUR);
    const [own, shared, kept] = await Promise.all([
      cardImage("#aa3322"),
      cardImage("#2233aa"),
      cardImage("#22aa33"),
    ]);
    await card("https://a.test/own-image", long, own);
    await card("https://a.test/shared-old", long, shared);
    // The same image, still shown by a card that stays: the file stays.
    await card("https://a.test/shared-fresh", new Date(now.getTime() + HOUR), shared);
    await card("https://a.test/within-grace", lately, null);
    const pointedAt = await card("https://a.test/posted", long, kept);
    // A post that kept the card, written with it (docs/feed.md "Link previews").
    const author = await createAccount(t);
    const posted = await inject(t, author, "POST", "/api/posts", {
      content: "Reading https://a.test/posted",
      linkPreviewId: pointedAt,
    });
    expect(posted.json().post.linkPreview).toMatchObject({ id: pointedAt });

    expect(await t.app.runLinkPreviewSweep(now)).toBe(2);
    expect(await left()).toEqual([
      "https://a.test/posted",
      "https://a.test/shared-fresh",
      "https://a.test/within-grace",
    ]);
    // media.delete runs after the commit (the outbox's worker may deliver it a moment later).
    const deadline = Date.now() + 10_000;
    while (stored(own) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect([stored(own), stored(shared), stored(kept)]).toEqual([false, true, true]);
    // Nothing more to prune: a second run changes nothing.
    expect(await t.app.runLinkPreviewSweep(now)).toBe(0);
  });

  it("runs once a period across instances", async () => {
    const now = new Date();
    expect(await t.app.runLinkPreviewSweep(now, HOUR)).not.toBeNull();
    expect(await t.app.runLinkPreviewSweep(new Date(now.getTime() + HOUR / 2), HOUR)).toBeNull();
    expect(await t.app.runLinkPreviewSweep(new Date(now.getTime() + HOUR), HOUR)).not.toBeNull();
  });
});
