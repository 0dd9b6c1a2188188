// Reserved usernames in test mode (spec-2 §2 Reserve Username dialog and Checkout success page,
// §4 username reservation and payment return, §8 messages; docs/usernames.md "Test mode"): a
// person buys a name on the built-in checkout page and it becomes their profile URL and mail
// address; someone else cannot have it, neither while it is being bought nor after; cancelling
// and a declined card say so and buy nothing.
import type { Page } from "@playwright/test";
import { newAccount, signedInAccount, signInViaApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";
import { createAccount, ownHandle, secondPerson } from "./support/people";
import { mainMenu, openMenu, toast } from "./support/screen";

/** A name nobody has yet: 10 characters, the $20 tier. */
const freshName = () =>
  `n${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 6)}`.slice(0, 10);

const reserveDialog = (page: Page) => page.getByRole("dialog", { name: "Reserve Username" });

/** On the edit page: opens the Reserve Username dialog from the Username field, types `name`. */
async function typeInReserveDialog(page: Page, name: string) {
  await page.getByLabel("Username", { exact: true }).click();
  const dialog = reserveDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Username").fill(name);
  return dialog;
}

/** From the edit page to the test checkout page for `name`. */
async function startCheckout(page: Page, name: string) {
  const dialog = await typeInReserveDialog(page, name);
  await expect(dialog.getByRole("status")).toHaveText("Available");
  await expect(dialog.getByText("$20/year")).toBeVisible();
  await dialog.getByRole("button", { name: "Make it Yours" }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/[^/]+$/);
  await expect(page.getByText("Test mode — no real payment is taken")).toBeVisible();
  await expect(page.getByText(`@${name}`, { exact: true })).toBeVisible();
  await expect(page.getByText("6–10 characters")).toBeVisible();
}

const pendingName = (page: Page) =>
  page.evaluate(() => window.sessionStorage.getItem("pendingUsername"));

test("reserve a name, pay on the test checkout, and it becomes the profile URL and mail address", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const buyer = await signedInAccount(page, "buyer");
  const handle = await ownHandle(page);
  const name = freshName();

  await page.goto(`/${handle}/edit-profile`);
  await startCheckout(page, name);
  expect(await pendingName(page)).toBe(name);

  await page.getByRole("button", { name: "Pay $20/year" }).click();
  await expect(page).toHaveURL(/\/checkout-success\/[^/]+$/);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(toast(page, `Your username @${name} has been reserved.`)).toBeVisible();
  expect(await pendingName(page)).toBeNull();

  await page.getByRole("link", { name: "Continue to Profile" }).click();
  await expect(page).toHaveURL(`/${name}`);
  await expect(page.getByText(`@${name}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`${name}@chtcht.local`, { exact: true })).toBeVisible();
  expect(await ownHandle(page)).toBe(name);

  // With a name of one's own, no way to get one is offered any more.
  await expect(page.getByRole("button", { name: "Get a custom username" })).toHaveCount(0);

  // The old address still leads to the profile, now at its new one.
  await page.goto(`/${handle}/edit-profile`);
  await expect(page).toHaveURL(`/${name}/edit-profile`);
  await expect(page.getByLabel("Username", { exact: true })).toHaveValue(`@${name}`);
  const section = page.getByRole("region", { name: "Your username" });
  await expect(section.getByText(`@${name}`, { exact: true })).toBeVisible();
  await expect(section.getByText(/^Renews on /)).toBeVisible();
  await expect(section.getByRole("button", { name: "Cancel renewal" })).toBeVisible();
  await page.goto(`/${handle}`);
  await expect(page).toHaveURL(`/${name}`);

  await waitForMail(buyer.email, `Receipt: @${name} on chtcht`);

  // Someone else cannot have it.
  const other = await secondPerson(browser);
  try {
    const account = newAccount("other", "Grace Hopper");
    await createAccount(other, account);
    await signInViaApi(other, account);
    await other.goto(`/${await ownHandle(other)}/edit-profile`);
    const dialog = await typeInReserveDialog(other, name);
    await expect(dialog.getByRole("status")).toHaveText(
      "UnavailableThat username is already taken.",
    );
    // Told once; nothing of a name that cannot be bought (its link, address, price) is shown.
    await expect(dialog.getByText("Unavailable", { exact: true })).toHaveCount(1);
    await expect(dialog.getByText(`${name}@chtcht.local`)).toHaveCount(0);
    await expect(dialog.getByText("$20/year")).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Make it Yours" })).toBeDisabled();
  } finally {
    await other.context().close();
  }
});

test("a name being bought is held; cancelling and a declined card say so and buy nothing", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signedInAccount(page, "hesitant");
  const handle = await ownHandle(page);
  const name = freshName();

  await page.goto(`/${handle}/edit-profile`);
  await startCheckout(page, name);

  // While the buyer is on the checkout page, nobody else can start buying the name.
  const other = await secondPerson(browser);
  try {
    const account = newAccount("rival", "Lin Wei");
    await createAccount(other, account);
    await signInViaApi(other, account);
    await other.goto(`/${await ownHandle(other)}/edit-profile`);
    const dialog = await typeInReserveDialog(other, name);
    await expect(dialog.getByRole("status")).toHaveText(
      "UnavailableSomeone is reserving that username right now. Try again later.",
    );
  } finally {
    await other.context().close();
  }

  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(toast(page, "You canceled the checkout process.")).toBeVisible();
  await expect(page).toHaveURL(`/${handle}/edit-profile`);
  expect(await pendingName(page)).toBeNull();

  // The hold ended with the cancel: the same buyer can try again, and the card is declined.
  await startCheckout(page, name);
  await page.getByRole("button", { name: "Decline card" }).click();
  await expect(toast(page, "Payment failed")).toBeVisible();
  await expect(toast(page, "Your card was declined.")).toBeVisible();
  await expect(page).toHaveURL(`/${handle}/edit-profile`);
  expect(await pendingName(page)).toBeNull();

  // Nothing was bought.
  expect(await ownHandle(page)).toBe(handle);
  await expect(page.getByLabel("Username", { exact: true })).toHaveValue(`@${handle}`);
  await expect(page.getByRole("region", { name: "Your username" })).toHaveCount(0);
});

for (const width of [375, 1280]) {
  test(`at ${width} px, 'Get a custom username' on the own profile, in Edit Profile and in the menu opens Reserve Username; never on someone else's profile`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await signedInAccount(page, "seeker");
    const handle = await ownHandle(page);
    const getName = page.getByRole("button", { name: "Get a custom username" });

    await page.goto(`/${handle}`);
    await getName.click();
    await expect(reserveDialog(page)).toBeVisible();
    await reserveDialog(page).getByRole("button", { name: "Cancel" }).click();
    await expect(reserveDialog(page)).toBeHidden();

    await page.goto(`/${handle}/edit-profile`);
    await getName.click();
    await expect(reserveDialog(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(reserveDialog(page)).toBeHidden();

    const menu = await openMenu(page);
    await menu.getByRole("menuitem", { name: "Get a custom username" }).click();
    await expect(mainMenu(page)).toBeHidden();
    const dialog = reserveDialog(page);
    await expect(dialog).toBeVisible();
    // The focus is in the dialog, not sent back to the menu's button.
    await expect(dialog.locator(":focus")).toHaveCount(1);
    await dialog.getByLabel("Username").fill(freshName());
    await expect(dialog.getByRole("status")).toHaveText("Available");
    await page.keyboard.press("Escape");

    // Someone else's profile offers nothing of the kind.
    const other = await secondPerson(browser);
    try {
      await signedInAccount(other, "neighbour");
      const otherHandle = await ownHandle(other);
      await page.goto(`/${otherHandle}`);
      await expect(page.getByRole("button", { name: "Follow" })).toBeVisible();
      await expect(getName).toHaveCount(0);
    } finally {
      await other.context().close();
    }
  });
}
