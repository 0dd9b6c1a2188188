// Verified website links (docs/profiles-and-media.md "Verified links"): the page is read after
// the save commits, through the outbox, from a real HTTPS server on loopback; a page that links
// back with rel="me" marks the link verified, and no address outside the public internet (or the
// ranges LINK_CHECK_ALLOW_PRIVATE names) is ever connected to.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageFetcher } from "../../infra/page-fetch";
import { parseAllowedRanges } from "../../infra/public-address";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { fakeDns } from "../../test-support/dns";
import {
  html,
  type PageServer,
  redirect,
  selfSignedCertificate,
  startPageServer,
} from "../../test-support/page-server";
import { createTestApp, type TestApp } from "../../test-support/test-app";

const PUBLIC_URL = "https://chtcht.test";
const dns = fakeDns(
  {},
  {
    addresses: {
      "me.test": ["127.0.0.1"],
      "private.test": ["10.0.0.1"],
      "loop6.test": ["::1"],
      "mixed.test": ["93.184.215.14", "127.0.0.1"],
      "half-private.test": ["93.184.215.14", "10.0.0.1"],
    },
  },
);

let site: PageServer;
/** On 127.0.0.2, which no app here may reach: it must never see a request. */
let inner: PageServer;
/** Allows 127.0.0.1 (the test's website) and any port. */
let open: TestApp;
/** The default address rule; any port, since the test's server is on an ephemeral one. */
let strict: TestApp;

beforeAll(async () => {
  const tls = selfSignedCertificate(["me.test", "private.test", "127.0.0.1", "127.0.0.2"]);
  site = await startPageServer(tls);
  inner = await startPageServer(tls, "127.0.0.2");
  const env = { PUBLIC_URL, LINK_CHECK_ANY_PORT: "true" };
  open = await createTestApp(
    { ...env, LINK_CHECK_ALLOW_PRIVATE: "127.0.0.1" },
    { dnsResolver: dns, linkCheckCa: tls.cert },
  );
  strict = await createTestApp(env, { dnsResolver: dns, linkCheckCa: tls.cert });
  inner.route("/me", html("<a rel=me href=https://chtcht.test/anyone>"));
}, 60_000);
afterAll(async () => {
  await Promise.all([open?.close(), strict?.close(), site?.close(), inner?.close()]);
});

const saveWebsite = async (t: TestApp, account: TestAccount, websiteUrl: string) => {
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/profiles/${account.userId}`,
    headers: { cookie: account.cookie },
    payload: { fullName: "Link Tester", emailAddress: account.email, websiteUrl, details: {} },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().profile as { websiteUrl: string | null; websiteVerified: boolean };
};

const isVerified = async (t: TestApp, account: TestAccount) => {
  const res = await t.app.inject({ method: "GET", url: `/api/profiles/${account.handle}` });
  return res.json().profile.websiteVerified as boolean;
};

/** Saves the website, waits for the outbox to deliver the check, answers the profile's mark. */
const checkWebsite = async (t: TestApp, account: TestAccount, websiteUrl: string) => {
  await saveWebsite(t, account, websiteUrl);
  await t.app.outbox.drain();
  return isVerified(t, account);
};

describe("a website that links back with rel=me", () => {
  it("is verified once the outbox has read it, for an <a> with a token list", async () => {
    const ada = await createAccount(open, { label: "ada" });
    site.route("/ada", html(`<p><a rel="me noopener" href="${PUBLIC_URL}/${ada.handle}">me</a>`));
    expect(await checkWebsite(open, ada, `https://me.test:${site.port}/ada`)).toBe(true);
  });

  it("is verified for a <link> in the head, over http, with a trailing slash", async () => {
    const bea = await createAccount(open, { label: "bea" });
    site.route(
      "/bea",
      html(`<html><head><LINK REL="Me" href="http://chtcht.test/${bea.handle}/"></head></html>`),
    );
    expect(await checkWebsite(open, bea, `127.0.0.1:${site.port}/bea`)).toBe(true);
  });

  it("is verified through a redirect on the same site", async () => {
    const cyd = await createAccount(open, { label: "cyd" });
    site.route("/cyd", html(`<a rel="me" href="/${cyd.handle}">`));
    site.route("/cyd-old", redirect(`https://me.test:${site.port}/cyd`, 301));
    // The relative href resolves against the page, not chtcht: not a link back.
    expect(await checkWebsite(open, cyd, `https://me.test:${site.port}/cyd-old`)).toBe(false);
    site.route("/cyd", html(`<a rel="me" href="${PUBLIC_URL}/${cyd.handle}">`));
    await saveWebsite(open, cyd, "");
    expect(await checkWebsite(open, cyd, `https://me.test:${site.port}/cyd-old`)).toBe(true);
  });
});

