// Hashtags (docs/feed.md "Hashtags"): Ada writes a post with a tag, clicks the tag in her post and
// lands on the tag's page, which lists it; she follows the tag, and a post with it by Ben, whom
// she does not follow, comes into her home feed.
import type { Page, TestInfo } from "@playwright/test";
import { newAccount, signInViaApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { createAccount, secondPerson } from "./support/people";

async function capture(page: Page, testInfo: TestInfo, name: string) {
  // The resting look, not a hover.
  await page.mouse.move(0, 899);
  for (const width of [375, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      // Buttons ease into the new theme's colours (transition-colors).
      await page.waitForTimeout(300);
      await page.screenshot({ path: testInfo.outputPath(`${name}-${width}-${colorScheme}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
}

test("write a post with a tag, open the tag from it, follow the tag and get its posts in the feed", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const ada = newAccount("ada", "Ada Tagger");
  const ben = newAccount("ben", "Ben Elsewhere");
  await createAccount(page, ada);
  await signInViaApi(page, ada);
  const stamp = Date.now();
  const tag = `Café${stamp}`;
  const text = `Coffee break #${tag}!`;

  await page.goto("/");
  await page.getByRole("textbox", { name: "What's happening?" }).fill(text);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  const mine = page.getByRole("article").filter({ hasText: text });
  await expect(mine).toBeVisible();

  await mine.getByRole("link", { name: `#${tag}` }).click();
  await expect(page).toHaveURL(`/tags/${encodeURIComponent(tag.toLowerCase())}`);
  await expect(page.getByRole("heading", { name: `#${tag}`, level: 1 })).toBeVisible();
  await expect(page.getByText("1 post", { exact: true })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: text })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^#${tag.toLowerCase()} · `));

  const follow = page.getByRole("button", { name: `Follow #${tag}` });
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  await follow.click();
  await expect(page.getByRole("button", { name: `Following #${tag}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await capture(page, testInfo, "tag-page");

  // Ben, whom Ada does not follow, writes with the tag in another case; it reaches Ada's feed.
  const benPage = await secondPerson(browser);
  await createAccount(benPage, ben);
  await signInViaApi(benPage, ben);
  const benText = `Espresso please #${tag.toUpperCase()}`;
  await expect(await benPage.request.post("/api/posts", { data: { content: benText } })).toBeOK();
  await benPage.context().close();
  await page.goto("/");
  await expect(page.getByRole("article").filter({ hasText: benText })).toBeVisible();

  // After a reload the tag page still says Following, and shows both posts, newest first.
  await page.goto(`/tags/${encodeURIComponent(tag)}`);
  await expect(page.getByRole("button", { name: `Following #${tag}` })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(2);
  await expect(page.getByRole("article").first()).toContainText(benText);

  // The header search offers the tag for what its start types, with its post count.
  await page.getByRole("combobox", { name: "Search users" }).fill(`#${tag.slice(0, 6)}`);
  const suggestion = page.getByRole("option", { name: `#${tag} 2 posts` });
  await expect(suggestion).toBeVisible();
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForTimeout(300);
    await page.screenshot({ path: testInfo.outputPath(`header-tags-1280-${colorScheme}.png`) });
  }
  // Escape closes the panel, a second one clears the box.
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  // On a phone the box opens from the header's search icon, its results a sheet below.
  await page.setViewportSize({ width: 375, height: 900 });
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("combobox", { name: "Search users" }).fill(`#${tag.slice(0, 6)}`);
  await expect(suggestion).toBeVisible();
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForTimeout(300);
    await page.screenshot({ path: testInfo.outputPath(`header-tags-375-${colorScheme}.png`) });
  }
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });

  // The search page lists what trends today: two people used the tag.
  await page.goto("/search");
  const trending = page.getByRole("region", { name: "Trending today" });
  await expect(trending.getByRole("link", { name: new RegExp(`#${tag} 2 people`) })).toBeVisible();
  await capture(page, testInfo, "search-trending");

  // A name that cannot be a tag is the page not found.
  await page.goto("/tags/123");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
