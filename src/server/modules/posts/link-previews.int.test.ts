// Link previews (docs/feed.md "Link previews"): the server reads a linked page once, through the
// safe page fetcher, from real HTTPS servers on loopback; the card's image is re-encoded into our
// media; nothing outside the public internet (or the ranges LINK_CHECK_ALLOW_PRIVATE names, as
// the website checks' tests allow 127.0.0.1) is ever connected to; a post keeps the card it was
// written with.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LinkPreviewCard } from "../../../domain/contracts/link-previews";
import type { PostView } from "../../../domain/contracts/posts";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { fakeDns } from "../../test-support/dns";
import { multipartPost } from "../../test-support/multipart";
import {
  html,
  type PageHandler,
  type PageServer,
  redirect,
  selfSignedCertificate,
  startPageServer,
} from "../../test-support/page-server";
import { follow, inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { freshPreview } from "./link-preview-queries";

const dns = fakeDns(
  {},
  {
    addresses: {
      "news.test": ["127.0.0.1"],
      "inner.test": ["127.0.0.2"],
      "private.test": ["10.0.0.1"],
      "loop6.test": ["::1"],
      "mixed.test": ["93.184.215.14", "127.0.0.1"],
    },
  },
);

let site: PageServer;
/** On 127.0.0.2, which no app here may reach: it must never see a request. */
let inner: PageServer;
/** Allows 127.0.0.1 (the test's site) and any port. */
let open: TestApp;
/** The default address rule; any port, since the test's server is on an ephemeral one. */
let strict: TestApp;
let ada: TestAccount;
let bea: TestAccount;
let png: Buffer;

beforeAll(async () => {
  const tls = selfSignedCertificate(["news.test", "inner.test", "127.0.0.1", "127.0.0.2"]);
  site = await startPageServer(tls);
  inner = await startPageServer(tls, "127.0.0.2");
  const env = { LINK_CHECK_ANY_PORT: "true" };
  open = await createTestApp(
    { ...env, LINK_CHECK_ALLOW_PRIVATE: "127.0.0.1" },
    { dnsResolver: dns, linkCheckCa: tls.cert },
  );
  strict = await createTestApp(env, { dnsResolver: dns, linkCheckCa: tls.cert });
  [ada, bea] = await Promise.all([createAccount(open), createAccount(open)]);
  await follow(open, bea, ada);
  png = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#3366aa" } })
    .png()
    .toBuffer();
  inner.route("/secret", html(`<meta property="og:title" content="Inner">`));
  inner.route("/secret.png", image(png));
}, 60_000);
afterAll(async () => {
  await Promise.all([open?.close(), strict?.close(), site?.close(), inner?.close()]);
});

const image =
  (bytes: Buffer, type = "image/png"): PageHandler =>
  (_request, response) => {
    response.writeHead(200, { "content-type": type }).end(bytes);
  };

const at = (pathname: string, host = "news.test") => `https://${host}:${site.port}${pathname}`;

const ogPage = (title: string, imagePath?: string) =>
  html(`<!doctype html><html><head><title>Not this</title>
    <meta property="og:title" content="${title}">
    <meta property="og:description" content="What ${title} is about.">
    <meta property="og:site_name" content="News Test">
    ${imagePath ? `<meta property="og:image" content="${imagePath}">` : ""}
    </head><body><p>Article</p></body></html>`);

async function ask(t: TestApp, who: TestAccount, url: unknown) {
  return inject(t, who, "POST", "/api/link-previews", { url });
}

async function cardOf(t: TestApp, who: TestAccount, url: string): Promise<LinkPreviewCard | null> {
  const res = await ask(t, who, url);
  if (res.statusCode === 204) return null;
  expect(res.statusCode, res.body).toBe(200);
  return res.json().preview;
}

/** The images stored for cards: files under the link-previews media folder. */
function storedCardImages(t: TestApp): number {
  const dir = path.join(
    t.dataDir,
    "media",
    "u",
    Buffer.from("link-previews").toString("hex"),
    "post",
  );
  return existsSync(dir) ? readdirSync(dir).length : 0;
}

describe("a page with OpenGraph tags", () => {
  it("gives a card whose image is our re-encoded copy, read once for everyone", async () => {
    site.route("/og", ogPage("Big news", "/og.png"));
    site.route("/og.png", image(png));
    const card = await cardOf(open, ada, at("/og"));
    expect(card).toMatchObject({
      url: at("/og"),
      title: "Big news",
      description: "What Big news is about.",
      siteName: "News Test",
    });
    expect(card?.imageUrl).toMatch(/^\/media\/u\/[0-9a-f]+\/post\/[0-9a-f]{32}\.jpg$/);
    const media = await open.app.inject({ method: "GET", url: card?.imageUrl ?? "" });
    expect(media.statusCode).toBe(200);
    expect(media.headers["content-type"]).toBe("image/jpeg");

    // Someone else asking for the same link gets the same card without a second read.
    expect(await cardOf(open, bea, `${at("/og")}#comments`)).toEqual(card);
    expect(site.hits.get("/og")).toBe(1);
    expect(site.hits.get("/og.png")).toBe(1);
  });

  it("reads a URL once when two people ask at the same moment", async () => {
    site.route("/together", (request, response) => {
      setTimeout(() => ogPage("Together")(request, response), 200);
    });
    const [one, two] = await Promise.all([
      cardOf(open, ada, at("/together")),
      cardOf(open, bea, at("/together")),
    ]);
    expect(one?.title).toBe("Together");
    expect(two).toEqual(one);
    expect(site.hits.get("/together")).toBe(1);
  });

  it("falls back to <title> and the meta description", async () => {
    site.route(
      "/plain",
      html(`<title>Plain page</title><meta name="description" content="Only basics.">`),
    );
    expect(await cardOf(open, ada, at("/plain"))).toMatchObject({
      title: "Plain page",
      description: "Only basics.",
      siteName: null,
      imageUrl: null,
    });
  });
});

describe("a page with an oEmbed link", () => {
  it("gives a card from the JSON oEmbed answer, its thumbnail stored", async () => {
    site.route(
      "/video",
      html(
        `<head><link rel="alternate" type="application/json+oembed" href="/oembed.json?u=1"></head>`,
      ),
    );
    site.route("/oembed.json", (_request, response) => {
      response.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          type: "video",
          version: "1.0",
          title: "A short film",
          provider_name: "Tube Test",
          thumbnail_url: at("/thumb.png"),
        }),
      );
    });
    site.route("/thumb.png", image(png));
    const card = await cardOf(open, ada, at("/video"));
    expect(card).toMatchObject({ title: "A short film", siteName: "Tube Test" });
    expect(card?.imageUrl).toMatch(/^\/media\//);
    expect(site.hits.get("/oembed.json")).toBe(1);
  });
});

