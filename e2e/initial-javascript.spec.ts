// The initial JavaScript's budget (docs/performance.md "Initial JavaScript"): every script the
// browser asks for while a page loads, until the network has been quiet for half a second, counted
// at its gzip size as the server sends it. The landing page, the feed, a profile and a post page,
// signed out and signed in, each in a fresh browser context (nothing cached) with its service
// worker blocked (playwright.config.ts), so each script is fetched from the server.
import { request as httpRequest } from "node:http";
import type { Browser, Locator, Page } from "@playwright/test";
import { newAccount, signInViaApi } from "./support/accounts";
import { E2E_BASE_URL } from "./support/env";
import { expect, test, uniqueIp } from "./support/fixtures";
import { createAccount, ownHandle } from "./support/people";
import { landingHeading } from "./support/screen";

/** The budget in kB of gzip (1,024 bytes); INITIAL_JS_BUDGET_KB lowers it to see the check fail. */
const BUDGET_KB = Number(process.env.INITIAL_JS_BUDGET_KB ?? 150);

interface Script {
  url: string;
  gzipBytes: number;
}

/** The script's size as the server sends it to a browser that accepts gzip alone. */
function gzipSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`${url}: ${res.statusCode}`));
        return;
      }
      if (res.headers["content-encoding"] !== "gzip") {
        reject(new Error(`${url}: sent as ${res.headers["content-encoding"] ?? "identity"}`));
        return;
      }
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () => resolve(bytes));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Every script `page` asks for from opening `path` until the network is idle. */
async function scriptsFetchedLoading(page: Page, path: string): Promise<Script[]> {
  const urls = new Set<string>();
  page.on("request", (req) => {
    if (req.resourceType() === "script") urls.add(req.url());
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  return Promise.all([...urls].map(async (url) => ({ url, gzipBytes: await gzipSize(url) })));
}

/** A browser context of its own: an empty cache, and no service worker (playwright.config.ts). */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    serviceWorkers: "block",
    extraHTTPHeaders: { "x-forwarded-for": uniqueIp() },
  });
  return context.newPage();
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function expectUnderBudget(name: string, scripts: Script[]) {
  const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
  const list = scripts
    .map((script) => `  ${kb(script.gzipBytes).padStart(6)} kB  ${new URL(script.url).pathname}`)
    .join("\n");
  const summary = `${name}: ${kb(total)} kB gzip in ${scripts.length} scripts (budget ${BUDGET_KB} kB)\n${list}`;
  console.log(summary);
  expect.soft(total, summary).toBeLessThanOrEqual(BUDGET_KB * 1024);
}

// Seven fresh browser contexts, each loading a page: at three times this machine's speed (a busy CI
// runner) that passes the default 30 s.
test.describe.configure({ timeout: 90_000 });

test("the landing, feed, profile and post pages fetch at most the budget of script while loading", async ({
  page,
  browser,
}) => {
  const ada = newAccount("ada.budget", "Ada Budget");
  await createAccount(page, ada);
  await signInViaApi(page, ada);
  const handle = await ownHandle(page);
  const created = await page.request.post("/api/posts", { data: { content: "Counting bytes" } });
  await expect(created, "post").toBeOK();
  const { post } = (await created.json()) as { post: { path: string } };

  // Each page, and what it shows once loaded: a page that failed would fetch less.
  const thePost = (on: Page) => on.getByRole("main").getByText("Counting bytes");
  const pages: [string, string, boolean, (on: Page) => Locator][] = [
    ["landing, signed out", "/", false, landingHeading],
    ["profile, signed out", `/${handle}`, false, thePost],
    ["post, signed out", post.path, false, thePost],
    ["feed, signed in", "/", true, thePost],
    ["profile, signed in", `/${handle}`, true, thePost],
    ["post, signed in", post.path, true, thePost],
  ];
  for (const [name, path, signedIn, shows] of pages) {
    const visitor = await freshPage(browser);
    if (signedIn) await signInViaApi(visitor, ada);
    const scripts = await scriptsFetchedLoading(visitor, path);
    await expect(shows(visitor), name).toBeVisible();
    expectUnderBudget(name, scripts);
    await visitor.context().close();
  }
});
