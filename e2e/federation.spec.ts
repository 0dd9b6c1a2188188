// Federation in the browser (docs/federation.md "In the web app"): two instances of ours,
// https://a.test and https://b.test, over real TLS on loopback (support/fediverse.ts). Ann on a.test
// finds Bob of b.test from the header search ('Find @bob@b.test on their server'), follows him from
// his page there (Requested, then Following once b.test accepts), sees his post arrive in her home
// feed, likes, reposts (her profile lists it) and quotes it (Bob is told of both in Activity), and
// replies from its card;
// Bob, at his own computer on b.test, sees the reply as a comment from @ann@a.test on his post's
// page, and Ann's like counted on his post.
import type { Browser, Page } from "@playwright/test";
import { type Account, newAccount } from "./support/accounts";
import { type Fediverse, startFediverse } from "./support/fediverse";
import { expect, test } from "./support/fixtures";
import { waitForCode } from "./support/mail";
import { rareWord } from "./support/people";

let net: Fediverse;
let browser: Browser;

test.beforeAll(async ({ playwright, launchOptions }) => {
  test.setTimeout(90_000);
  net = await startFediverse(["a.test", "b.test"]);
  // A browser of its own: the config's, with each name sent to its TLS front.
  browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--host-resolver-rules=${net.hostResolverRules}`],
  });
});

test.afterAll(async () => {
  await browser?.close();
  await net?.close();
});

/** A person's computer pointed at one instance (its certificate is the run's own). */
async function computerOn(name: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: `https://${name}`,
    ignoreHTTPSErrors: true,
  });
  return context.newPage();
}

/** A request made by the page itself, with its cookies and its origin (the server's own). */
async function inPage(
  page: Page,
  method: string,
  url: string,
  body?: Record<string, unknown>,
): Promise<{ ok: boolean; status: number; json: Record<string, unknown> }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: body ? { "content-type": "application/json" } : {},
        body: body ? JSON.stringify(body) : null,
      });
      const text = await response.text();
      return { ok: response.ok, status: response.status, json: text ? JSON.parse(text) : {} };
    },
    { method, url, body },
  );
}

/** Registers, verifies (the code from the captured mail) and signs in; answers the handle. The
 * registration screens have tests of their own (auth.spec.ts). */
async function signUp(page: Page, account: Account): Promise<string> {
  await page.goto("/about");
  const registered = await inPage(page, "POST", "/api/auth/register", {
    ...account,
    agreeToPolicies: true,
  });
  expect(registered.ok, "register").toBe(true);
  const code = await waitForCode(account.email);
  const verified = await inPage(page, "POST", "/api/auth/verify-code", {
    email: account.email,
    code,
  });
  expect(verified.ok, "verify-code").toBe(true);
  const login = await inPage(page, "POST", "/api/auth/login", {
    email: account.email,
    password: account.password,
  });
  expect(login.ok, "login").toBe(true);
  const session = await inPage(page, "GET", "/api/auth/session");
  return (session.json.user as { handle: string }).handle;
}

