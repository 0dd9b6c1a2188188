// Settings' 'Notifications' (docs/notifications.md "Kinds and channels") as a person meets it: a
// switch flipped by keyboard stays so after a reload, quiet hours are set, and the unsubscribe link
// of a message notice, opened in the browser, asks first (opening it changes nothing), then turns
// the notices off, which Settings then shows. At a phone's and a desktop's width, with no serious
// axe violation in the section; each run leaves screenshots of the section and of the unsubscribe
// page in both themes under test-results/screens/. And 'Change e-mail' to an address on our own
// mail domain is told why it cannot be (domain/email.ts emailRefusalMessage).
import type { Page } from "@playwright/test";
import { newAccount, signInViaApi } from "./support/accounts";
import { violations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";
import { createAccount, ownHandle, secondPerson } from "./support/people";

const emailsOf = (page: Page) => page.getByRole("region", { name: "Notifications", exact: true });
const switchOf = (page: Page, name: string) =>
  emailsOf(page).getByRole("switch", { name, exact: true });

async function expectNoHorizontalScroll(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

/** Screenshots in both themes, with no serious or critical axe violation. */
async function screenshots(page: Page, name: string, width: number): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({
      path: `test-results/screens/${name}-${width}-${colorScheme}.png`,
      fullPage: true,
      animations: "disabled",
    });
    expect(await violations(page, `${name} ${colorScheme}`)).toEqual([]);
  }
}

for (const width of [375, 1280]) {
  test(`at ${width} px, a switch stays as set, and a mail's unsubscribe link turns notices off`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const account = newAccount("emails", "Erin Emails");
    await createAccount(page, account);
    await signInViaApi(page, account);
    const handle = await ownHandle(page);

    await page.goto("/settings");
    const comments = switchOf(page, "Comments on my posts: E-mail");
    await expect(comments).toHaveAttribute("aria-checked", "true");
    await expect(switchOf(page, "Likes: E-mail")).toHaveAttribute("aria-checked", "false");
    await expect(switchOf(page, "Messages: E-mail")).toHaveAttribute("aria-checked", "true");
    // Tab reaches the next switch of the table; Space flips it.
    await switchOf(page, "Comments on my posts: Push").focus();
    await page.keyboard.press("Tab");
    await expect(comments).toBeFocused();
    await page.keyboard.press("Space");
    await expect(comments).toHaveAttribute("aria-checked", "false");
    await expect
      .poll(async () => (await page.request.get("/api/account/notifications")).json())
      .toMatchObject({ matrix: { comment: { email: false } } });
    await emailsOf(page).getByRole("switch", { name: "Quiet hours" }).click();
    await expect(emailsOf(page).getByLabel("Until")).toHaveValue("07:00");
    await page.reload();
    await expect(switchOf(page, "Comments on my posts: E-mail")).toHaveAttribute(
      "aria-checked",
      "false",
    );
    await expect(
      emailsOf(page).getByText(/Pushes and e-mails wait from 22:00 until 07:00/),
    ).toBeVisible();
    await emailsOf(page).scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page, width);
    await screenshots(page, "settings-notifications", width);
    // Quiet hours off again: from 22:00 to 07:00 they would hold the notice mail below.
    await emailsOf(page).getByRole("switch", { name: "Quiet hours" }).click();
    await expect
      .poll(async () => (await page.request.get("/api/account/notifications")).json())
      .toMatchObject({ quietHours: null });

    // Someone writes; the notice mail's link is opened in this browser.
    const writer = await secondPerson(browser);
    const wes = newAccount("emails.writer", "Wes Writer");
    await createAccount(writer, wes);
    await signInViaApi(writer, wes);
    await expect(
      await writer.request.post("/api/mail/send", {
        data: { to: `${handle}@chtcht.local`, body: "Lunch on Friday?" },
      }),
    ).toBeOK();
    await writer.context().close();
    const notice = await waitForMail(account.email, "New message from Wes Writer");
    const link = /https?:\/\/[^\s"<>]+\/settings\/unsubscribe\/[\w.-]+/.exec(notice.body)?.[0];
    expect(link).toBeTruthy();

    await page.goto(link as string);
    await expect(
      page.getByRole("heading", { name: "Unsubscribe from new message e-mails?" }),
    ).toBeVisible();
    await expectNoHorizontalScroll(page, width);
    await screenshots(page, "unsubscribe-confirm", width);
    // Opening the link changed nothing.
    expect(await (await page.request.get("/api/account/notifications")).json()).toMatchObject({
      matrix: { message: { email: true } },
    });

    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(
      page.getByRole("heading", { name: "You won't get these e-mails any more" }),
    ).toBeVisible();
    await screenshots(page, "unsubscribe-done", width);
    await page.getByRole("link", { name: "Choose which e-mails you get in Settings" }).click();
    await expect(switchOf(page, "Messages: E-mail")).toHaveAttribute("aria-checked", "false");
    await expect(switchOf(page, "New followers: E-mail")).toHaveAttribute("aria-checked", "true");
  });
}

test("changing the login e-mail to an address on our own mail domain says why it cannot be", async ({
  page,
}) => {
  const me = newAccount("email.own", "Owen Domain");
  await createAccount(page, me);
  await signInViaApi(page, me);
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "E-mail", exact: true });
  await section.getByRole("button", { name: "Change e-mail" }).click();
  await section.getByLabel("New e-mail address").fill("someone@chtcht.local");
  await section.getByRole("button", { name: "Send code" }).click();
  await expect(
    section.getByText(
      "Addresses on chtcht.local are mailboxes of this product; use an e-mail address elsewhere.",
    ),
  ).toBeVisible();
  await expect(section.getByText("This email provider is not allowed.")).toHaveCount(0);
});
