// Mail in the browser (spec-1 §2 mail screen, §4 realtime, §5 compose, §8 mail messages): a
// message written from a profile reaches the other person live and their reply comes back live;
// the conversation Message opens is a draft in the list until its first message, on a phone too;
// a phone shows one pane at a time; the external composer's mail reaches an outside address (the
// SMTP sink of e2e/support/smtp-sink.ts).
import type { Page } from "@playwright/test";
import { newAccount, signInViaApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";
import { createAccount, ownHandle, realtimeReady, secondPerson } from "./support/people";
import { mainMenu, menuButton, openMenu, toast } from "./support/screen";

const threads = (page: Page) => page.getByRole("list", { name: "Conversations" });
const messages = (page: Page) => page.getByRole("list", { name: "Messages" });
const messageBox = (page: Page) => page.getByLabel("Message", { exact: true });
const outsideAddress = () =>
  `friend.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.net`;

test("a message written from a profile reaches the other person live, and the reply comes back live", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const ann = newAccount("ann", "Ann Writer");
  const bo = newAccount("bo", "Bo Reader");

  // Bo has Mail open at another computer.
  const boPage = await secondPerson(browser);
  await createAccount(boPage, bo);
  await signInViaApi(boPage, bo);
  const boHandle = await ownHandle(boPage);
  const boLive = realtimeReady(boPage);
  await boPage.goto("/mail");
  await expect(boPage.getByText("No conversations yet")).toBeVisible();
  await boLive;

  // Ann presses Message on Bo's profile and writes; Enter sends.
  await createAccount(page, ann);
  await signInViaApi(page, ann);
  const annLive = realtimeReady(page);
  await page.goto(`/${boHandle}`);
  await page.getByRole("main").getByRole("button", { name: "Message", exact: true }).click();
  await expect(page).toHaveURL(/\/mail\?thread=/);
  await expect(page.getByRole("heading", { level: 2, name: bo.fullName })).toBeVisible();
  await expect(page.getByText("No messages yet")).toBeVisible();
  // The open conversation is in Ann's list at once, as a draft.
  const toBo = threads(page).getByRole("link", { name: new RegExp(bo.fullName) });
  await expect(toBo).toContainText("Draft");
  await expect(page.getByText("No conversations yet")).toHaveCount(0);
  await annLive;
  await page.getByLabel("Subject", { exact: true }).fill("Lunch on Friday?");
  await messageBox(page).fill("Are you free at noon?");
  await expect(page.getByText("21/250")).toBeVisible();
  await messageBox(page).press("Enter");
  await expect(messages(page).getByText("Are you free at noon?")).toBeVisible();
  await expect(messageBox(page)).toHaveValue("");
  await expect(page.getByText("0/250")).toBeVisible();
  // The draft became the thread, listed once.
  await expect(toBo).toContainText("You: Lunch on Friday?");
  await expect(toBo).toHaveCount(1);
  await expect(threads(page).getByText("Draft")).toHaveCount(0);

  // Bo sees the thread arrive, unread, and the menu counts it, without a reload.
  const fromAnn = threads(boPage).getByRole("link", { name: new RegExp(ann.fullName) });
  await expect(fromAnn).toContainText("Lunch on Friday?");
  await expect(fromAnn.getByText("Unread", { exact: true })).toBeAttached();
  await expect(menuButton(boPage).locator("span")).toBeVisible();
  const menu = await openMenu(boPage);
  await expect(menu.getByRole("menuitem", { name: /^Mail/ })).toContainText("1 unread");
  await boPage.keyboard.press("Escape");
  await expect(mainMenu(boPage)).toBeHidden();

  // Opening it shows the message and clears the marker and the count.
  await fromAnn.click();
  await expect(boPage.getByRole("heading", { level: 2, name: ann.fullName })).toBeVisible();
  await expect(messages(boPage).getByText("Lunch on Friday?")).toBeVisible();
  await expect(messages(boPage).getByText("Are you free at noon?")).toBeVisible();
  await expect(fromAnn.getByText("Unread", { exact: true })).toHaveCount(0);
  await expect(menuButton(boPage).locator("span")).toHaveCount(0);

  // Bo replies with Send; Ann sees it at once, in the conversation and in her list.
  await messageBox(boPage).fill("Yes! See you there.");
  await boPage.getByRole("button", { name: "Send", exact: true }).click();
  await expect(messages(boPage).getByText("Yes! See you there.")).toHaveCount(1);
  await expect(messages(page).getByText("Yes! See you there.")).toBeVisible();
  await expect(threads(page).getByRole("link", { name: new RegExp(bo.fullName) })).toContainText(
    "Yes! See you there.",
  );

  await boPage.context().close();
});

