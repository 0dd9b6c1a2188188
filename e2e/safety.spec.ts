// Safety (docs/safety.md) as people meet it: a block from a profile takes the blocker out of the
// other person's reach (follow gone, profile not found, posts gone from their feed); a reported
// post removed from the moderation queue is gone for everyone; a suspended person is signed out
// in every browser they have open.
import type { Page } from "@playwright/test";
import { newAccount, signInModerator, signInViaApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { createAccount, realtimeReady, secondPerson } from "./support/people";
import { openMenu, toast } from "./support/screen";

interface Me {
  id: string;
  handle: string;
}

async function me(page: Page): Promise<Me> {
  const response = await page.request.get("/api/auth/session");
  await expect(response).toBeOK();
  const { user } = (await response.json()) as { user: Me | null };
  if (!user) throw new Error("not signed in");
  return user;
}

/** A new verified person, signed in on `page`. */
async function person(page: Page, label: string, fullName: string): Promise<Me> {
  const account = newAccount(label, fullName);
  await createAccount(page, account);
  await signInViaApi(page, account);
  return me(page);
}

/** The moderator of ADMIN_EMAILS, signed in on `page`. */
async function moderator(page: Page): Promise<Me> {
  await signInModerator(page);
  return me(page);
}

async function post(page: Page, content: string): Promise<{ id: string; path: string }> {
  const response = await page.request.post("/api/posts", { multipart: { content } });
  await expect(response, "create post").toBeOK();
  return ((await response.json()) as { post: { id: string; path: string } }).post;
}

const feedPost = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text });

test("blocking from a profile: the other person's follow goes, and the blocker's profile and posts with it", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // Ann follows Bea and sees her post in her feed.
  const annPage = page;
  const ann = await person(annPage, "ann", "Ann Follower");
  const beaPage = await secondPerson(browser);
  const bea = await person(beaPage, "bea", "Bea Blocker");
  const text = `Bea's garden diary ${Date.now()}`;
  await post(beaPage, text);
  await expect(
    await annPage.request.post("/api/follows/toggle", { data: { targetUserId: bea.id } }),
  ).toBeOK();
  await annPage.goto("/");
  await expect(feedPost(annPage, text)).toBeVisible();

  // Bea opens Ann's profile and blocks her from its options menu, after confirming.
  await beaPage.goto(`/${ann.handle}`);
  await beaPage.getByRole("button", { name: "Profile options" }).click();
  await beaPage.getByRole("menuitem", { name: `Block @${ann.handle}` }).click();
  const confirm = beaPage.getByRole("alertdialog", { name: `Block @${ann.handle}?` });
  await expect(confirm).toContainText("They will not be told.");
  await confirm.getByRole("button", { name: "Block", exact: true }).click();
  await expect(toast(beaPage, `Blocked @${ann.handle}`)).toBeVisible();
  await expect(beaPage.getByRole("heading", { name: `You blocked @${ann.handle}` })).toBeVisible();
  await expect(beaPage.getByRole("button", { name: /^Follow(ing)?$/ })).toHaveCount(0);

  // Bea's own profile: no follower left.
  await beaPage.goto(`/${bea.handle}`);
  const followers = beaPage
    .locator("dl > div")
    .filter({ has: beaPage.locator("dt", { hasText: /^Followers$/ }) })
    .locator("dd");
  await expect(followers).toHaveText("0");

  // Ann: Bea's post has left her feed, Bea's profile is not found, and following is refused.
  await annPage.reload();
  await expect(annPage.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
  await expect(feedPost(annPage, text)).toHaveCount(0);
  await annPage.goto(`/${bea.handle}`);
  await expect(annPage.getByRole("heading", { name: "Profile Not Found" })).toBeVisible();
  const again = await annPage.request.post("/api/follows/toggle", {
    data: { targetUserId: bea.id },
  });
  expect(again.ok()).toBe(false);
  const status = await annPage.request.get(`/api/follows/status/${bea.id}`);
  expect(status.ok() ? ((await status.json()) as { following: boolean }).following : false).toBe(
    false,
  );

  // Bea lists Ann under Settings, and can unblock her there.
  await beaPage.goto("/settings");
  const blocked = beaPage.getByRole("region", { name: "Blocked accounts" });
  await expect(blocked.getByRole("link", { name: "Ann Follower" })).toBeVisible();
  await blocked.getByRole("button", { name: `Unblock @${ann.handle}` }).click();
  await expect(blocked.getByText("You have not blocked anyone.")).toBeVisible();
  await beaPage.context().close();
});