describe("a page without a card", () => {
  it("answers 204, and a second ask within the short cache reads nothing again", async () => {
    site.route("/bare", html("<p>no head at all</p>"));
    expect((await ask(open, ada, at("/bare"))).statusCode).toBe(204);
    expect((await ask(open, bea, at("/bare"))).statusCode).toBe(204);
    expect(site.hits.get("/bare")).toBe(1);
  });

  it("answers 204 for a page that is not HTML or not found", async () => {
    site.route("/file.png", image(png));
    expect((await ask(open, ada, at("/file.png"))).statusCode).toBe(204);
    expect((await ask(open, ada, at("/missing"))).statusCode).toBe(204);
  });
});

describe("what a preview refuses to reach", () => {
  it("refuses loopback, private and ::1 addresses with the default rule, connecting to none", async () => {
    const who = await createAccount(strict);
    site.route("/private-og", ogPage("Should not be read"));
    const before = site.total();
    for (const host of ["127.0.0.1", "news.test", "private.test", "loop6.test", "mixed.test"]) {
      expect((await ask(strict, who, at("/private-og", host))).statusCode, host).toBe(204);
    }
    expect(site.total()).toBe(before);
  });

  it("refuses a redirect to an address that is not allowed, connecting to none", async () => {
    site.route("/to-inner", redirect(`https://127.0.0.2:${inner.port}/secret`));
    site.route("/to-inner-name", redirect(`https://inner.test:${inner.port}/secret`));
    site.route("/to-v6", redirect(`https://[::1]:${inner.port}/secret`));
    site.route("/to-mapped", redirect(`https://[::ffff:127.0.0.2]:${inner.port}/secret`));
    for (const pathname of ["/to-inner", "/to-inner-name", "/to-v6", "/to-mapped"]) {
      expect((await ask(open, ada, at(pathname))).statusCode, pathname).toBe(204);
      expect(site.hits.get(pathname), pathname).toBe(1);
    }
    expect(inner.total()).toBe(0);
  });

  it("gives the card without an image at an address that is not allowed", async () => {
    site.route("/inner-image", ogPage("Inner image", `https://127.0.0.2:${inner.port}/secret.png`));
    const card = await cardOf(open, ada, at("/inner-image"));
    expect(card).toMatchObject({ title: "Inner image", imageUrl: null });
    expect(inner.total()).toBe(0);
  });
});

