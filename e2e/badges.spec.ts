// The yellow badge and the veteran medal as people meet them (docs/safety.md "Badges"): an
// organisation asks from Edit Profile with its official address confirmed by the mailed code, a
// moderator approves from the Badges tab, and the badge shows on the profile and in the header's
// search results; a veteran sends a document, the moderator sees it and approves, and the medal
// shows. Each screen is also captured at 375 and 1280 px in light and dark for review (the test's
// output folder).
import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import {
  type Account,
  newAccount,
  signInModerator,
  signInViaApi,
  typeCode,
} from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { waitForCode } from "./support/mail";
import { createAccount, ownHandle, rareWord, secondPerson } from "./support/people";
import { toast } from "./support/screen";

/** The person is told of the decision on their next visit, in a card at the top of the page that
 * blocks nothing (docs/safety.md "Moderate"); OK puts the notice away. */
async function readNotice(page: Page, text: string) {
  const notice = page.getByRole("region", { name: "A notice from the moderators" });
  await expect(notice.getByText(text)).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await notice.getByRole("button", { name: "OK" }).click();
  await expect(notice).toBeHidden();
}

async function person(page: Page, fullName: string): Promise<{ account: Account; handle: string }> {
  const account = newAccount("badge", fullName);
  await createAccount(page, account);
  await signInViaApi(page, account);
  return { account, handle: await ownHandle(page) };
}

/** Captures the screen (scrolled to `target`) at phone and desktop widths, light and dark, into
 * the test's output. */
