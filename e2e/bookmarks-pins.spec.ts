// Bookmarks and pinned posts (docs/feed.md "Bookmarks", "Pinned posts"): Ben bookmarks Ada's post
// from its menu in his feed and finds it on /bookmarks through the main menu; Ada pins her older
// post and sees it first on her profile under "Pinned", and again in its place.
import { newAccount, signInViaApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { createAccount, ownHandle, secondPerson } from "./support/people";
import { openMenu, toast } from "./support/screen";

test("bookmark a post and find it on /bookmarks; pin a post and see it first on the profile", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ada = newAccount("ada", "Ada Keeper");
  const ben = newAccount("ben", "Ben Saver");
  await createAccount(page, ada);
  await signInViaApi(page, ada);
  const adaId = (
    (await (await page.request.get("/api/auth/session")).json()) as { user: { id: string } }
  ).user.id;
  const stamp = Date.now();
  const older = `The older one ${stamp}`;
  const newer = `The newer one ${stamp}`;
  for (const content of [older, newer]) {
    await expect(await page.request.post("/api/posts", { data: { content } })).toBeOK();
  }

  // Ben follows Ada and bookmarks her older post from its menu in his feed.
  const benPage = await secondPerson(browser);
  await createAccount(benPage, ben);
  await signInViaApi(benPage, ben);
  await expect(
    await benPage.request.post("/api/follows/toggle", { data: { targetUserId: adaId } }),
  ).toBeOK();
  await benPage.goto("/");
  const card = benPage.getByRole("article").filter({ hasText: older });
  await card.getByRole("button", { name: "Post options" }).click();
  await benPage.getByRole("menuitem", { name: "Bookmark" }).click();
  await expect(toast(benPage, "Added to your bookmarks")).toBeVisible();

  const menu = await openMenu(benPage);
  await menu.getByRole("menuitem", { name: "Bookmarks" }).click();
  await expect(benPage).toHaveURL(/\/bookmarks$/);
  await expect(benPage.getByRole("heading", { name: "Bookmarks", level: 1 })).toBeVisible();
  const kept = benPage.getByRole("article");
  await expect(kept).toHaveCount(1);
  await expect(kept.first()).toContainText(older);
  // Only Ben's: Ada's own Bookmarks page is empty.
  await page.goto("/bookmarks");
  await expect(page.getByText("No bookmarks yet")).toBeVisible();
  await benPage.context().close();

  // Ada pins her older post; her profile shows it first, under "Pinned", and again below.
  const handle = await ownHandle(page);
  await page.goto(`/${handle}`);
  const own = page.getByRole("article").filter({ hasText: older });
  await own.getByRole("button", { name: "Post options" }).click();
  await page.getByRole("menuitem", { name: "Pin to profile" }).click();
  await expect(toast(page, "Pinned to your profile")).toBeVisible();
  await page.reload();
  const pinned = page.getByRole("region", { name: "Pinned posts" });
  await expect(pinned.getByRole("article")).toHaveCount(1);
  await expect(pinned.getByRole("article").first()).toContainText("Pinned");
  await expect(pinned.getByRole("article").first()).toContainText(older);
  const all = page.getByRole("article");
  await expect(all.first()).toContainText(older);
  await expect(all.nth(1)).toContainText(newer);
  await expect(all.nth(2)).toContainText(older);
});