test("a reported post, removed from the moderation queue, is gone for everyone", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const author = await person(page, "cal", "Cal Spammer");
  const text = `Cheap watches at cheap-watches.example ${Date.now()}`;
  const spam = await post(page, text);

  // Rae reports the post from its page.
  const raePage = await secondPerson(browser);
  await person(raePage, "rae", "Rae Reporter");
  await raePage.goto(spam.path);
  await expect(raePage.getByText(text)).toBeVisible();
  await raePage.getByRole("button", { name: "Post options" }).click();
  await raePage.getByRole("menuitem", { name: "Report post" }).click();
  const report = raePage.getByRole("dialog", { name: "Report this post" });
  await report.getByRole("radio", { name: "Spam" }).check();
  await report.getByRole("textbox", { name: "Details (optional)" }).fill("Same link everywhere");
  await report.getByRole("button", { name: "Submit" }).click();
  await expect(
    toast(raePage, "Thanks for your report. Our moderators will review it."),
  ).toBeVisible();
  await expect(report).toBeHidden();

  // Everyone else: the queue does not exist.
  await raePage.goto("/admin/reports");
  await expect(raePage.getByRole("heading", { name: "Page not found" })).toBeVisible();

  // The moderator finds it from the menu and removes it, giving a reason.
  const modPage = await secondPerson(browser);
  await moderator(modPage);
  await modPage.goto("/");
  await (await openMenu(modPage)).getByRole("menuitem", { name: "Moderation" }).click();
  await expect(modPage).toHaveURL("/admin/reports");
  const group = modPage.getByRole("article", { name: `Post of @${author.handle}, 1 report` });
  await expect(group).toContainText(text);
  await expect(group).toContainText("Same link everywhere");
  await group.getByRole("button", { name: "Remove content" }).click();
  const dialog = modPage.getByRole("dialog", { name: "Remove this post?" });
  await dialog.getByRole("combobox", { name: "Rule broken" }).selectOption("Spam");
  await dialog.getByRole("textbox", { name: "Reason" }).fill("Spam");
  await dialog.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(toast(modPage, "The post was removed")).toBeVisible();
  await expect(group).toBeHidden();
  await modPage.getByRole("tab", { name: "Audit log" }).click();
  await expect(modPage.getByRole("list", { name: "Audit log" })).toContainText(
    `Removed a post by @${author.handle}`,
  );

  // Rae no longer finds the post, on its page or on the author's profile.
  await raePage.goto(spam.path);
  await expect(raePage.getByRole("heading", { name: "Post not found" })).toBeVisible();
  await raePage.goto(`/${author.handle}`);
  await expect(raePage.getByText("No posts yet")).toBeVisible();
  await expect(raePage.getByText(text)).toHaveCount(0);
  await raePage.context().close();
  await modPage.context().close();
});

test("a suspended person is signed out in every browser they have open", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const account = newAccount("sid", "Sid Suspended");
  await createAccount(page, account);
  await signInViaApi(page, account);
  const sid = await me(page);
  const otherPage = await secondPerson(browser);
  await signInViaApi(otherPage, account);
  for (const tab of [page, otherPage]) {
    const live = realtimeReady(tab);
    await tab.goto("/activity");
    await expect(tab.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
    await live;
  }

  // Someone reports Sid's profile; the moderator suspends him from the queue.
  const raePage = await secondPerson(browser);
  await person(raePage, "rae", "Rae Reporter");
  await expect(
    await raePage.request.post("/api/reports", {
      data: { targetType: "profile", targetId: sid.id, reason: "impersonation", alsoBlock: false },
    }),
  ).toBeOK();
  const modPage = await secondPerson(browser);
  await moderator(modPage);
  await modPage.goto("/admin/reports");
  const group = modPage.getByRole("article", { name: `Profile of @${sid.handle}, 1 report` });
  await group.getByRole("button", { name: "Suspend" }).click();
  const dialog = modPage.getByRole("dialog", { name: `Suspend @${sid.handle}?` });
  await dialog.getByRole("combobox", { name: "Rule broken" }).selectOption("Impersonation");
  await dialog.getByRole("textbox", { name: "Reason" }).fill("Impersonating a public figure");
  await dialog.getByRole("button", { name: "Suspend", exact: true }).click();
  await expect(toast(modPage, `@${sid.handle} is suspended`)).toBeVisible();

  // Both of Sid's browsers land on the sign-in screen without him doing anything.
  for (const tab of [page, otherPage]) {
    await expect(tab.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await expect(tab.getByRole("heading", { name: "Activity", level: 1 })).toHaveCount(0);
  }
  // And signing in again is refused.
  const login = await page.request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
  });
  expect(login.status()).toBe(403);
  for (const other of [otherPage, raePage, modPage]) await other.context().close();
});
