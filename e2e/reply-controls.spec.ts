// Who may reply and write (docs/safety.md "Who can reply and write"): Ada posts with 'Nobody can
// reply' from the composer; Ben, a stranger, sees 'Replies are off' and no reply box; Ada lets the
// people she follows reply from the post's menu by keyboard, follows Ben, and his box appears. Ada
// sets 'Who can message me' to Nobody; Ben's composer says so before he types, its fields
// disabled. No screen has a serious accessibility violation.
import type { Page } from "@playwright/test";
import { newAccount, signInViaApi } from "./support/accounts";
import { violations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { createAccount, ownHandle, secondPerson } from "./support/people";

async function userIdOf(page: Page): Promise<string> {
  const session = await page.request.get("/api/auth/session");
  return ((await session.json()) as { user: { id: string } }).user.id;
}

test("who can reply: chosen in the composer, changed from the menu, a stranger sees why", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ada = newAccount("ada", "Ada Writer");
  const ben = newAccount("ben", "Ben Reader");
  await createAccount(page, ada);
  await signInViaApi(page, ada);
  const adaHandle = await ownHandle(page);
  const text = `Thinking out loud ${Date.now()}`;

  await page.goto("/");
  await page.getByRole("textbox", { name: "What's happening?" }).fill(text);
  const choice = page.getByRole("combobox", { name: "Who can reply" });
  await expect(choice).toHaveValue("everyone");
  await choice.selectOption({ label: "Nobody can reply" });
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(choice).toHaveValue("everyone");
  const card = page.getByRole("article").filter({ hasText: text });
  await card.getByRole("link", { name: /open post/ }).click();
  const post = page.getByRole("article", { name: "Post by Ada Writer" });
  await expect(post.getByText("Replies are off")).toBeVisible();
  // The author may always comment on her own post.
  await expect(page.getByRole("textbox", { name: "Write a reply" })).toBeVisible();
  const postPath = new URL(page.url()).pathname;

  const benPage = await secondPerson(browser);
  await createAccount(benPage, ben);
  await signInViaApi(benPage, ben);
  const benId = await userIdOf(benPage);
  await benPage.goto(postPath);
  const reply = benPage.getByRole("region", { name: "Reply" });
  await expect(reply.getByText("You can't reply to this post")).toBeVisible();
  await expect(benPage.getByText("Replies are off").first()).toBeVisible();
  await expect(benPage.getByRole("textbox", { name: "Write a reply" })).toHaveCount(0);
  expect(await violations(benPage, "Post page, replies off")).toEqual([]);

  // Ada opens the menu and picks 'People you follow can reply' with the keyboard.
  await post.getByRole("button", { name: "Post options" }).click();
  await page.getByRole("menuitem", { name: "Who can reply" }).click();
  const dialog = page.getByRole("dialog", { name: "Who can reply" });
  const nobody = dialog.getByRole("radio", { name: "Nobody can reply" });
  await expect(nobody).toBeChecked();
  await nobody.focus();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(dialog.getByRole("radio", { name: "People you follow can reply" })).toBeChecked();
  expect(await violations(page, "Who can reply dialog")).toEqual([]);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(post.getByText(`Only people @${adaHandle} follows can reply`)).toBeVisible();

  await benPage.reload();
  await expect(reply.getByText(`Only people @${adaHandle} follows can reply.`)).toBeVisible();
  await expect(benPage.getByRole("textbox", { name: "Write a reply" })).toHaveCount(0);
  await expect(
    await page.request.post("/api/follows/toggle", { data: { targetUserId: benId } }),
  ).toBeOK();
  await benPage.reload();
  await benPage.getByRole("textbox", { name: "Write a reply" }).fill("Glad to be let in");
  await benPage.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(benPage.getByRole("list", { name: "Comments" })).toContainText("Glad to be let in");
});

test("who can message me: Nobody, and another person's composer says so before they type", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ada = newAccount("ada", "Ada Private");
  const ben = newAccount("ben", "Ben Writer");
  await createAccount(page, ada);
  await signInViaApi(page, ada);
  const adaHandle = await ownHandle(page);

  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Messages" });
  await expect(section.getByRole("radio", { name: "Everyone" })).toBeChecked();
  await section.getByRole("radio", { name: "Nobody" }).check();
  await section.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Message settings saved")).toBeVisible();
  expect(await violations(page, "Settings, messages")).toEqual([]);

  const benPage = await secondPerson(browser);
  await createAccount(benPage, ben);
  await signInViaApi(benPage, ben);
  await benPage.goto(`/${adaHandle}`);
  await benPage.getByRole("button", { name: "Message" }).click();
  const refusal = benPage.getByText("Ada Private doesn't accept messages from you.");
  await expect(refusal).toBeVisible();
  await expect(benPage.getByLabel("Message", { exact: true })).toBeDisabled();
  await expect(benPage.getByLabel("Subject")).toBeDisabled();
  await expect(benPage.getByRole("button", { name: "Send" })).toBeDisabled();
  expect(await violations(benPage, "Mail, a composer that cannot send")).toEqual([]);
});
