// Who sees what (docs/profiles-and-media.md "Who sees what", docs/search.md "Who can be found"): a
// person fills in their religion, which stays Only me; someone else neither sees it on the profile
// nor finds them by it. Once its owner shows it to everyone, agreeing to the consent sentence, the
// other person sees it and finds them by it. A city shown to Friends takes the county the server
// fills in from it along: the edit form says so, and others neither see nor find that county.
import type { Page } from "@playwright/test";
import { newAccount, signInViaApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { createAccount, ownHandle, rareWord, secondPerson } from "./support/people";
import { toast } from "./support/screen";

const details = (page: Page) => page.getByRole("region", { name: "Details" });
const whoCanSee = (page: Page, field: string) =>
  page.getByRole("combobox", { name: `Who can see ${field}`, exact: true });
const results = (page: Page) => page.getByRole("region", { name: "Results" });
const resultsHeader = (page: Page) => results(page).getByRole("status");
const resultNames = (page: Page) => results(page).getByRole("listitem").getByRole("link");
const searchButton = (page: Page) =>
  page
    .getByRole("search", { name: "Search people" })
    .getByRole("button", { name: "Search", exact: true });

/** Searches the server for the surname and one filter, through the Search page's form. */
async function searchFor(page: Page, surname: string, filter: { label: string; value: string }) {
  await page.goto("/search");
  await page
    .getByRole("searchbox", { name: "Name, username or about" })
    .fill(surname.toLowerCase());
  await page.getByRole("combobox", { name: filter.label, exact: true }).selectOption(filter.value);
  await searchButton(page).click();
  await expect(resultsHeader(page)).toContainText("Enhanced Search");
}

test("a religion kept Only me is neither shown nor searchable until its owner shows it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const surname = rareWord();
  const owner = newAccount("audience.owner", `Rae ${surname}`);
  await createAccount(page, owner);
  await signInViaApi(page, owner);
  const handle = await ownHandle(page);

  // The owner fills in religion (Only me by default) and gender (Everyone by default).
  await page.goto(`/${handle}/edit-profile`);
  await page.getByLabel("Religion", { exact: true }).selectOption("Buddhist");
  await page.getByLabel("Gender", { exact: true }).selectOption("Female");
  await expect(whoCanSee(page, "Religion")).toHaveValue("only_me");
  await expect(whoCanSee(page, "Gender")).toHaveValue("everyone");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Profile updated successfully")).toBeVisible();
  await expect(page).toHaveURL(`/${handle}`);
  // The owner sees it, marked as theirs alone.
  const religionTerm = details(page)
    .locator("dt")
    .filter({ has: page.getByText("Religion", { exact: true }) });
  await expect(religionTerm).toContainText("Only me");
  await expect(details(page).getByText("Buddhist", { exact: true })).toBeVisible();

  // Someone else: the religion is not on the profile, and the religion filter does not find them,
  // though gender, shown to everyone, does (so the search index has the save).
  const other = await secondPerson(browser);
  const searcher = newAccount("audience.searcher", "Sam Searcher");
  await createAccount(other, searcher);
  await signInViaApi(other, searcher);
  await other.goto(`/${handle}`);
  await expect(other.getByRole("heading", { level: 1, name: owner.fullName })).toBeVisible();
  await expect(details(other).getByText("Female", { exact: true })).toBeVisible();
  await expect(other.getByText("Buddhist")).toHaveCount(0);
  await expect(details(other).getByText("Religion", { exact: true })).toHaveCount(0);

  await searchFor(other, surname, { label: "Gender", value: "Female" });
  await expect(resultNames(other)).toHaveText([owner.fullName]);
  await searchFor(other, surname, { label: "Religion", value: "Buddhist" });
  await expect(resultsHeader(other)).toContainText("Found 0 user(s)");
  await expect(resultNames(other)).toHaveCount(0);

  // The owner shows religion to everyone: a consent sentence first.
  await page.goto(`/${handle}/edit-profile`);
  await expect(page.getByLabel("Religion", { exact: true })).toHaveValue("Buddhist");
  await whoCanSee(page, "Religion").selectOption("everyone");
  const consent = page.getByRole("alertdialog", { name: "Show your religion?" });
  await expect(consent).toContainText(
    "Your religion will be visible to everyone, and anyone can find you by it in search.",
  );
  await consent.getByRole("button", { name: "Show it" }).click();
  await expect(consent).toBeHidden();
  await expect(whoCanSee(page, "Religion")).toHaveValue("everyone");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Profile updated successfully")).toBeVisible();
  await expect(page).toHaveURL(`/${handle}`);
  await expect(religionTerm).not.toContainText("Only me");

  // Now the other person sees it and finds them by it.
  await other.goto(`/${handle}`);
  const shown = details(other)
    .locator("div")
    .filter({ has: other.getByText("Religion", { exact: true }) });
  await expect(shown.getByText("Buddhist", { exact: true })).toBeVisible();
  await searchFor(other, surname, { label: "Religion", value: "Buddhist" });
  await expect(resultNames(other)).toHaveText([owner.fullName]);
  await other.context().close();
});

