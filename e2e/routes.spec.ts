// The route table (spec-1 §2): guarded routes, `next` after login, 404, /policies and /about.
import { createVerifiedAccount, logIn, signedInAccount } from "./support/accounts";
import { E2E_BASE_URL } from "./support/env";
import { expect, test } from "./support/fixtures";
import { ownHandle, secondPerson } from "./support/people";
import { homeHeading, landingHeading } from "./support/screen";

for (const [path, title] of [
  ["/activity", "Activity"],
  ["/bookmarks", "Bookmarks"],
  ["/search", "Search"],
] as const) {
  test(`${path} signed out shows the sign-in screen, and logging in there stays on it`, async ({
    page,
  }) => {
    const account = await createVerifiedAccount(page, title.toLowerCase());
    await page.goto(path);
    await expect(page.getByText("Sign in to continue.")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeHidden();

    await logIn(page, account);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(path);
  });
}

test("/mail signed out says 'You’re not signed in.', and 'Sign in to view conversations' logs in and comes back to /mail", async ({
  page,
}) => {
  const account = await createVerifiedAccount(page, "mail");
  await page.goto("/mail");
  await expect(page.getByRole("heading", { name: "Mail", level: 1 })).toBeVisible();
  await expect(page.getByText("You’re not signed in.", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Sign in to view conversations" }).click();
  await expect(page).toHaveURL("/signup?next=%2Fmail");

  await logIn(page, account);
  await expect(page).toHaveURL("/mail");
  await expect(page.getByRole("heading", { name: "Mail", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "New message" })).toBeVisible();
});

test("/signup?next=%2Fmail goes to /mail after login, replacing the sign-in page", async ({
  page,
}) => {
  const account = await createVerifiedAccount(page, "next");
  await page.goto("/");
  await expect(landingHeading(page)).toBeVisible();
  await page.goto("/signup?next=%2Fmail");
  await logIn(page, account);
  await expect(page).toHaveURL("/mail");
  await expect(page.getByRole("heading", { name: "Mail", level: 1 })).toBeVisible();

  // Back skips the sign-in page: it was replaced by /mail.
  await page.goBack();
  await expect(page).toHaveURL("/");
  await expect(homeHeading(page)).toBeVisible();
});

test("a page whose screen loads on demand names its scripts for preloading in its HTML", async ({
  request,
}) => {
  const signup = await (await request.get("/signup")).text();
  expect(signup).toMatch(
    /<link rel="modulepreload" crossorigin href="\/assets\/sign-in-screen-[\w-]+\.js" \/>/,
  );
  const home = await (await request.get("/")).text();
  expect(home).not.toContain("sign-in-screen-");
});

test("an unknown address answers 404 'Page not found' with a way home", async ({ page }) => {
  const answer = await page.goto("/this/does/not/exist");
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle("Page not found · chtcht");
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
  await expect(landingHeading(page)).toBeVisible();
  await expect(page).toHaveTitle("chtcht");
});

test("/auth/callback answers 200 with its own title, not 'Post not found'", async ({ page }) => {
  // A link without its email and code is sent on to /signup by the screen, so the title checked
  // is the one the server answered with, before the script runs.
  const answer = await page.goto("/auth/callback");
  expect(answer?.status()).toBe(200);
  expect(await answer?.text()).toContain("<title>Email confirmation · chtcht</title>");
  await expect(page).toHaveURL("/signup");
});

test("/policies shows the four policies, and Back goes home", async ({ page }) => {
  await page.goto("/policies");
  const dialog = page.getByRole("dialog", { name: "chtcht Policies" });
  await expect(dialog).toBeVisible();
  const sections = ["Terms of Service", "Privacy Policy", "Messaging Policies", "EULA"];
  for (const name of sections) {
    await expect(dialog.getByRole("region", { name })).toBeVisible();
  }
  await expect(
    dialog.getByRole("navigation", { name: "Policy sections" }).getByRole("button"),
  ).toHaveText(sections);
  await expect(
    dialog.getByRole("region", { name: "Messaging Policies" }).getByText(/report any message/),
  ).toBeVisible();

  // The jump buttons scroll to their section.
  await dialog.getByRole("button", { name: "EULA" }).click();
  await expect(dialog.getByRole("heading", { name: "EULA" })).toBeInViewport();

  // One button answers to "Back" (spec-1 §2); back to top is "Scroll to top".
  await expect(page.getByRole("button", { name: "Back" })).toHaveCount(1);
  await dialog.getByRole("button", { name: "Scroll to top" }).click();
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL("/");
  await expect(dialog).toBeHidden();
  await expect(landingHeading(page)).toBeVisible();
});

test("/about renders", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { name: "About chtcht", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "DMs via the email protocol" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Register" })).toBeVisible();
});

test("a profile and a post show their words with scripts off, and the app opens on them at once", async ({
  page,
  browser,
}) => {
  await signedInAccount(page, "preview");
  const handle = await ownHandle(page);
  const created = await page.request.post("/api/posts", {
    multipart: { content: "Lanterns along the canal tonight" },
  });
  await expect(created, "create post").toBeOK();
  const { post } = (await created.json()) as { post: { path: string } };

  const noScripts = await browser.newContext({ baseURL: E2E_BASE_URL, javaScriptEnabled: false });
  const still = await noScripts.newPage();
  await still.goto(`/${handle}`);
  await expect(still.getByRole("heading", { name: "Ada Lovelace", level: 1 })).toBeVisible();
  await expect(still.getByText(`@${handle}`)).toBeVisible();
  await still.goto(post.path);
  await expect(still.getByText("Lanterns along the canal tonight")).toBeVisible();
  await noScripts.close();

  // The screen starts from the page's own view: no second read of the post before it shows. And
  // no page breaks its own Content-Security-Policy on the way (e.g. zod probing for eval).
  const issues: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on("Audits.issueAdded", ({ issue }) => issues.push(JSON.stringify(issue)));
  await cdp.send("Audits.enable");
  const reads: string[] = [];
  page.on("request", (request) => {
    // The header's standing and username come with every signed-in page too (the unread counts
    // are asked again once the realtime socket is ready).
    const fromThePage =
      /\/api\/(posts\/by-path\/|feed|users\/[^/]+\/posts|safety\/standing|usernames\/mine)/;
    if (fromThePage.test(request.url())) {
      reads.push(request.url());
    }
  });
  // The feed's first page and the profile's posts come with their pages too.
  await page.goto("/");
  await expect(homeHeading(page)).toBeVisible();
  await expect(page.getByRole("main").getByText("Lanterns along the canal tonight")).toBeVisible();
  await page.goto(`/${handle}`);
  await expect(page.getByRole("main").getByText("Lanterns along the canal tonight")).toBeVisible();
  await page.goto(post.path);
  await expect(page.getByRole("main").getByText("Lanterns along the canal tonight")).toBeVisible();
  await expect(page.getByRole("button", { name: /like/i }).first()).toBeVisible();
  expect(reads).toEqual([]);
  // Search's newest profiles and mail's first threads too: with the API's answers held back, the
  // first keystroke finds matches and the mail list shows (a realtime reconnect asks again).
  const held = /\/api\/(search\/recent|mail\/threads)/;
  await page.route(held, () => undefined);
  await page.goto("/search");
  await page.getByRole("searchbox", { name: "Name, username or about" }).fill("a");
  await expect(page.getByRole("heading", { name: /^Found \d+ user/ })).toBeVisible();
  await page.goto("/mail");
  await expect(page.getByText("No conversations yet")).toBeVisible();
  await page.unroute(held);
  // Settings' forms build zod schemas as their script loads (src/web/lib/zod-config.ts).
  await page.goto("/settings");
  await expect(page.getByRole("region", { name: "Your data" })).toBeVisible();
  expect(issues.filter((issue) => issue.includes("ContentSecurityPolicy"))).toEqual([]);
});

/** Records every use of Intl and of the toLocale… methods that call it, in window.__intl. */
const recordIntl = `(() => {
  const used = (window.__intl = []);
  for (const name of ["DateTimeFormat", "NumberFormat", "Collator", "Segmenter", "RelativeTimeFormat", "PluralRules", "ListFormat"]) {
    Intl[name] = new Proxy(Intl[name], {
      construct: (target, args) => (used.push("Intl." + name), Reflect.construct(target, args)),
      apply: (target, self, args) => (used.push("Intl." + name), Reflect.apply(target, self, args)),
    });
  }
  for (const [proto, names] of [
    [Date.prototype, ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"]],
    [Number.prototype, ["toLocaleString"]],
    [String.prototype, ["localeCompare"]],
  ]) {
    for (const name of names) {
      const original = proto[name];
      proto[name] = function (...args) { used.push(name); return original.apply(this, args); };
    }
  }
})()`;

test("the feed, a profile, a post page and mail first render without Intl (docs/performance.md)", async ({
  page,
  browser,
}) => {
  await signedInAccount(page, "intl");
  const { user } = (await (await page.request.get("/api/auth/session")).json()) as {
    user: { id: string };
  };
  const writer = await secondPerson(browser);
  await signedInAccount(writer, "intl-writer");
  const opened = await writer.request.post("/api/mail/threads/direct", {
    data: { userId: user.id },
  });
  await expect(opened, "open thread").toBeOK();
  const { thread } = (await opened.json()) as { thread: { id: string } };
  const sent = await writer.request.post(`/api/mail/threads/${thread.id}/messages`, {
    data: { subject: "Boats", body: "How many did you count?" },
  });
  await expect(sent, "send").toBeOK();
  await writer.context().close();
  const handle = await ownHandle(page);
  const created = await page.request.post("/api/posts", {
    multipart: { content: "Counting the boats in the harbour" },
  });
  await expect(created, "create post").toBeOK();
  const { post } = (await created.json()) as { post: { path: string } };
  await page.addInitScript(recordIntl);
  const intlUsed = () => page.evaluate(() => (window as unknown as { __intl: string[] }).__intl);

  await page.goto("/");
  await expect(page.getByRole("main").getByText("Counting the boats in the harbour")).toBeVisible();
  expect(await intlUsed()).toEqual([]);
  await page.goto(`/${handle}`);
  await expect(page.getByRole("heading", { name: "Ada Lovelace", level: 1 })).toBeVisible();
  await expect(page.getByRole("main").getByText("Counting the boats in the harbour")).toBeVisible();
  expect(await intlUsed()).toEqual([]);
  await page.goto(post.path);
  await expect(page.getByRole("main").getByText("Counting the boats in the harbour")).toBeVisible();
  expect(await intlUsed()).toEqual([]);
  await page.goto("/mail");
  await expect(page.getByText("Boats")).toBeVisible();
  expect(await intlUsed()).toEqual([]);
});
