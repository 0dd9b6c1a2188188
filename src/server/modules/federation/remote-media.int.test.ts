// Images from elsewhere (docs/federation.md "Images from elsewhere"): Mastodon's Create(Note) with
// an image and its person's picture, fetched once in the background from the fixture server,
// re-encoded into our media store; too large an image, and a server whose media is rejected, leave
// the post without it.
import { sql } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { createObjectStore } from "../../infra/object-store";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { startInstance } from "../../test-support/federation-instances";
import { type FediverseNet, installFediverseNet } from "../../test-support/fediverse-net";
import { followFixturePerson } from "../../test-support/fixture-follow";
import { deliver, type FixtureServer, startFixtureServer } from "../../test-support/fixture-server";
import { eventually, queueDrained } from "../../test-support/interop-instance";
import { inject } from "../../test-support/social";
import type { TestApp } from "../../test-support/test-app";
import { insertNote } from "./note-queries";
import { upsertActor } from "./queries";
import { remoteMediaHandler } from "./remote-media";

const SHARED_INBOX = "https://a.test/ap/inbox";
const MODERATOR = "moderator.media@example.com";
const IMAGE_PATH = "/system/media_attachments/files/113/000/000/000/000/001/original/tomatoes.jpg";
const AVATAR_PATH = "/system/accounts/avatars/110/185/000/000/000/001/original/alice.png";

let net: FediverseNet;
let a: TestApp;
let server: FixtureServer;
let me: TestAccount;
let mod: TestAccount;

type FeedItem = {
  content: string;
  author: { profileImageUrl: string | null };
  images: { url: string; alt: string; width: number | null; height: number | null }[];
};
const feed = async (): Promise<FeedItem[]> =>
  (await inject(a, me, "GET", "/api/feed")).json().items;
const gets = (path: string) =>
  server.received.filter((r) => r.method === "GET" && new URL(r.url).pathname === path);
/** Waits until no image fetch is waiting in the outbox. */
const mediaFetched = () =>
  eventually(async () => {
    const [row] = await queryRows<{ n: number }>(
      a.database.db,
      sql`select count(*)::int as n from outbox where topic = 'federation.media'`,
    );
    expect(row?.n).toBe(0);
  });

/** Their Create(Note) with `text`, its one image at `imagePath` (none when null). */
async function post(text: string, imagePath: string | null) {
  const create = server.activity("create-note", { TEXT: text });
  const note = create.object as { attachment: { url: string }[] };
  const [image] = note.attachment;
  if (imagePath && image) image.url = `https://mastodon.test${imagePath}`;
  else note.attachment = [];
  expect((await deliver(a, await server.sign(create, SHARED_INBOX, "rfc9421"))).statusCode).toBe(
    202,
  );
  await queueDrained(a);
  await mediaFetched();
}

const shown = async (text: string) => {
  const item = (await feed()).find((p) => p.content.startsWith(text));
  if (!item) throw new Error(`${text} is not in the feed`);
  return item;
};

beforeAll(async () => {
  net = await installFediverseNet(["a.test", "mastodon.test"]);
  a = await startInstance(net, "a.test", { ADMIN_EMAILS: MODERATOR });
  server = await startFixtureServer("mastodon");
  await net.serve(server.name, server.port);
  mod = await createAccount(a, { email: MODERATOR, fullName: "Mod" });
  me = await createAccount(a, { label: "media-fan", fullName: "Me Here" });
  const photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: "#cc3322" },
  })
    .withExif({ IFD0: { Make: "PhoneMaker", Model: "Phone 15" } })
    .jpeg()
    .toBuffer();
  expect((await sharp(photo).metadata()).exif).toBeDefined();
  server.serve(IMAGE_PATH, "image/jpeg", photo);
  const avatar = await sharp({
    create: { width: 400, height: 400, channels: 3, background: "#2255aa" },
  })
    .png()
    .toBuffer();
  server.serve(AVATAR_PATH, "image/png", avatar);
  await followFixturePerson(a, { server, who: me, handle: "alice@mastodon.test" });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await a?.close();
  await net?.close();
});