test("a county goes no further than the city it was filled in from", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const surname = rareWord();
  const owner = newAccount("audience.county", `Cy ${surname}`);
  await createAccount(page, owner);
  await signInViaApi(page, owner);
  const handle = await ownHandle(page);

  // On a phone, in the dark theme: the city at Friends, the county left at Everyone.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`/${handle}/edit-profile`);
  const city = page.getByRole("combobox", { name: "City", exact: true });
  await city.fill("Austin");
  await page.getByRole("option").filter({ hasText: "Austin, TX" }).first().click();
  await expect(city).toHaveValue("Austin, TX");
  await page.getByLabel("State", { exact: true }).selectOption("Texas");
  const county = page.getByLabel("County", { exact: true });
  await county.selectOption("Travis County");
  await expect(county).not.toHaveAccessibleDescription(/like your city/);
  await whoCanSee(page, "City").selectOption("friends");
  await expect(whoCanSee(page, "County")).toHaveValue("everyone");
  await expect(county).toHaveAccessibleDescription("Shown to Friends, like your city.");
  await county.scrollIntoViewIfNeeded();
  for (const colorScheme of ["dark", "light"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: testInfo.outputPath(`county-note-375-${colorScheme}.png`) });
  }
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Profile updated successfully")).toBeVisible();
  await expect(page).toHaveURL(`/${handle}`);
  // The owner sees it, marked with who really sees it.
  const countyTerm = details(page)
    .locator("dt")
    .filter({ has: page.getByText("County", { exact: true }) });
  await expect(countyTerm).toContainText("Friends");

  // A signed-out visitor and a stranger: the state, but neither city nor county.
  const visitor = await secondPerson(browser);
  await visitor.goto(`/${handle}`);
  await expect(visitor.getByRole("heading", { level: 1, name: owner.fullName })).toBeVisible();
  await expect(details(visitor).getByText("Texas", { exact: true })).toBeVisible();
  await expect(visitor.getByText("Travis County")).toHaveCount(0);
  await expect(visitor.getByText("Austin, TX")).toHaveCount(0);
  await visitor.context().close();

  const other = await secondPerson(browser);
  const searcher = newAccount("audience.county.searcher", "Sue Searcher");
  await createAccount(other, searcher);
  await signInViaApi(other, searcher);
  await other.goto(`/${handle}`);
  await expect(details(other).getByText("Texas", { exact: true })).toBeVisible();
  await expect(other.getByText("Travis County")).toHaveCount(0);
  await searchFor(other, surname, { label: "State", value: "Texas" });
  await expect(resultNames(other)).toHaveText([owner.fullName]);
  await other.getByRole("combobox", { name: "County", exact: true }).selectOption("Travis County");
  await searchButton(other).click();
  await expect(resultsHeader(other)).toContainText("Found 0 user(s)");
  await other.context().close();
});
