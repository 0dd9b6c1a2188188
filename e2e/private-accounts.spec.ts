// Private accounts (docs/social-and-realtime.md "Private accounts"): Ann makes her account private
// in Settings; Bea, at her own computer, sees "This account is private" instead of Ann's posts and
// her Follow becomes a request ('Requested'), which reaches Ann's open Activity at once. Ann approves
// it under Follow requests and Bea's open profile shows the post; or Ann declines it, and Bea is
// back to Follow with the posts still hidden.
import type { Browser, Page } from "@playwright/test";
import { newAccount, signInViaApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { createAccount, ownHandle, rareWord, realtimeReady, secondPerson } from "./support/people";
import { toast } from "./support/screen";

const privateNotice = (page: Page) => page.getByRole("region", { name: "This account is private" });
const profileButton = (page: Page, name: string) =>
  page.getByRole("main").getByRole("button", { name, exact: true });
const REQUESTED = "Requested: cancel the follow request";
const followRequests = (page: Page) => page.getByRole("region", { name: "Follow requests" });

/** Ann, signed in on `page`, with one post; answers her handle and the post's words. */
async function annWithAPost(page: Page) {
  const ann = newAccount("ann", `Ann ${rareWord()}`);
  await createAccount(page, ann);
  await signInViaApi(page, ann);
  const words = `Only for my followers ${rareWord()}`;
  const posted = await page.request.post("/api/posts", { multipart: { content: words } });
  await expect(posted, "post").toBeOK();
  return { handle: await ownHandle(page), words };
}

/** Bea, signed in at her own computer, on Ann's private profile, asks to follow. */
async function beaAsks(browser: Browser, annHandle: string) {
  const page = await secondPerson(browser);
  const bea = newAccount("bea", `Bea ${rareWord()}`);
  await createAccount(page, bea);
  await signInViaApi(page, bea);
  const live = realtimeReady(page);
  await page.goto(`/${annHandle}`);
  await expect(privateNotice(page)).toBeVisible();
  await live;
  await profileButton(page, "Follow").click();
  await expect(profileButton(page, REQUESTED)).toBeEnabled();
  return { page, handle: await ownHandle(page), fullName: bea.fullName };
}

test("Ann makes her account private; Bea asks to follow, Ann approves, and Bea sees the post", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ann = await annWithAPost(page);

  // Settings, by keyboard: the switch, then Save.
  await page.goto("/settings");
  const privacy = page.getByRole("region", { name: "Privacy" });
  await expect(
    privacy.getByText(
      "When your account is private, people must ask to follow you, and only the followers you approve see your posts.",
    ),
  ).toBeVisible();
  const privateSwitch = privacy.getByRole("switch", { name: "Private account" });
  await privateSwitch.focus();
  await page.keyboard.press("Space");
  await expect(privateSwitch).toHaveAttribute("aria-checked", "true");
  await privacy.getByRole("button", { name: "Save" }).focus();
  await page.keyboard.press("Enter");
  await expect(toast(page, "Privacy settings saved")).toBeVisible();

  // Ann keeps Activity open: nobody asks yet.
  const annLive = realtimeReady(page);
  await page.goto("/activity");
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
  await annLive;
  await expect(followRequests(page)).toHaveCount(0);

  // Bea sees the header but not the post, and her Follow becomes a request that stays.
  const bea = await beaAsks(browser, ann.handle);
  await expect(bea.page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(bea.page.getByText(ann.words)).toHaveCount(0);
  const beaLive = realtimeReady(bea.page);
  await bea.page.reload();
  await expect(profileButton(bea.page, REQUESTED)).toBeVisible();
  await expect(privateNotice(bea.page)).toBeVisible();
  await beaLive;

  // The request reaches Ann's Activity live; she approves it.
  const requests = followRequests(page);
  await expect(requests.getByRole("link", { name: bea.fullName })).toBeVisible();
  await requests.getByRole("button", { name: `Approve @${bea.handle}`, exact: true }).click();
  await expect(toast(page, `@${bea.handle} now follows you`)).toBeVisible();
  await expect(requests.getByText("No follow requests waiting.")).toBeVisible();

  // Bea's open profile follows at once; reloaded, it shows the post too.
  await expect(profileButton(bea.page, "Following")).toBeVisible();
  await expect(bea.page.getByText(ann.words)).toBeVisible();
  await bea.page.reload();
  await expect(bea.page.getByText(ann.words)).toBeVisible();
  await expect(privateNotice(bea.page)).toHaveCount(0);
  await expect(profileButton(bea.page, "Following")).toHaveAttribute("aria-pressed", "true");
  await bea.page.context().close();
});

test("Bea takes a request back and asks again; Ann declines, and the posts stay hidden", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ann = await annWithAPost(page);
  const saved = await page.request.put("/api/account/privacy", { data: { privateAccount: true } });
  await expect(saved, "privacy").toBeOK();

  const bea = await beaAsks(browser, ann.handle);
  // 'Requested' takes the request back; then she asks again.
  await profileButton(bea.page, REQUESTED).click();
  await expect(profileButton(bea.page, "Follow")).toBeEnabled();
  await profileButton(bea.page, "Follow").click();
  await expect(profileButton(bea.page, REQUESTED)).toBeEnabled();

  await page.goto("/activity");
  const requests = followRequests(page);
  const decline = requests.getByRole("button", { name: `Decline @${bea.handle}`, exact: true });
  await decline.focus();
  await page.keyboard.press("Enter");
  await expect(toast(page, `Declined @${bea.handle}'s request`)).toBeVisible();
  await expect(requests.getByText("No follow requests waiting.")).toBeVisible();

  await bea.page.reload();
  await expect(profileButton(bea.page, "Follow")).toBeVisible();
  await expect(privateNotice(bea.page)).toBeVisible();
  await expect(bea.page.getByText(ann.words)).toHaveCount(0);
  await bea.page.context().close();
});