describe("images from elsewhere", () => {
  it("fetches a post's image and its author's picture once, re-encoded, into our store", async () => {
    await post("With a photo", IMAGE_PATH);
    await post("Without a photo", null);
    const item = await shown("With a photo");
    const [image] = item.images;
    // Its description, as every post's image carries it; the size of theirs is not kept.
    expect(image).toMatchObject({
      alt: "Three red tomatoes on a wooden table",
      width: null,
      height: null,
    });
    expect(image?.url).toMatch(/^\/media\/u\/[0-9a-f]+\/post\/[0-9a-f]{32}\.jpg$/);
    const served = await a.app.inject({ method: "GET", url: image?.url ?? "" });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    // The picture is our copy, on the post and on their page here.
    expect(item.author.profileImageUrl).toMatch(/^\/media\/u\/[0-9a-f]+\/avatar\//);
    const person = await inject(a, me, "GET", "/api/federation/lookup?handle=@alice@mastodon.test");
    expect(person.json().person.iconUrl).toBe(item.author.profileImageUrl);
    expect((await shown("Without a photo")).images).toEqual([]);
    // Read again and again, sent again: each was fetched once.
    await feed();
    await post("Again without a photo", null);
    expect(gets(IMAGE_PATH)).toHaveLength(1);
    expect(gets(AVATAR_PATH)).toHaveLength(1);
  });

  it("leaves out an image above the size cap, and keeps the post", async () => {
    const huge = "/system/media_attachments/files/113/000/000/000/000/002/original/huge.jpg";
    server.serve(huge, "image/jpeg", Buffer.alloc(9 * 1024 * 1024, 0xff));
    await post("With a huge photo", huge);
    expect(gets(huge)).toHaveLength(1);
    expect((await shown("With a huge photo")).images).toEqual([]);
  });

  it("fetches nothing from a server whose media a moderator rejects", async () => {
    const put = await inject(a, mod, "PUT", "/api/federation/domain-blocks/mastodon.test", {
      severity: "reject_media",
    });
    expect(put.statusCode).toBe(200);
    const other = "/system/media_attachments/files/113/000/000/000/000/003/original/other.jpg";
    const small = sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } });
    server.serve(other, "image/jpeg", await small.jpeg().toBuffer());
    await post("Rejected media", other);
    expect(gets(other)).toEqual([]);
    expect((await shown("Rejected media")).images).toEqual([]);
    await inject(a, mod, "DELETE", "/api/federation/domain-blocks/mastodon.test");
  });

  it("refuses a private address unless FEDERATION_ALLOW_PRIVATE is on", async () => {
    // A post whose image is on this machine, kept without asking for its images, then fetched by
    // the handler as configured without and with private addresses.
    const path = "/system/media_attachments/files/113/000/000/000/000/004/original/local.jpg";
    const small = sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } });
    server.serve(path, "image/jpeg", await small.jpeg().toBuffer());
    const db = a.database.db;
    const actorId = await upsertActor(db, {
      uri: "https://elsewhere.test/users/lo",
      handle: "lo@elsewhere.test",
      host: "elsewhere.test",
      inbox: "https://elsewhere.test/users/lo/inbox",
      name: "Lo",
    });
    const noteId = await insertNote(db, {
      uri: "https://elsewhere.test/notes/1",
      actorId,
      text: "On this machine",
      url: null,
      inReplyTo: null,
      localPostId: null,
      publishedAt: new Date(),
      attachments: [{ url: `http://127.0.0.1:${server.port}${path}`, alt: "Local" }],
    });
    const handler = (allowPrivate: boolean) =>
      remoteMediaHandler({
        db,
        store: createObjectStore({ dataDir: a.dataDir }),
        config: { ...a.config, federation: { ...a.config.federation, allowPrivate } },
        log: pino({ level: "silent" }),
      });
    await handler(false)({ noteId: noteId ?? "" });
    expect(gets(path)).toEqual([]);
    const [refused] = await queryRows<{ media: unknown }>(
      db,
      sql`select media from fed_notes where id = ${noteId}`,
    );
    expect(refused?.media).toEqual([]);
    // Set once: a second run fetches nothing. Allowed, a fresh post's image on that same loopback
    // server (reached by its name, which the test net maps to 127.0.0.1) is read.
    await handler(true)({ noteId: noteId ?? "" });
    expect(gets(path)).toEqual([]);
    const again = await insertNote(db, {
      uri: "https://elsewhere.test/notes/2",
      actorId,
      text: "On this machine, allowed",
      url: null,
      inReplyTo: null,
      localPostId: null,
      publishedAt: new Date(),
      attachments: [{ url: `https://mastodon.test${path}`, alt: "Local" }],
    });
    await handler(true)({ noteId: again ?? "" });
    expect(gets(path)).toHaveLength(1);
  });
});
