// The search page (spec-2 §2 "Search page", §4 local vs enhanced): a person narrows the newest
// members as they type, searches the server by state and an age range, opens a result and comes
// back with Back to the same filters and results; Clear Filters; the phone layout at 375 px; around
// a city, how far as a band only, and what Settings says that tells (docs/search.md "Distance").
import type { Browser, Page } from "@playwright/test";
import { newAccount, signInViaApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { createAccount, rareWord, secondPerson } from "./support/people";

/** Someone with a profile saying where they live and how old they are, made through the API. */
async function member(
  browser: Browser,
  fullName: string,
  details: { state: string; age: number },
  city?: string,
): Promise<void> {
  const page = await secondPerson(browser);
  const account = newAccount("member", fullName);
  await createAccount(page, account);
  await signInViaApi(page, account);
  const session = await page.request.get("/api/auth/session");
  const { user } = (await session.json()) as { user: { id: string } };
  const saved = await page.request.put(`/api/profiles/${user.id}`, {
    data: { fullName, emailAddress: account.email, details, ...(city ? { city } : {}) },
  });
  await expect(saved, "profile saved").toBeOK();
  await page.context().close();
}

/** Four members sharing a surname: two in Vermont aged 30–40, one older, one in Texas. */
async function fourMembers(browser: Browser) {
  const surname = rareWord();
  const names = {
    vic: `Vic ${surname}`,
    val: `Val ${surname}`,
    vera: `Vera ${surname}`,
    tex: `Tex ${surname}`,
  };
  await member(browser, names.vic, { state: "Vermont", age: 34 });
  await member(browser, names.val, { state: "Vermont", age: 38 });
  await member(browser, names.vera, { state: "Vermont", age: 55 });
  await member(browser, names.tex, { state: "Texas", age: 35 });
  return { surname, names };
}

async function signedInSearcher(page: Page) {
  const searcher = newAccount("searcher", "Sam Searcher");
  await createAccount(page, searcher);
  await signInViaApi(page, searcher);
}

const queryBox = (page: Page) => page.getByRole("searchbox", { name: "Name, username or about" });
const results = (page: Page) => page.getByRole("region", { name: "Results" });
const resultsHeader = (page: Page) => results(page).getByRole("status");
const resultNames = (page: Page) => results(page).getByRole("listitem").getByRole("link");
const filtersButton = (page: Page) => page.getByRole("button", { name: /^Filters/ });
/** The form's Search button (on phones the header has a 'Search' icon button too). */
const searchButton = (page: Page) =>
  page
    .getByRole("search", { name: "Search people" })
    .getByRole("button", { name: "Search", exact: true });

test("search by state and an age range, open a result, and come back with Back to the same search", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { surname, names } = await fourMembers(browser);
  await signedInSearcher(page);
  await page.goto("/search");
  await expect(page.getByRole("heading", { name: "Search", level: 1 })).toBeVisible();

  // Local mode: the newest members narrow as the text is typed; no server search yet.
  await queryBox(page).fill(surname.toLowerCase());
  await expect(resultsHeader(page)).toContainText("Found 4 user(s)");
  await expect(resultsHeader(page)).not.toContainText("Enhanced Search");

  await page.getByRole("combobox", { name: "State", exact: true }).selectOption("Vermont");
  await page.getByRole("combobox", { name: "Min age" }).selectOption("30");
  await page.getByRole("combobox", { name: "Max age" }).selectOption("40");
  await expect(resultsHeader(page)).toContainText("Found 2 user(s)");

  // Search: the server's answer, in name order, and the filters in the address.
  await searchButton(page).click();
  await expect(page).toHaveURL(
    `/search?q=${surname.toLowerCase()}&state=Vermont&ageMin=30&ageMax=40`,
  );
  await expect(resultsHeader(page)).toContainText("Found 2 user(s)");
  await expect(resultsHeader(page)).toContainText("Enhanced Search");
  await expect(resultsHeader(page)).toContainText(`for “${surname.toLowerCase()}”`);
  await expect(resultNames(page)).toHaveText([names.val, names.vic]);

  // Open a result, then Back: the same filters and results.
  await results(page).getByRole("link", { name: names.vic }).click();
  await expect(page.getByRole("heading", { level: 1, name: names.vic })).toBeVisible();
  await page.goBack();
  await expect(resultsHeader(page)).toContainText("Found 2 user(s)");
  await expect(resultsHeader(page)).toContainText("Enhanced Search");
  await expect(resultNames(page)).toHaveText([names.val, names.vic]);
  await expect(queryBox(page)).toHaveValue(surname.toLowerCase());
  await expect(page.getByRole("combobox", { name: "State", exact: true })).toHaveValue("Vermont");
  await expect(page.getByRole("combobox", { name: "Min age" })).toHaveValue("30");
  await expect(page.getByRole("combobox", { name: "Max age" })).toHaveValue("40");

  // The address alone opens the same search (shared or reloaded).
  await page.reload();
  await expect(resultNames(page)).toHaveText([names.val, names.vic]);
  await expect(page.getByRole("combobox", { name: "State", exact: true })).toHaveValue("Vermont");

  // Clear Filters: everything empty, no results, local mode again.
  await page.getByRole("button", { name: "Clear Filters" }).click();
  await expect(page).toHaveURL("/search");
  await expect(queryBox(page)).toHaveValue("");
  await expect(page.getByRole("combobox", { name: "State", exact: true })).toHaveValue("");
  await expect(page.getByRole("combobox", { name: "Min age" })).toHaveValue("");
  await expect(resultsHeader(page)).toBeHidden();
  await expect(resultNames(page)).toHaveCount(0);
});

