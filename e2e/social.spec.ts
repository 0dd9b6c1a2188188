// Finding and following people (spec-1 §2 header search box, §4 follow): one person finds another
// from the header's search box by part of their name and follows them from the result; the other,
// looking at their own profile in another browser, sees the follower count change live.
import type { Page } from "@playwright/test";
import { newAccount, signInViaApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { createAccount, ownHandle, realtimeReady, secondPerson } from "./support/people";

/** A surname nobody else in the test database has: lower-case letters only. */
function rareWord(length = 7): string {
  const letters = "bcdfghjklmnpqrstvwxz";
  return Array.from(
    { length },
    () => letters[Math.floor(Math.random() * letters.length)] as string,
  ).join("");
}

/** The number under a profile counter label ('Friends', 'Following', 'Followers'). */
const counter = (page: Page, label: string) =>
  page
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd");

/** The profile page's own Follow button is not a search result; wait until it has its state. */
const watchedProfileReady = (page: Page) =>
  expect(page.getByRole("main").getByRole("button", { name: /^Follow(ing)?$/ })).toBeEnabled();

const searchBox = (page: Page) =>
  page.getByRole("banner").getByRole("combobox", { name: "Search users" });
const results = (page: Page) => page.getByRole("region", { name: "Search Results" });

test("find someone by part of their name, follow them, and they see it live", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const surname = rareWord();
  const bea = newAccount("bea", `Bea ${surname[0]?.toUpperCase()}${surname.slice(1)}`);
  const ann = newAccount("ann", "Ann Searcher");

  // Bea signs in elsewhere and keeps her own profile open.
  const beaPage = await secondPerson(browser);
  await createAccount(beaPage, bea);
  await signInViaApi(beaPage, bea);
  const beaHandle = await ownHandle(beaPage);
  const beaLive = realtimeReady(beaPage);
  await beaPage.goto(`/${beaHandle}`);
  await expect(beaPage.getByRole("heading", { level: 1, name: bea.fullName })).toBeVisible();
  await expect(counter(beaPage, "Followers")).toHaveText("0");
  await beaLive;

  // Ann searches for a part of Bea's surname from the header.
  await createAccount(page, ann);
  await signInViaApi(page, ann);
  await page.goto("/");
  await searchBox(page).fill(surname.slice(1, 6));
  const panel = results(page);
  await expect(panel.getByRole("heading", { name: "Search Results" })).toBeVisible();
  const beaResult = panel.getByRole("option", { name: new RegExp(bea.fullName) });
  await expect(beaResult).toBeVisible();
  await expect(beaResult).toContainText(`@${beaHandle}`);

  // Follow from the result: the button turns into 'Following' and stays so.
  await panel.getByRole("button", { name: `Follow ${bea.fullName}`, exact: true }).click();
  const following = panel.getByRole("button", { name: `Following ${bea.fullName}`, exact: true });
  await expect(following).toHaveAttribute("aria-pressed", "true");
  await expect(following).toBeEnabled();

  // Bea's counter moves without a reload.
  await expect(counter(beaPage, "Followers")).toHaveText("1");

  // Unfollow: back to 0 on Bea's side.
  await following.click();
  await expect(
    panel.getByRole("button", { name: `Follow ${bea.fullName}`, exact: true }),
  ).toHaveAttribute("aria-pressed", "false");
  await expect(counter(beaPage, "Followers")).toHaveText("0");

  // Opening the result goes to Bea's profile and closes the panel.
  await beaResult.click();
  await expect(page).toHaveURL(`/${beaHandle}`);
  await expect(results(page)).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: bea.fullName })).toBeVisible();

  // Follow from Bea's profile page: Ann's button flips, Bea's open profile counts 1 again.
  await watchedProfileReady(page);
  await page.getByRole("main").getByRole("button", { name: "Follow", exact: true }).click();
  await expect(
    page.getByRole("main").getByRole("button", { name: "Following", exact: true }),
  ).toHaveAttribute("aria-pressed", "true");
  await expect(counter(page, "Followers")).toHaveText("1");
  await expect(counter(beaPage, "Followers")).toHaveText("1");

  await beaPage.context().close();
});

test("signed out: search works, and Follow asks to sign up first", async ({ page }) => {
  const surname = rareWord();
  const cai = newAccount("cai", `Cai ${surname}`);
  await createAccount(page, cai);

  await page.goto("/about");
  await searchBox(page).fill(surname);
  const panel = results(page);
  await expect(panel.getByRole("option", { name: new RegExp(cai.fullName) })).toBeVisible();
  await panel.getByRole("button", { name: `Follow ${cai.fullName}`, exact: true }).click();
  await expect(page).toHaveURL(`/signup?next=${encodeURIComponent("/about")}`);
});

test("the search box answers with the empty text and closes on Escape", async ({ page }) => {
  const nonsense = `${rareWord(9)}q`;
  await page.goto("/");
  await searchBox(page).fill(nonsense);
  await expect(results(page).getByText(`No users found matching "${nonsense}"`)).toBeVisible();
  await searchBox(page).press("Escape");
  await expect(results(page)).toBeHidden();
  await expect(searchBox(page)).toBeFocused();
});
