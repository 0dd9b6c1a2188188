// People for the browser tests. Tests whose subject is registration go through the screens
// with the UI helpers; the others get a verified account straight from the API (register, then
// verify with the mailed code), which takes a fraction of the time.
import { expect, type Page, test } from "@playwright/test";
import { moderatorEmail } from "./env";
import { uniqueEmail } from "./fixtures";
import { waitForCode } from "./mail";

export const PASSWORD = "violet kettle 7342";

export interface Account {
  email: string;
  fullName: string;
  password: string;
}

export const newAccount = (label = "user", fullName = "Ada Lovelace"): Account => ({
  email: uniqueEmail(label),
  fullName,
  password: PASSWORD,
});

/** Registers through the API; the account waits for its e-mail code. Stays signed out. */
export async function createUnverifiedAccount(page: Page, label?: string): Promise<Account> {
  const account = newAccount(label);
  const response = await page.request.post("/api/auth/register", {
    data: { ...account, agreeToPolicies: true },
  });
  await expect(response, "register").toBeOK();
  return account;
}

/** Registers and verifies through the API, using the code from the captured mail. */
export async function createVerifiedAccount(page: Page, label?: string): Promise<Account> {
  const account = await createUnverifiedAccount(page, label);
  const code = await waitForCode(account.email);
  const response = await page.request.post("/api/auth/verify-code", {
    data: { email: account.email, code },
  });
  await expect(response, "verify-code").toBeOK();
  return account;
}

/** Signs in through the API: the session cookie lands in the page's browser context. */
export async function signInViaApi(page: Page, account: Account): Promise<void> {
  const response = await page.request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
  });
  await expect(response, "login").toBeOK();
}

/** A verified account, signed in. */
export async function signedInAccount(page: Page, label?: string): Promise<Account> {
  const account = await createVerifiedAccount(page, label);
  await signInViaApi(page, account);
  return account;
}

/** The password input itself (not its 'Show password' toggle). */
export const passwordInput = (page: Page, label = "Password") =>
  page.getByLabel(label, { exact: true });

/** The six code boxes of the one-time-code entry. */
export const codeBoxes = (page: Page) => page.getByRole("textbox", { name: /^Digit \d of 6$/ });

/** Fills the Register tab and agrees to the policies in their dialog (not submitted). */
export async function fillRegisterForm(page: Page, account: Account): Promise<void> {
  await page.getByLabel("Full Name").fill(account.fullName);
  await page.getByLabel("Email").fill(account.email);
  await passwordInput(page).fill(account.password);
  await page.getByRole("checkbox", { name: "Agree to all Policies" }).check();
  const policies = page.getByRole("dialog", { name: "chtcht Policies" });
  await expect(policies).toBeVisible();
  await policies.getByRole("button", { name: "I agree" }).click();
  await expect(policies).toBeHidden();
  await expect(page.getByRole("checkbox", { name: "Agree to all Policies" })).toBeChecked();
}

/** Types a code into the boxes, one key per digit, starting at the first box. */
export async function typeCode(page: Page, code: string): Promise<void> {
  await codeBoxes(page).first().click();
  await page.keyboard.type(code);
}

/** Pastes text into the first code box, as a paste from the clipboard would. */
export async function pasteCode(page: Page, text: string): Promise<void> {
  await codeBoxes(page)
    .first()
    .evaluate((box, pasted) => {
      const clipboardData = new DataTransfer();
      clipboardData.setData("text/plain", pasted);
      box.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData, bubbles: true, cancelable: true }),
      );
    }, text);
}

/** Fills the Login tab of the sign-in screen on the page and submits it. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await passwordInput(page).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** Logs in on the sign-in screen already on the page and waits for the welcome toast. */
export async function logIn(page: Page, account: Account): Promise<void> {
  await submitLogin(page, account.email, account.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
}

/**
 * This worker's moderator of ADMIN_EMAILS, signed in on `page`; registered by the worker's first
 * test needing them.
 * A taken address's registration answers as a free one's (docs/accounts.md), so a failed login
 * is what says the moderator is not registered yet.
 */
export async function signInModerator(page: Page): Promise<void> {
  const email = moderatorEmail(test.info().parallelIndex);
  const account: Account = { email, fullName: "Mo Derator", password: PASSWORD };
  const login = await page.request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
  });
  if (login.ok()) return;
  const registered = await page.request.post("/api/auth/register", {
    data: { ...account, agreeToPolicies: true },
  });
  await expect(registered, "register").toBeOK();
  const code = await waitForCode(account.email);
  await expect(
    await page.request.post("/api/auth/verify-code", { data: { email: account.email, code } }),
  ).toBeOK();
  await signInViaApi(page, account);
}
