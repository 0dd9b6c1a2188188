// The public site settings the browser gets: GET /api/site, and the JSON block in every HTML page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-support/test-app";

const BLOCK = '<script type="application/json" id="site-config">';

/** The text of the page's site-config block: from its start tag to the first </script>. */
function siteConfigBlock(html: string): string {
  const start = html.indexOf(BLOCK);
  expect(start).toBeGreaterThanOrEqual(0);
  const text = html.slice(start + BLOCK.length);
  return text.slice(0, text.indexOf("</script>"));
}

describe("with the default settings", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("GET /api/site answers the name, the mail domain, the public URL and a new account's days, nothing else", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/site" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      siteName: "chtcht",
      mailDomain: "chtcht.local",
      publicUrl: "http://localhost:3000",
      newAccountDays: 0,
    });
  });

  it.each(["/", "/mail", "/no-such-person-here", "/someone/some-post"])(
    "%s carries the same settings in its HTML",
    async (url) => {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(JSON.parse(siteConfigBlock(res.body))).toEqual({
        siteName: "chtcht",
        mailDomain: "chtcht.local",
        publicUrl: "http://localhost:3000",
        newAccountDays: 0,
      });
    },
  );
});

describe("with SITE_NAME, MAIL_DOMAIN, PUBLIC_URL and NEW_ACCOUNT_DAYS set", () => {
  const site = {
    siteName: "P </script><script>x()</script>",
    mailDomain: "parlour.example",
    publicUrl: "https://parlour.example",
    newAccountDays: 30,
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SITE_NAME: site.siteName,
      MAIL_DOMAIN: site.mailDomain,
      PUBLIC_URL: site.publicUrl,
      NEW_ACCOUNT_DAYS: String(site.newAccountDays),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("GET /api/site honours them", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/site" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(site);
  });

  it("an HTML page embeds them with every < escaped, so the name cannot end the block", async () => {
    const res = await t.app.inject({ method: "GET", url: "/mail" });
    expect(res.statusCode).toBe(200);
    const block = siteConfigBlock(res.body);
    expect(block).toContain("P \\u003c/script\\u003e\\u003cscript\\u003ex()\\u003c/script\\u003e");
    expect(block).not.toContain("<");
    expect(JSON.parse(block)).toEqual(site);
    expect(res.body).not.toContain("<script>x()");
  });

  it("titles pages with the configured name, escaped", async () => {
    const home = await t.app.inject({ method: "GET", url: "/" });
    expect(home.body).toContain("<title>P &lt;/script&gt;&lt;script&gt;x()&lt;/script&gt;</title>");
    const mail = await t.app.inject({ method: "GET", url: "/mail" });
    expect(mail.body).toContain(
      "<title>Mail · P &lt;/script&gt;&lt;script&gt;x()&lt;/script&gt;</title>",
    );

    const missing = await t.app.inject({ method: "GET", url: "/no-such-person-here" });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(
      "<title>Profile Not Found · P &lt;/script&gt;&lt;script&gt;x()&lt;/script&gt;</title>",
    );
  });
});
