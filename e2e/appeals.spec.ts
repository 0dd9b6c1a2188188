// Account standing, appeals and reporters hearing back as people meet them (docs/safety.md
// "Account standing", "Appeals", "Reporters hear back"): a moderator removes a reported post from
// the queue naming the rule and a note to the reporter, who reads the outcome in Activity; the
// author finds both removals in Settings' Account standing and appeals them; another moderator
// rejects one with a reason, which the author reads, and approves the other, and the post is back.
// A suspended person, who cannot sign in, appeals through the link in the suspension's e-mail
// ("Appealing a suspension"); a moderator approves, and they sign in again.
// Each screen is also captured at 375 and 1280 px in light and dark (the test's output folder).
import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import { newAccount, signInModerator, signInViaApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";
import { createAccount, ownHandle, rareWord, secondPerson } from "./support/people";
import { toast } from "./support/screen";

async function person(page: Page, label: string, fullName: string) {
  const account = newAccount(label, fullName);
  await createAccount(page, account);
  await signInViaApi(page, account);
  return { account, handle: await ownHandle(page) };
}

async function post(page: Page, content: string): Promise<{ id: string; path: string }> {
  const response = await page.request.post("/api/posts", { multipart: { content } });
  await expect(response, "create post").toBeOK();
  return ((await response.json()) as { post: { id: string; path: string } }).post;
}

/** The admin, signed in, and Hal, whom the admin makes a moderator, signed in on a page of his own. */
async function adminAndHal(browser: Browser) {
  const adminPage = await secondPerson(browser);
  await signInModerator(adminPage);
  const halPage = await secondPerson(browser);
  const hal = newAccount("hal", "Hal Helper");
  await createAccount(halPage, hal);
  await expect(
    await adminPage.request.post("/api/admin/moderators", { data: { email: hal.email } }),
  ).toBeOK();
  await signInViaApi(halPage, hal);
  return { adminPage, halPage };
}

/** Captures the screen (scrolled to `target`) at phone and desktop widths, light and dark. */
async function capture(page: Page, testInfo: TestInfo, name: string, target?: Locator) {
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [375, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await target?.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`${name}-${width}-${colorScheme}.png`) });
    }
  }
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: "light" });
}