describe("bounds", () => {
  it("gives up on a page that does not answer in time: answered promptly, nothing stored", async () => {
    site.route("/silent", () => {});
    const images = storedCardImages(open);
    const started = Date.now();
    expect((await ask(open, ada, at("/silent"))).statusCode).toBe(204);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(3_900);
    expect(took).toBeLessThan(7_000);
    const row = await freshPreview(open.database.db, { url: at("/silent"), now: new Date() });
    expect(row).toMatchObject({ found: false, title: null, imageUrl: null });
    expect(storedCardImages(open)).toBe(images);
    // Cached shortly: the next ask does not wait again.
    const again = Date.now();
    expect((await ask(open, bea, at("/silent"))).statusCode).toBe(204);
    expect(Date.now() - again).toBeLessThan(1_000);
  }, 20_000);

  it("reads only the head of a huge page, and still finds tags written early", async () => {
    let endlessWrites = 0;
    site.route("/huge", (_request, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.write(`<head><meta property="og:title" content="Huge page"></head><body>`);
      const chunk = Buffer.alloc(64 * 1024, "a");
      const write = () => {
        endlessWrites += 1;
        if (!response.destroyed && endlessWrites < 1000) response.write(chunk, write);
      };
      write();
    });
    expect((await cardOf(open, ada, at("/huge")))?.title).toBe("Huge page");
    // 512 kB read and the connection closed: far from the 64 MB the server would send.
    expect(endlessWrites * 64).toBeLessThan(4 * 1024);
    site.route("/late", html(`<!--${"x".repeat(600 * 1024)}--><title>Too late</title>`));
    expect((await ask(open, ada, at("/late"))).statusCode).toBe(204);
  });

  it("gives the card without an image when the image is too big or not an image", async () => {
    const images = storedCardImages(open);
    site.route("/big-image", ogPage("Big image", "/big.png"));
    site.route("/big.png", image(Buffer.alloc(6 * 1024 * 1024, 1)));
    site.route("/bad-image", ogPage("Bad image", "/bad.png"));
    site.route("/bad.png", image(Buffer.from("not a png at all")));
    site.route("/html-image", ogPage("HTML image", "/og"));
    for (const [pathname, title] of [
      ["/big-image", "Big image"],
      ["/bad-image", "Bad image"],
      ["/html-image", "HTML image"],
    ] as const) {
      expect(await cardOf(open, ada, at(pathname)), pathname).toMatchObject({
        title,
        imageUrl: null,
      });
    }
    expect(storedCardImages(open)).toBe(images);
  });
});