test("Ann on a.test follows Bob of b.test from the header search, likes, reposts and quotes his post and replies; Bob sees the reply", async () => {
  test.setTimeout(90_000);
  const ann = newAccount("ann", `Ann ${rareWord()}`);
  const bob = newAccount("bob", `Bob ${rareWord()}`);
  const annPage = await computerOn("a.test");
  const bobPage = await computerOn("b.test");
  const annHandle = await signUp(annPage, ann);
  const bobHandle = await signUp(bobPage, bob);

  // Ann finds Bob from the header search and opens his page here.
  await annPage.goto("/");
  await annPage
    .getByRole("banner")
    .getByRole("combobox", { name: "Search users" })
    .fill(`@${bobHandle}@b.test`);
  const panel = annPage.getByRole("region", { name: "Search Results" });
  await panel.getByRole("option", { name: `Find @${bobHandle}@b.test on their server` }).click();
  await expect(annPage).toHaveURL(`/@${bobHandle}@b.test`);
  const main = annPage.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: bob.fullName })).toBeVisible();

  // Follow: Requested until b.test accepts; the page reads him again every 5 s meanwhile.
  await main.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(main.getByRole("button", { name: "Following", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
    { timeout: 20_000 },
  );

  // Bob posts after Ann follows him, so the post goes to her server.
  const words = `Hello from b.test ${rareWord()}`;
  await bobPage.goto("/");
  const posted = await inPage(bobPage, "POST", "/api/posts", { content: words });
  expect(posted.ok, "post").toBe(true);
  const bobPost = posted.json.post as { path: string };

  // The post reaches Ann's home feed through the queues.
  const card = annPage.getByRole("article", { name: `Post by ${bob.fullName}` });
  await expect(async () => {
    await annPage.goto("/");
    await expect(card.getByText(words)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(card.getByText(`@${bobHandle}@b.test`)).toBeVisible();

  // Ann likes it.
  await card.getByRole("button", { name: "Like, 0 likes" }).click();
  await expect(card.getByRole("button", { name: "Unlike, 1 like" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await annPage.reload();
  await expect(card.getByRole("button", { name: "Unlike, 1 like" })).toBeVisible();

  // Ann reposts it from its repost button; Bob's server hears the Announce and tells him in
  // Activity.
  await card.getByRole("button", { name: "Repost, 0 reposts" }).click();
  await expect(annPage.getByRole("menuitem", { name: "Quote" })).toBeVisible();
  await annPage.getByRole("menuitem", { name: "Repost" }).click();
  await expect(card.getByRole("button", { name: "Undo repost, 1 repost" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await annPage.reload();
  await expect(card.getByRole("button", { name: "Undo repost, 1 repost" })).toBeVisible();
  await expect(async () => {
    await bobPage.goto("/activity");
    await expect(bobPage.getByText("reposted your post").first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  // Her profile lists the repost under 'Reposted by Ann'.
  await annPage.goto(`/${annHandle}`);
  const onProfile = annPage.getByRole("article", { name: `Post by ${bob.fullName}` });
  await expect(onProfile.getByText(words)).toBeVisible();
  await expect(onProfile.getByText(`Reposted by ${ann.fullName}`)).toBeVisible();

  // Ann quotes it from the same menu: her quote shows his post's card, and Bob's server tells him.
  await annPage.goto("/");
  const thought = `Ann's thought on it ${rareWord()}`;
  await card.getByRole("button", { name: "Undo repost, 1 repost" }).click();
  await annPage.getByRole("menuitem", { name: "Quote" }).click();
  const composer = annPage.getByRole("dialog", { name: "Quote post" });
  await expect(composer.getByText(words)).toBeVisible();
  await composer.getByRole("textbox").fill(thought);
  await composer.getByRole("button", { name: "Post" }).click();
  await expect(composer).toBeHidden();
  const quote = annPage.getByRole("article", { name: `Post by ${ann.fullName}` }).filter({
    hasText: thought,
  });
  await expect(
    quote.getByRole("region", { name: `Quoted post by ${bob.fullName}` }).getByText(words),
  ).toBeVisible();
  await expect(async () => {
    await bobPage.goto("/activity");
    await expect(bobPage.getByText("quoted your post").first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  // Ann replies from the card.
  const reply = `Hi Bob, Ann here on a.test ${rareWord()}`;
  await card.getByRole("button", { name: "Reply" }).click();
  await card.getByRole("textbox", { name: `Reply to @${bobHandle}@b.test` }).fill(reply);
  await card.getByRole("button", { name: "Send" }).click();
  await expect(annPage.getByText(`Reply sent to @${bobHandle}@b.test`)).toBeVisible();

  // Bob sees Ann's reply on his post's page, as a comment from @ann@a.test.
  const comments = bobPage.getByRole("list", { name: "Comments" });
  await expect(async () => {
    await bobPage.goto(bobPost.path);
    await expect(comments.getByText(reply)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const comment = comments.getByRole("listitem").filter({ hasText: reply });
  await expect(comment.getByRole("link", { name: ann.fullName })).toHaveAttribute(
    "href",
    `/@${annHandle}@a.test`,
  );
  await expect(comment.getByText(`@${annHandle}@a.test`)).toBeVisible();
  // His post counts it among its comments, and Ann's like among its likes (each arrives through
  // the queues, and the post may have been read just before: read it again until both show).
  const bobsPost = bobPage.getByRole("article", { name: `Post by ${bob.fullName}` });
  await expect(async () => {
    await bobPage.reload();
    await expect(bobsPost.getByRole("link", { name: "1 comment" })).toBeVisible({ timeout: 2_000 });
    await expect(bobsPost.getByRole("button", { name: "Like, 1 like" })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await Promise.all([annPage.context().close(), bobPage.context().close()]);
});
