// Reposts (docs/feed.md "Reposts and quotes"): Ben reposts Ada's post from her profile with the
// repost button's menu; Cal, who follows Ben and not Ada, finds it in his home feed under "Reposted by
// Ben", at 375 and 1280 px in light and dark; Ben's second press takes it back, and Cal's feed no
// longer has it.
import { newAccount, signInViaApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { createAccount, ownHandle, secondPerson } from "./support/people";

const userIdOf = async (page: import("@playwright/test").Page) =>
  ((await (await page.request.get("/api/auth/session")).json()) as { user: { id: string } }).user
    .id;

test("a repost shows in a follower's feed under 'Reposted by', and pressing again takes it back", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ada = newAccount("ada", "Ada Author");
  const ben = newAccount("ben", "Ben Sharer");
  const cal = newAccount("cal", "Cal Reader");
  await createAccount(page, ada);
  await signInViaApi(page, ada);
  const adaHandle = await ownHandle(page);
  const text = `Worth passing on ${Date.now()}`;
  await expect(await page.request.post("/api/posts", { data: { content: text } })).toBeOK();

  const benPage = await secondPerson(browser);
  await createAccount(benPage, ben);
  await signInViaApi(benPage, ben);
  const benId = await userIdOf(benPage);
  const calPage = await secondPerson(browser);
  await createAccount(calPage, cal);
  await signInViaApi(calPage, cal);
  await expect(
    await calPage.request.post("/api/follows/toggle", { data: { targetUserId: benId } }),
  ).toBeOK();

  // Ben opens the repost button's menu from the keyboard, then picks Repost.
  await benPage.goto(`/${adaHandle}`);
  const card = benPage.getByRole("article").filter({ hasText: text });
  const button = card.getByRole("button", { name: "Repost, 0 reposts" });
  await button.focus();
  await benPage.keyboard.press("Enter");
  await benPage.getByRole("menuitem", { name: "Repost" }).click();
  const pressed = card.getByRole("button", { name: "Undo repost, 1 repost" });
  await expect(pressed).toHaveAttribute("aria-pressed", "true");
  if (process.env.REPOST_SHOTS) {
    for (const theme of ["light", "dark"] as const) {
      await benPage.setViewportSize({ width: 375, height: 812 });
      await benPage.emulateMedia({ colorScheme: theme });
      await card.screenshot({ path: `${process.env.REPOST_SHOTS}/pressed-375-${theme}.png` });
    }
  }

  for (const width of [375, 1280]) {
    for (const theme of ["light", "dark"] as const) {
      await calPage.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await calPage.emulateMedia({ colorScheme: theme });
      await calPage.goto("/");
      const shared = calPage.getByRole("article").filter({ hasText: text });
      await expect(shared).toContainText("Reposted by Ben Sharer");
      await expect(shared.getByRole("button", { name: "Repost, 1 repost" })).toBeVisible();
      if (process.env.REPOST_SHOTS) {
        await calPage.screenshot({
          path: `${process.env.REPOST_SHOTS}/feed-${width}-${theme}.png`,
        });
      }
    }
  }
  await calPage.getByRole("link", { name: "Ben Sharer" }).first().click();
  await expect(calPage.getByRole("heading", { name: "Ben Sharer" })).toBeVisible();

  await pressed.click();
  await benPage.getByRole("menuitem", { name: "Undo repost" }).click();
  await expect(card.getByRole("button", { name: "Repost, 0 reposts" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await calPage.goto("/");
  await expect(calPage.getByRole("article").filter({ hasText: text })).toHaveCount(0);
  await benPage.context().close();
  await calPage.context().close();
});
