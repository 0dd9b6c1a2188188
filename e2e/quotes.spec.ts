// Quotes (docs/feed.md "Reposts and quotes"): Ben quotes Ada's post from her profile through the
// repost button's menu (by keyboard); the composer shows her post's card under his words; his
// quote shows the card in Cal's feed (Cal follows Ben, not Ada), at 375 and 1280 px in light and
// dark, and a click on the card opens Ada's post. Ada removes her post from the quote with
// 'Remove from quote', and the card then says so.
import { newAccount, signInViaApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { createAccount, ownHandle, secondPerson } from "./support/people";

const userIdOf = async (page: import("@playwright/test").Page) =>
  ((await (await page.request.get("/api/auth/session")).json()) as { user: { id: string } }).user
    .id;

const shots = process.env.QUOTE_SHOTS;

test("a quote shows the quoted post as a card, and its author may remove it from the quote", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ada = newAccount("ada", "Ada Author");
  const ben = newAccount("ben", "Ben Quoter");
  const cal = newAccount("cal", "Cal Reader");
  await createAccount(page, ada);
  await signInViaApi(page, ada);
  const adaHandle = await ownHandle(page);
  const original = `The original thought ${Date.now()}`;
  await expect(await page.request.post("/api/posts", { data: { content: original } })).toBeOK();

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

  // Ben opens the repost button's menu from the keyboard and picks Quote.
  await benPage.goto(`/${adaHandle}`);
  const card = benPage.getByRole("article").filter({ hasText: original });
  await card.getByRole("button", { name: "Repost, 0 reposts" }).focus();
  await benPage.keyboard.press("Enter");
  await expect(benPage.getByRole("menuitem", { name: "Repost" })).toBeVisible();
  await benPage.getByRole("menuitem", { name: "Quote" }).click();
  const composer = benPage.getByRole("dialog", { name: "Quote post" });
  await expect(composer.getByRole("region", { name: "Quoted post by Ada Author" })).toContainText(
    original,
  );
  const words = `Ben's view on it ${Date.now()}`;
  await composer.getByRole("textbox").fill(words);
  if (shots) {
    for (const [width, theme] of [
      [375, "light"],
      [375, "dark"],
      [1280, "light"],
      [1280, "dark"],
    ] as const) {
      await benPage.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await benPage.emulateMedia({ colorScheme: theme });
      await benPage.screenshot({ path: `${shots}/composer-${width}-${theme}.png` });
    }
  }
  await composer.getByRole("button", { name: "Post" }).click();
  await expect(composer).toBeHidden();

  for (const width of [375, 1280]) {
    for (const theme of ["light", "dark"] as const) {
      await calPage.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await calPage.emulateMedia({ colorScheme: theme });
      await calPage.goto("/");
      const quote = calPage.getByRole("article").filter({ hasText: words });
      await expect(quote.getByRole("region", { name: "Quoted post by Ada Author" })).toContainText(
        original,
      );
      if (shots) await calPage.screenshot({ path: `${shots}/feed-${width}-${theme}.png` });
    }
  }
  // A click on the card opens Ada's post.
  await calPage
    .getByRole("article")
    .filter({ hasText: words })
    .getByRole("region", { name: "Quoted post by Ada Author" })
    .getByText(original)
    .click();
  await expect(calPage).toHaveURL(new RegExp(`/${adaHandle}/`));
  await expect(calPage.getByRole("article").first()).toContainText(original);

  // Ada removes her post from Ben's quote.
  await page.goto(`/${await ownHandle(benPage)}`);
  const benQuote = page.getByRole("article").filter({ hasText: words });
  await benQuote.getByRole("button", { name: "Post options" }).click();
  await page.getByRole("menuitem", { name: "Remove from quote" }).click();
  await expect(benQuote.getByRole("note")).toHaveText(
    "The author removed this post from the quote.",
  );
  await calPage.goto("/");
  const detached = calPage.getByRole("article").filter({ hasText: words });
  await expect(detached.getByRole("note")).toHaveText(
    "The author removed this post from the quote.",
  );
  await expect(detached).not.toContainText(original);
  if (shots) {
    await calPage.setViewportSize({ width: 375, height: 812 });
    await calPage.emulateMedia({ colorScheme: "dark" });
    await detached.screenshot({ path: `${shots}/detached-375-dark.png` });
  }
  await benPage.context().close();
  await calPage.context().close();
});