test("a hand-typed address with a value off the lists shows the server's message", async ({
  page,
}) => {
  await signedInSearcher(page);
  await page.goto("/search?gender=Robot&ageMin=30");
  await expect(results(page).getByRole("alert")).toContainText(
    "Gender: Please choose a value from the list.",
  );
  await expect(resultNames(page)).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Min age" })).toHaveValue("30");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the panel folds away, opens stacked, and Search folds it to show the results", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const { surname, names } = await fourMembers(browser);
    await signedInSearcher(page);
    await page.goto(`/search?q=${surname.toLowerCase()}&state=Vermont`);

    await expect(resultNames(page)).toHaveText([names.val, names.vera, names.vic]);
    await expect(filtersButton(page)).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("combobox", { name: "State", exact: true })).toBeHidden();

    await filtersButton(page).click();
    const state = page.getByRole("combobox", { name: "State", exact: true });
    await expect(state).toHaveValue("Vermont");
    await page.getByRole("combobox", { name: "Max age" }).selectOption("40");
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    await searchButton(page).click();
    await expect(filtersButton(page)).toHaveAttribute("aria-expanded", "false");
    await expect(resultsHeader(page)).toContainText("Found 2 user(s)");
    await expect(resultNames(page).first()).toBeInViewport();
  });

  test("around a city a card says how far only as a band, and Settings says what that tells", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const surname = rareWord();
    const name = `Cal ${surname}`;
    await member(browser, name, { state: "Texas", age: 41 }, "Austin, TX");
    await signedInSearcher(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(
      `/search?q=${surname.toLowerCase()}&city=Austin%2C+TX&withinMiles=250&sort=distance`,
    );
    await expect(resultNames(page)).toHaveText([name]);
    const card = results(page).getByRole("listitem");
    await expect(card).toContainText(/(Under 10|10–25|25–50|50–100|100\+) mi away/);
    await expect(card).not.toContainText(/\d miles/);
    await filtersButton(page).click();
    const options = page.getByRole("combobox", { name: "Within" }).locator("option");
    // A blank choice, then the fixed radii only.
    await expect(options).toHaveCount(7);
    const radii = await options.allTextContents();
    expect(radii.slice(1)).toEqual([
      "10 miles",
      "25 miles",
      "50 miles",
      "100 miles",
      "250 miles",
      "500 miles",
    ]);

    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Where you live, in search" });
    await expect(section).toContainText("never in miles");
    await expect(section.getByRole("link", { name: "Edit Profile" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    for (const colorScheme of ["dark", "light"] as const) {
      await page.emulateMedia({ colorScheme });
      await section.screenshot({ path: testInfo.outputPath(`location-375-${colorScheme}.png`) });
    }
  });
});
