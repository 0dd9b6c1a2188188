// Muted words (docs/safety.md "Muted words"): Ben mutes a word in Settings; Ada's post with it is
// collapsed in his feed to 'Hidden: matches a muted word', and Show reveals it; Ada's post without
// it shows as it is. A post with it that arrives while his feed is open comes collapsed too, and
// so does the card of a quote of it. Neither screen has a serious accessibility violation.
import { newAccount, signInViaApi } from "./support/accounts";
import { violations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { createAccount, secondPerson } from "./support/people";

test("a muted word collapses a post in the feed, and Show reveals it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ada = newAccount("ada", "Ada Writer");
  const ben = newAccount("ben", "Ben Reader");
  await createAccount(page, ada);
  await signInViaApi(page, ada);
  const adaId = (
    (await (await page.request.get("/api/auth/session")).json()) as { user: { id: string } }
  ).user.id;
  const stamp = Date.now();
  const muted = `The butler did it, episode ${stamp}`;
  const plain = `A quiet evening ${stamp}`;
  for (const content of [muted, plain]) {
    await expect(await page.request.post("/api/posts", { data: { content } })).toBeOK();
  }

  const benPage = await secondPerson(browser);
  await createAccount(benPage, ben);
  await signInViaApi(benPage, ben);
  await expect(
    await benPage.request.post("/api/follows/toggle", { data: { targetUserId: adaId } }),
  ).toBeOK();

  // Ben mutes 'Butler' in posts only, for a week.
  await benPage.goto("/settings");
  const section = benPage.getByRole("region", { name: "Muted words" });
  await expect(section.getByText("You have not muted any words.")).toBeVisible();
  await section.getByRole("textbox", { name: "Word, phrase or #hashtag" }).fill("Butler");
  await section.getByRole("checkbox", { name: "Comments" }).uncheck();
  await section.getByRole("checkbox", { name: "Mail" }).uncheck();
  await section.getByLabel("How long").selectOption({ label: "For a week" });
  await section.getByRole("button", { name: "Mute" }).click();
  const entry = section.getByRole("listitem").filter({ hasText: "Butler" });
  await expect(entry).toContainText(/Posts · Until /);
  expect(await violations(benPage, "Settings, muted words")).toEqual([]);

  // In his feed the post with the word is one line; the other shows whole.
  await benPage.goto("/");
  await expect(benPage.getByText(plain)).toBeVisible();
  await expect(benPage.getByText(muted)).toHaveCount(0);
  expect(await violations(benPage, "Feed, a post collapsed")).toEqual([]);
  const hidden = benPage.getByText("Hidden: matches a muted word (“Butler”)");
  await expect(hidden).toBeVisible();
  await benPage.getByRole("button", { name: "Show" }).click();
  await expect(benPage.getByText(muted)).toBeVisible();
  await expect(hidden).toHaveCount(0);

  // Ada sees her own post as she wrote it.
  await page.goto("/");
  await expect(page.getByText(muted)).toBeVisible();

  // While Ben's feed is open, Ada posts with the word, then quotes her first post: the new post
  // arrives collapsed, and the quote's own words show above a collapsed card.
  await benPage.evaluate(() => window.scrollTo(0, 0));
  const live = `The butler again, live ${stamp}`;
  await expect(await page.request.post("/api/posts", { data: { content: live } })).toBeOK();
  const quoteWords = `Look back at this ${stamp}`;
  const mutedId = (
    (await (await page.request.get(`/api/users/${adaId}/posts`)).json()) as {
      items: { id: string; content: string }[];
    }
  ).items.find((p) => p.content === muted)?.id;
  await expect(
    await page.request.post("/api/posts", { data: { content: quoteWords, quoteOf: mutedId } }),
  ).toBeOK();
  const quote = benPage.getByRole("article").filter({ hasText: quoteWords });
  await expect(quote).toBeVisible();
  await expect(
    quote.getByRole("region", { name: "Quoted post by Ada Writer" }).getByText(/Hidden: matches/),
  ).toBeVisible();
  await expect(benPage.getByText(live)).toHaveCount(0);
  await expect(benPage.getByText("Hidden: matches a muted word (“Butler”)")).toHaveCount(2);
  if (process.env.MUTED_SHOTS) {
    for (const [width, theme] of [
      [1280, "light"],
      [1280, "dark"],
      [375, "light"],
      [375, "dark"],
    ] as const) {
      await benPage.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await benPage.emulateMedia({ colorScheme: theme });
      await benPage.screenshot({ path: `${process.env.MUTED_SHOTS}/live-${width}-${theme}.png` });
    }
  }
});