test("a person appeals two removals: one rejected with a reason they read, one approved and the post is back", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const word = rareWord();
  const first = `Loud opinions about ${word} and nothing else`;
  const second = `A joke about ${word} that reads badly`;

  // Lin writes two posts; Rae reports the first.
  const lin = await person(page, "lin", "Lin Appellant");
  const loud = await post(page, first);
  const joke = await post(page, second);
  const raePage = await secondPerson(browser);
  await person(raePage, "rae", "Rae Reporter");
  await expect(
    await raePage.request.post("/api/reports", {
      data: { targetType: "post", targetId: loud.id, reason: "harassment", alsoBlock: false },
    }),
  ).toBeOK();

  // The admin makes Hal a moderator; Hal removes the reported post from the queue, naming the rule
  // and writing to the reporter, and the other post through the API.
  const { adminPage, halPage } = await adminAndHal(browser);
  await halPage.goto("/admin/reports");
  const group = halPage.getByRole("article", { name: `Post of @${lin.handle}, 1 report` });
  await group.getByRole("button", { name: "Remove content" }).click();
  const remove = halPage.getByRole("dialog", { name: "Remove this post?" });
  await remove.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(remove.getByText("Choose the rule this action enforces.")).toBeVisible();
  await remove
    .getByRole("combobox", { name: "Rule broken" })
    .selectOption("Harassment or bullying");
  await remove.getByRole("textbox", { name: "Reason" }).fill("Insulting people who disagree");
  await remove
    .getByRole("textbox", { name: "Note to the people who reported (optional)" })
    .fill("Thank you for looking out for others.");
  await capture(halPage, testInfo, "moderation-dialog");
  await remove.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(toast(halPage, "The post was removed")).toBeVisible();
  await expect(
    await halPage.request.post("/api/admin/actions", {
      data: {
        targetType: "post",
        targetId: joke.id,
        action: "remove",
        rule: "harassment",
        reason: "Reads as mocking a group",
      },
    }),
  ).toBeOK();

  // Rae hears back in Activity: what became of the post, with the note, and no one named.
  await raePage.goto("/activity");
  const outcome = raePage.getByRole("button", { name: /We removed the post you reported\./ });
  await expect(outcome).toContainText("Thank you for looking out for others.");
  await expect(outcome).not.toContainText(first);
  await capture(raePage, testInfo, "activity-report-outcome", outcome);

  // Lin finds both in Account standing and appeals them.
  await page.goto("/settings");
  const standing = page.getByRole("region", { name: "Account standing" });
  await expect(standing.getByText("2 active actions on your account.")).toBeVisible();
  const item = (text: string) => standing.getByRole("listitem").filter({ hasText: text });
  await expect(item(first)).toContainText("Harassment or bullying");
  await expect(item(first)).toContainText("Insulting people who disagree");
  await expect(standing).not.toContainText("Hal Helper");
  await capture(page, testInfo, "account-standing", standing);
  for (const [text, words] of [
    [first, "I was quoting the person I answered."],
    [second, "It was a joke between friends, and they laughed."],
  ] as const) {
    await item(text)
      .getByRole("button", { name: /^Appeal/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Appeal this action" });
    await dialog.getByRole("textbox", { name: "Your appeal" }).fill(words);
    if (text === first) await capture(page, testInfo, "appeal-dialog");
    await dialog.getByRole("button", { name: "Send appeal" }).click();
    if (text === first) {
      await expect(
        toast(page, "Appeal sent. You will hear back here and by e-mail."),
      ).toBeVisible();
    }
    await expect(dialog).toBeHidden();
    await expect(item(text)).toContainText("A moderator will review it.");
    await expect(item(text).getByRole("button", { name: /^Appeal/ })).toHaveCount(0);
  }

  // The admin, who took neither action, decides in the Appeals tab.
  await adminPage.goto("/admin/reports");
  await adminPage.getByRole("tab", { name: "Appeals" }).click();
  await expect(adminPage.getByRole("tab", { name: "Appeals", selected: true })).toBeVisible();
  await capture(adminPage, testInfo, "appeals-tabs");
  const appeal = (text: string) =>
    adminPage.getByRole("article", { name: `Appeal by @${lin.handle}` }).filter({ hasText: text });
  await expect(appeal(first)).toContainText("I was quoting the person I answered.");
  await expect(appeal(first)).toContainText("Harassment or bullying");
  await expect(appeal(first)).toContainText(`@${await ownHandle(halPage)}`);
  await capture(adminPage, testInfo, "appeals-tab", appeal(first));
  await appeal(first).getByRole("button", { name: "Reject" }).click();
  const reject = adminPage.getByRole("dialog", { name: "Reject this appeal?" });
  await reject
    .getByRole("textbox", { name: "Reason" })
    .fill("Quoting an insult still repeats it. Link to it instead.");
  await reject.getByRole("button", { name: "Reject", exact: true }).click();
  await expect(toast(adminPage, "Appeal rejected")).toBeVisible();
  await appeal(second).getByRole("button", { name: "Approve" }).click();
  await adminPage
    .getByRole("dialog", { name: "Approve this appeal?" })
    .getByRole("button", { name: "Approve", exact: true })
    .click();
  await expect(toast(adminPage, "Appeal approved: the action is undone")).toBeVisible();

  // Lin reads the decisions: the reason in Account standing and in the moderators' notice.
  await page.goto("/settings");
  await expect(item(first)).toContainText("Your appeal was rejected on");
  await expect(item(first)).toContainText(
    "Reason: Quoting an insult still repeats it. Link to it instead.",
  );
  await expect(item(second)).toContainText("Reversed on appeal");
  await expect(standing.getByText("1 active action on your account.")).toBeVisible();
  await expect(page.getByRole("region", { name: "A notice from the moderators" })).toBeVisible();
  await capture(page, testInfo, "account-standing-decided", item(first));

  // The approved post is back for everyone.
  await raePage.goto(joke.path);
  await expect(raePage.getByText(second)).toBeVisible();
  await raePage.goto(loud.path);
  await expect(raePage.getByRole("heading", { name: "Post not found" })).toBeVisible();
  for (const other of [raePage, adminPage, halPage]) await other.context().close();
});

test("a suspended person appeals through the e-mail's link, signed out, and signs in again once approved", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const { account: sue, handle } = await person(page, "sue", "Sue Suspended");
  const { adminPage, halPage } = await adminAndHal(browser);
  const { user } = await (await page.request.get("/api/auth/session")).json();
  await expect(
    await halPage.request.post("/api/admin/actions", {
      data: {
        targetType: "profile",
        targetId: user.id,
        action: "suspend",
        rule: "impersonation",
        reason: "Pretending to be the mayor",
      },
    }),
  ).toBeOK();

  // Signed out everywhere; the e-mail says why and links to the appeal.
  const mail = await waitForMail(sue.email, "A moderator reviewed your chtcht account");
  expect(mail.body).toContain("Pretending to be the mayor");
  const link = /https?:\/\/\S+\/settings\/appeal\/[^\s"<>]+/.exec(mail.body)?.[0];
  expect(link, "the appeal link").toBeTruthy();
  await page.context().clearCookies();
  await page.goto(new URL(link as string).pathname);
  await expect(page.getByRole("heading", { name: "Appeal a decision", level: 1 })).toBeVisible();
  const decision = page.getByRole("list", { name: "The decision" });
  await expect(decision).toContainText("Your account was suspended");
  await expect(decision).toContainText("Impersonation");
  await expect(decision).not.toContainText("Hal Helper");
  await capture(page, testInfo, "appeal-link", decision);
  await decision.getByRole("button", { name: /^Appeal/ }).click();
  const dialog = page.getByRole("dialog", { name: "Appeal this action" });
  await dialog
    .getByRole("textbox", { name: "Your appeal" })
    .fill("I am the mayor: my office can confirm it.");
  await dialog.getByRole("button", { name: "Send appeal" }).click();
  await expect(dialog).toBeHidden();
  await expect(decision).toContainText("A moderator will review it.");
  await expect(decision.getByRole("button", { name: /^Appeal/ })).toHaveCount(0);

  // The admin, who did not suspend her, approves in the Appeals tab.
  await adminPage.goto("/admin/reports");
  await adminPage.getByRole("tab", { name: "Appeals" }).click();
  const appeal = adminPage
    .getByRole("article", { name: `Appeal by @${handle}` })
    .filter({ hasText: "I am the mayor" });
  await appeal.getByRole("button", { name: "Approve" }).click();
  await adminPage
    .getByRole("dialog", { name: "Approve this appeal?" })
    .getByRole("button", { name: "Approve", exact: true })
    .click();
  await expect(toast(adminPage, "Appeal approved: the action is undone")).toBeVisible();

  // The link now shows the decision, and she signs in again.
  await page.reload();
  await expect(decision).toContainText("Your appeal was approved on");
  await expect(decision).toContainText("Reversed on appeal");
  await signInViaApi(page, sue);
  for (const other of [adminPage, halPage]) await other.context().close();
});