test("the external composer sends to an outside address, which receives it over SMTP", async ({
  page,
}) => {
  const cy = newAccount("cy", "Cy Sender");
  await createAccount(page, cy);
  await signInViaApi(page, cy);
  const handle = await ownHandle(page);
  const outside = outsideAddress();

  await page.goto("/mail");
  await page.getByRole("link", { name: "New message" }).click();
  await expect(page).toHaveURL("/mail?compose=");
  await expect(page.getByRole("heading", { level: 2, name: "New message" })).toBeVisible();
  const to = page.getByLabel("To", { exact: true });
  await expect(to).toBeFocused();

  // One's own address is refused before anything is sent, and the text stays.
  await to.fill(`${handle}@chtcht.local`);
  await messageBox(page).fill("Hello me");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(toast(page, "You can't send a message to yourself.")).toBeVisible();
  await expect(messageBox(page)).toHaveValue("Hello me");

  await to.fill(outside);
  await page.getByLabel("Subject", { exact: true }).fill("Greetings from the product");
  await messageBox(page).fill("Hello from the inside!");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(toast(page, "Sent!")).toBeVisible();
  await expect(page).toHaveURL(/\/mail\?thread=/);
  await expect(page.getByRole("heading", { level: 2, name: outside })).toBeVisible();
  await expect(messages(page).getByText("Hello from the inside!")).toBeVisible();

  const mail = await waitForMail(outside, "Greetings from the product");
  expect(mail.from).toContain(`<${handle}@chtcht.local>`);
  expect(mail.body).toContain("Hello from the inside!");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("Message on a profile opens the conversation; 'Back to Mail' shows it as a draft", async ({
    page,
    browser,
  }) => {
    const eve = newAccount("eve", "Eve Phone");
    const fay = newAccount("fay", "Fay Friend");
    const fayPage = await secondPerson(browser);
    await createAccount(fayPage, fay);
    await signInViaApi(fayPage, fay);
    const fayHandle = await ownHandle(fayPage);
    await fayPage.context().close();
    await createAccount(page, eve);
    await signInViaApi(page, eve);

    await page.goto(`/${fayHandle}`);
    await page.getByRole("main").getByRole("button", { name: "Message", exact: true }).click();
    await expect(page.getByRole("heading", { level: 2, name: fay.fullName })).toBeVisible();
    await expect(threads(page)).toHaveCount(0);

    await page.getByRole("button", { name: "Back to Mail" }).click();
    await expect(page).toHaveURL("/mail");
    const toFay = threads(page).getByRole("link", { name: new RegExp(fay.fullName) });
    await expect(toFay).toContainText("Draft");
    await expect(page.getByText("No conversations yet")).toHaveCount(0);

    await toFay.click();
    await messageBox(page).fill("Hi from my phone");
    await messageBox(page).press("Enter");
    await expect(messages(page).getByText("Hi from my phone")).toBeVisible();
    await page.getByRole("button", { name: "Back to Mail" }).click();
    await expect(toFay).toContainText("You: Hi from my phone");
    await expect(toFay).toHaveCount(1);
  });

  test("one pane at a time: a thread opens over the list and 'Back to Mail' returns to it", async ({
    page,
  }) => {
    const di = newAccount("di", "Di Mobile");
    await createAccount(page, di);
    await signInViaApi(page, di);
    const outside = outsideAddress();
    const sent = await page.request.post("/api/mail/send", {
      data: { to: outside, subject: "From my phone", body: "Short and sweet" },
    });
    expect(sent.status()).toBe(201);

    await page.goto("/mail");
    const thread = threads(page).getByRole("link", { name: new RegExp(outside) });
    await expect(thread).toBeVisible();
    await expect(page.getByText("Select a conversation")).toHaveCount(0);
    const back = page.getByRole("button", { name: "Back to Mail" });
    await expect(back).toHaveCount(0);

    await thread.click();
    await expect(page.getByRole("heading", { level: 2, name: outside })).toBeFocused();
    await expect(back).toBeVisible();
    await expect(threads(page)).toHaveCount(0);
    await expect(messages(page).getByText("Short and sweet")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    await back.click();
    await expect(page).toHaveURL("/mail");
    await expect(thread).toBeFocused();
    await expect(back).toHaveCount(0);

    // A `compose` link opens the composer alone, its To filled in, ready to write.
    await page.goto(`/mail?compose=${encodeURIComponent(outside)}`);
    await expect(page.getByLabel("To", { exact: true })).toHaveValue(outside);
    await expect(messageBox(page)).toBeFocused();
    await expect(threads(page)).toHaveCount(0);
    await expect(back).toBeVisible();
  });
});