describe("a post's card", () => {
  const create = (who: TestAccount, payload: object) =>
    inject(open, who, "POST", "/api/posts", payload);

  it("is kept with the post the author wrote with it, and shown in the feed and on the post", async () => {
    site.route("/kept", ogPage("Kept story", "/og.png"));
    const card = await cardOf(open, ada, at("/kept"));
    const res = await create(ada, {
      content: `Read this: ${at("/kept")}.`,
      linkPreviewId: card?.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json().post as PostView;
    expect(post.linkPreview).toEqual(card);
    const feed = (await inject(open, bea, "GET", "/api/feed")).json().items as PostView[];
    expect(feed.find((item) => item.id === post.id)?.linkPreview).toEqual(card);
    const shown = (await inject(open, null, "GET", `/api/posts/${post.id}`)).json().post;
    expect(shown.linkPreview).toEqual(card);
    const [handle, slug] = post.path.slice(1).split("/");
    const byPath = await inject(open, null, "GET", `/api/posts/by-path/${handle}/${slug}`);
    expect(byPath.json().post.linkPreview).toEqual(card);

    // An edit keeps the card it was written with, whatever the new text links to.
    const edited = await inject(open, ada, "PATCH", `/api/posts/${post.id}`, {
      content: `Changed to ${at("/other-edit")}`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().post.linkPreview).toEqual(card);
    expect(site.hits.get("/other-edit")).toBeUndefined();
  });

  it("is left out when the author removed it, and a post without a link has none", async () => {
    site.route("/removed", ogPage("Removed story"));
    await cardOf(open, ada, at("/removed"));
    const removed = await create(ada, { content: `No card: ${at("/removed")}` });
    expect(removed.statusCode).toBe(201);
    expect(removed.json().post.linkPreview).toBeUndefined();
    const plain = await create(ada, { content: "Just words", linkPreviewId: "" });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().post.linkPreview).toBeUndefined();
  });

  it("refuses a card that is not for the post's first link, writing nothing", async () => {
    site.route("/other", ogPage("Other story"));
    const card = await cardOf(open, ada, at("/other"));
    const before = (
      await inject(open, ada, "GET", `/api/users/${ada.userId}/posts?limit=50`)
    ).json().items.length;
    for (const [content, linkPreviewId] of [
      ["No link at all", card?.id],
      [`A different link ${at("/kept")}`, card?.id],
      [`Unknown card ${at("/other")}`, "00000000-0000-4000-8000-000000000000"],
      [`Not an id ${at("/other")}`, "card-1"],
    ]) {
      const res = await create(ada, { content, linkPreviewId });
      expect(res.statusCode, content).toBe(400);
      expect(Object.keys(res.json().error.fields), content).toEqual(["linkPreviewId"]);
    }
    const after = (await inject(open, ada, "GET", `/api/users/${ada.userId}/posts?limit=50`)).json()
      .items.length;
    expect(after).toBe(before);
  });

  it("is not kept for a post with an image (the image shows instead)", async () => {
    site.route("/with-image", ogPage("With image"));
    const card = await cardOf(open, ada, at("/with-image"));
    const { payload, headers } = await multipartPost(`Look ${at("/with-image")}`, png, {
      linkPreviewId: card?.id ?? "",
    });
    const res = await open.app.inject({
      method: "POST",
      url: "/api/posts",
      payload,
      headers: { ...headers, cookie: ada.cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().post.linkPreview).toBeUndefined();
  });
});

describe("bad asks", () => {
  it("answers 400 for what is not an http(s) link, 401 signed out, and reads nothing", async () => {
    const before = site.total();
    for (const url of ["not a link", "ftp://news.test/x", "javascript:alert(1)", "", 42, null]) {
      const res = await ask(open, ada, url);
      expect(res.statusCode, String(url)).toBe(400);
      expect(res.json().error.fields, String(url)).toHaveProperty("url");
    }
    expect((await ask(open, ada, `https://news.test/${"a".repeat(2100)}`)).statusCode).toBe(400);
    expect(
      (await inject(open, null, "POST", "/api/link-previews", { url: at("/og") })).statusCode,
    ).toBe(401);
    expect(site.total()).toBe(before);
  });

  it("answers 429 past an account's budget", async () => {
    const cyd = await createAccount(open);
    for (let i = 0; i < 30; i++) {
      await open.limits.consume("linkPreviewsPerUser", cyd.userId);
    }
    const res = await ask(open, cyd, at("/og"));
    expect(res.statusCode).toBe(429);
  });
});