async function capture(page: Page, testInfo: TestInfo, name: string, target?: Locator) {
  for (const width of [375, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await target?.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`${name}-${width}-${colorScheme}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
}

async function approveFromBadgesTab(browser: Browser, handle: string, testInfo: TestInfo) {
  const modPage = await secondPerson(browser);
  await signInModerator(modPage);
  await modPage.goto("/admin/reports");
  await modPage.getByRole("tab", { name: "Badges" }).click();
  const card = modPage.getByRole("article", { name: new RegExp(`request of @${handle}$`) });
  await expect(card).toBeVisible();
  return { modPage, card, shoot: (name: string) => capture(modPage, testInfo, name, card) };
}

test("an organisation confirms its official e-mail, a moderator approves, and the yellow badge shows", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const word = rareWord();
  const name = `Acme ${word}`;
  const { handle } = await person(page, name);
  const domain = `${word.toLowerCase()}-rescue.org`;
  const orgEmail = `press@${domain}`;

  await page.goto(`/${handle}/edit-profile`);
  const badges = page.getByRole("region", { name: "Badges" });
  await badges.getByRole("button", { name: "Request the yellow badge" }).click();
  const dialog = page.getByRole("dialog", { name: "Request the yellow badge" });
  await dialog.getByRole("radio", { name: "Organisation" }).check();
  await dialog.getByLabel("Official name").fill(`${name} Rescue Society`);
  await dialog.getByLabel("Public link").fill(`https://www.${domain}/about`);
  await dialog.getByLabel("Official e-mail (optional)").fill(orgEmail);
  await capture(page, testInfo, "yellow-request-dialog");
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(toast(page, `Request sent. We mailed a code to ${orgEmail}.`)).toBeVisible();

  await expect(badges.getByText(/^Under review/)).toBeVisible();
  const code = await waitForCode(orgEmail);
  await badges.getByRole("button", { name: "Enter the code" }).click();
  const codeDialog = page.getByRole("dialog", { name: "Confirm the official e-mail" });
  await expect(codeDialog.getByRole("button", { name: "Confirm address" })).toBeVisible();
  // The sixth digit sends the code, as at sign-up.
  await typeCode(page, code);
  await expect(toast(page, `${orgEmail} is confirmed.`)).toBeVisible();
  await expect(badges.getByRole("button", { name: "Enter the code" })).toBeHidden();
  await capture(page, testInfo, "edit-profile-under-review", badges);

  const { modPage, card, shoot } = await approveFromBadgesTab(browser, handle, testInfo);
  await expect(card.getByText(orgEmail)).toBeVisible();
  await expect(card.getByText("Confirmed", { exact: true })).toBeVisible();
  await shoot("badges-tab-yellow");
  await card.getByRole("button", { name: "Approve" }).click();
  await modPage
    .getByRole("dialog", { name: "Approve the yellow badge?" })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(toast(modPage, `@${handle} has the yellow badge`)).toBeVisible();

  // The person's profile and a stranger's header search show the yellow badge at once.
  await page.goto(`/${handle}`);
  await readNotice(
    page,
    "A moderator approved your request: your profile now shows the yellow badge.",
  );
  await expect(
    page.getByRole("main").getByRole("img", { name: "Verified (yellow)" }).first(),
  ).toBeVisible();
  await modPage.goto("/");
  await modPage.getByRole("banner").getByRole("combobox", { name: "Search users" }).fill(name);
  const result = modPage
    .getByRole("region", { name: "Search Results" })
    .getByRole("option", { name: new RegExp(name) });
  await expect(result.getByRole("img", { name: "Verified (yellow)" })).toBeVisible();
  await page.goto(`/${handle}/edit-profile`);
  await expect(badges.getByText("Your profile shows the yellow badge.")).toBeVisible();
});

test("a veteran sends a document, the moderator sees it and approves, and the medal shows", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const { handle } = await person(page, "Val Veteran");

  // The medal is offered once a military branch is saved.
  await page.goto(`/${handle}/edit-profile`);
  const badges = page.getByRole("region", { name: "Badges" });
  await expect(badges.getByText(/Choose your military branch in Details/)).toBeVisible();
  await page.getByLabel("Military Branch", { exact: true }).selectOption("Navy");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(`/${handle}`);
  await page.goto(`/${handle}/edit-profile`);

  await badges.getByRole("button", { name: "Request the veteran medal" }).click();
  const dialog = page.getByRole("dialog", { name: "Request the veteran medal" });
  await expect(
    dialog.getByText(
      "Only moderators see it while they review your request. It is deleted 30 days after their decision.",
    ),
  ).toBeVisible();
  const document = await sharp({
    create: { width: 480, height: 300, channels: 3, background: "#f5f0e1" },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="480" height="300"><rect x="20" y="20" width="440" height="40" fill="#1e3a5f"/><rect x="20" y="90" width="300" height="14" fill="#888"/><rect x="20" y="120" width="380" height="14" fill="#888"/><rect x="20" y="150" width="260" height="14" fill="#888"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  await dialog
    .getByLabel(/^Document/)
    .setInputFiles({ name: "dd214.png", mimeType: "image/png", buffer: document });
  await capture(page, testInfo, "veteran-request-dialog");
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(toast(page, "Request sent. A moderator will review your document.")).toBeVisible();
  await expect(badges.getByText(/^Under review/).last()).toBeVisible();

  const { modPage, card, shoot } = await approveFromBadgesTab(browser, handle, testInfo);
  const shown = card.getByRole("img", { name: `Document of @${handle}` });
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  await shoot("badges-tab-veteran");
  await card.getByRole("button", { name: "Approve" }).click();
  await modPage
    .getByRole("dialog", { name: "Approve the veteran medal?" })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(toast(modPage, `@${handle} has the veteran medal`)).toBeVisible();

  await page.goto(`/${handle}`);
  await readNotice(
    page,
    "A moderator approved your request: your profile now shows the veteran medal.",
  );
  await expect(page.getByRole("main").getByRole("img", { name: "Veteran" }).first()).toBeVisible();
  await page.goto(`/${handle}/edit-profile`);
  await expect(badges.getByText("Your profile shows the veteran medal.")).toBeVisible();
  await capture(page, testInfo, "edit-profile-medal", badges);
});