describe("the mark itself", () => {
  it.each(["websiteVerified", "websiteVerifiedAt", "website_verified_at"])(
    "cannot be sent with a save (%s): 400 naming the field",
    async (field) => {
      const jon = await createAccount(open, { label: "jon" });
      const res = await open.app.inject({
        method: "PUT",
        url: `/api/profiles/${jon.userId}`,
        headers: { cookie: jon.cookie },
        payload: {
          fullName: "Link Tester",
          emailAddress: jon.email,
          websiteUrl: "https://jon.example",
          details: {},
          [field]: true,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain(field);
      expect(await isVerified(open, jon)).toBe(false);
    },
  );
});

describe("a website that does not link back", () => {
  it("stays unverified without rel=me, or with rel=me to someone else", async () => {
    const dan = await createAccount(open, { label: "dan" });
    site.route("/dan", html(`<a href="${PUBLIC_URL}/${dan.handle}">my profile</a>`));
    expect(await checkWebsite(open, dan, `https://me.test:${site.port}/dan`)).toBe(false);
    site.route("/dan-other", html(`<a rel="me" href="${PUBLIC_URL}/someone-else">`));
    expect(await checkWebsite(open, dan, `https://me.test:${site.port}/dan-other`)).toBe(false);
  });

  it("loses the mark at once when the link changes, and the old link's check does not count", async () => {
    const eve = await createAccount(open, { label: "eve" });
    const backLink = html(`<a rel="me" href="${PUBLIC_URL}/${eve.handle}">`);
    site.route("/eve", backLink);
    expect(await checkWebsite(open, eve, `https://me.test:${site.port}/eve`)).toBe(true);

    site.route("/eve-plain", html("<p>nothing here</p>"));
    const changed = await saveWebsite(open, eve, `https://me.test:${site.port}/eve-plain`);
    expect(changed.websiteVerified).toBe(false);
    await open.app.outbox.drain();
    expect(await isVerified(open, eve)).toBe(false);

    // A check of a link the profile no longer shows (a save raced it) changes nothing.
    await open.app.outbox.enqueue([
      {
        topic: "links.verify",
        payload: { userId: eve.userId, websiteUrl: `me.test:${site.port}/eve` },
      },
    ]);
    await open.app.outbox.drain();
    expect(await isVerified(open, eve)).toBe(false);

    await saveWebsite(open, eve, "");
    expect(await isVerified(open, eve)).toBe(false);
  });
});

describe("what a check refuses to reach", () => {
  it("refuses loopback, private and ::1 addresses with the default rule, connecting to none", async () => {
    const fay = await createAccount(strict, { label: "fay" });
    site.route("/fay", html(`<a rel="me" href="${PUBLIC_URL}/${fay.handle}">`));
    const before = site.total();
    for (const host of ["127.0.0.1", "me.test", "private.test", "loop6.test", "mixed.test"]) {
      expect(await checkWebsite(strict, fay, `https://${host}:${site.port}/fay`), host).toBe(false);
    }
    expect(site.total()).toBe(before);
  });

  it("refuses a redirect to an address that is not allowed, connecting to none", async () => {
    const gus = await createAccount(open, { label: "gus" });
    site.route("/gus-inner", redirect(`https://127.0.0.2:${inner.port}/me`));
    site.route("/gus-private", redirect(`https://private.test:${inner.port}/me`));
    site.route("/gus-v6", redirect(`https://[::1]:${inner.port}/me`));
    site.route("/gus-mapped", redirect(`https://[::ffff:127.0.0.2]:${inner.port}/me`));
    inner.route("/me", html(`<a rel="me" href="${PUBLIC_URL}/${gus.handle}">`));
    for (const path of ["/gus-inner", "/gus-private", "/gus-v6", "/gus-mapped"]) {
      expect(await checkWebsite(open, gus, `https://me.test:${site.port}${path}`), path).toBe(
        false,
      );
      expect(site.hits.get(path), path).toBe(1);
    }
    expect(inner.total()).toBe(0);
  });

  it("follows at most 3 redirects", async () => {
    const hal = await createAccount(open, { label: "hal" });
    site.route("/hal", html(`<a rel="me" href="${PUBLIC_URL}/${hal.handle}">`));
    for (let i = 1; i <= 4; i++) {
      site.route(`/hal-${i}`, redirect(i === 1 ? "/hal" : `/hal-${i - 1}`));
    }
    expect(await checkWebsite(open, hal, `https://me.test:${site.port}/hal-3`)).toBe(true);
    expect(await checkWebsite(open, hal, `https://me.test:${site.port}/hal-4`)).toBe(false);
  });

  it("reads only the first 1 MB, and gives up on a server that does not answer within 5 s", async () => {
    const ida = await createAccount(open, { label: "ida" });
    const backLink = `<a rel="me" href="${PUBLIC_URL}/${ida.handle}">`;
    site.route("/ida-late", html(`<!--${"x".repeat(1024 * 1024)}-->${backLink}`));
    let endlessWrites = 0;
    site.route("/ida-endless", (_request, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      const chunk = Buffer.alloc(64 * 1024, "a");
      const write = () => {
        endlessWrites += 1;
        if (!response.destroyed && endlessWrites < 1000) response.write(chunk, write);
      };
      write();
    });
    site.route("/ida-silent", () => {});
    site.route("/ida-trickle", (_request, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      const timer = setInterval(() => response.write(" "), 200);
      response.on("close", () => clearInterval(timer));
    });

    expect(await checkWebsite(open, ida, `https://me.test:${site.port}/ida-late`)).toBe(false);
    expect(await checkWebsite(open, ida, `https://me.test:${site.port}/ida-endless`)).toBe(false);
    expect(endlessWrites * 64).toBeLessThan(8 * 1024);
    for (const path of ["/ida-silent", "/ida-trickle"]) {
      const started = Date.now();
      expect(await checkWebsite(open, ida, `https://me.test:${site.port}${path}`), path).toBe(
        false,
      );
      expect(Date.now() - started, path).toBeGreaterThanOrEqual(4_900);
      expect(Date.now() - started, path).toBeLessThan(8_000);
    }
  }, 30_000);
});

describe("the page fetcher's refusals", () => {
  const fetcher = (anyPort: boolean) =>
    createPageFetcher({
      resolver: dns,
      allowed: parseAllowedRanges(["127.0.0.1"]),
      anyPort,
      userAgent: "test",
      ca: site.cert,
    });

  it("names why it read nothing, having connected to nothing", async () => {
    site.route("/page", html("<p>hello</p>"));
    const before = site.total();
    const refusals: [string, boolean, RegExp][] = [
      [`https://me.test:${site.port}/page`, false, /port \d+ is not 80 or 443/],
      [`ftp://me.test:${site.port}/page`, true, /ftp: is not http or https/],
      [`https://user:pw@me.test:${site.port}/page`, true, /credentials/],
      [`https://127.0.0.2:${site.port}/page`, true, /127\.0\.0\.2, not a public address/],
      [`https://loop6.test:${site.port}/page`, true, /::1, not a public address/],
      [`https://half-private.test:${site.port}/page`, true, /10\.0\.0\.1, not a public address/],
      [`https://nowhere.test:${site.port}/page`, true, /has no address/],
    ];
    for (const [url, anyPort, reason] of refusals) {
      const page = await fetcher(anyPort)(url);
      expect(page.ok, url).toBe(false);
      expect(page.ok ? "" : page.reason, url).toMatch(reason);
    }
    expect(site.total()).toBe(before);
    const read = await fetcher(true)(`https://me.test:${site.port}/page`);
    expect(read).toEqual({
      ok: true,
      url: `https://me.test:${site.port}/page`,
      html: "<p>hello</p>",
    });
    expect(site.total()).toBe(before + 1);
  });

  it("sends its User-Agent and asks for HTML", async () => {
    let headers: Record<string, unknown> = {};
    site.route("/headers", (request, response) => {
      headers = request.headers;
      html("ok")(request, response);
    });
    await fetcher(true)(`https://me.test:${site.port}/headers`);
    expect(headers).toMatchObject({ "user-agent": "test", "accept-encoding": "identity" });
    expect(String(headers.accept)).toMatch(/^text\/html/);
  });

  it("refuses a page that is not HTML", async () => {
    site.route("/image", (_request, response) => {
      response.writeHead(200, { "content-type": "image/png" }).end("png");
    });
    const page = await fetcher(true)(`https://me.test:${site.port}/image`);
    expect(page).toEqual({ ok: false, reason: "the page is not HTML" });
  });
});
