// Settings' 'E-mails from us' (docs/accounts.md) as a person meets it: a switch flipped stays so
// after a reload, and the unsubscribe link of a message notice, opened in the browser, asks first
// (opening it changes nothing), then turns the notices off, which Settings then shows. At a
// phone's and a desktop's width; each run leaves screenshots of the section and of the unsubscribe
// page in both themes under test-results/screens/. And 'Change e-mail' to an address on our own
// mail domain is told why it cannot be (domain/email.ts emailRefusalMessage).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { newAccount, signInViaApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";
import { createAccount, ownHandle, secondPerson } from "./support/people";

const emailsOf = (page: Page) => page.getByRole("region", { name: "E-mails from us" });
const switchOf = (page: Page, name: string) =>
  emailsOf(page).getByRole("switch", { name, exact: true });

async function expectNoHorizontalScroll(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

/** Screenshots in both themes; on the unsubscribe pages (plain HTML in sRGB colours, which axe
 * can read) no serious or critical axe violation either. */
async function screenshots(page: Page, name: string, width: number, axe = false): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({
      path: `test-results/screens/${name}-${width}-${colorScheme}.png`,
      fullPage: true,
      animations: "disabled",
    });
    if (!axe) continue;
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${name} ${colorScheme}: ${v.id}`)).toEqual([]);
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
    const activity = switchOf(page, "Comments and likes on my posts");
    await expect(activity).toHaveAttribute("aria-checked", "true");
    await expect(switchOf(page, "New followers")).toHaveAttribute("aria-checked", "true");
    await expect(switchOf(page, "Messages")).toHaveAttribute("aria-checked", "true");
    await activity.focus();
    await page.keyboard.press("Space");
    await expect(activity).toHaveAttribute("aria-checked", "false");
    await expect
      .poll(async () => (await page.request.get("/api/account/email-preferences")).json())
      .toMatchObject({ postActivity: false });
    await page.reload();
    await expect(switchOf(page, "Comments and likes on my posts")).toHaveAttribute(
      "aria-checked",
      "false",
    );
    await emailsOf(page).scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page, width);
    await screenshots(page, "settings-email", width);

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
    await screenshots(page, "unsubscribe-confirm", width, true);
    // Opening the link changed nothing.
    expect(await (await page.request.get("/api/account/email-preferences")).json()).toMatchObject({
      messages: true,
    });

    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(
      page.getByRole("heading", { name: "You won't get these e-mails any more" }),
    ).toBeVisible();
    await screenshots(page, "unsubscribe-done", width, true);
    await page.getByRole("link", { name: "Choose which e-mails you get in Settings" }).click();
    await expect(switchOf(page, "Messages")).toHaveAttribute("aria-checked", "false");
    await expect(switchOf(page, "New followers")).toHaveAttribute("aria-checked", "true");
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
