// Accounts through the sign-in screen (spec-1 §2 "Sign-in screen", §4, §5, §8).
import {
  codeBoxes,
  createUnverifiedAccount,
  createVerifiedAccount,
  fillRegisterForm,
  logIn,
  newAccount,
  passwordInput,
  pasteCode,
  submitLogin,
  typeCode,
} from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { waitForCode, waitForResetLink } from "./support/mail";
import { homeHeading, landingHeading, openMenu, toast } from "./support/screen";

test("register, verify the mailed code, log in, then log out", async ({ page }) => {
  const account = newAccount("signup", "Grace Hopper");
  await page.goto("/");
  await page.getByRole("link", { name: "Login" }).click();
  await page.getByRole("tab", { name: "Register" }).click();
  await fillRegisterForm(page, account);
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(toast(page, "Check your email for the verification code!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Verify your email" })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(codeBoxes(page)).toHaveCount(6);

  // Six digits submit the code by themselves.
  await typeCode(page, await waitForCode(account.email));
  await expect(toast(page, "Email verified! Please log in.")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Email")).toHaveValue(account.email);

  await passwordInput(page).fill(account.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(toast(page, "Welcome back!")).toBeVisible();
  await expect(page).toHaveURL("/");
  await expect(homeHeading(page)).toBeVisible();

  const menu = await openMenu(page);
  await menu.getByRole("menuitem", { name: "Logout" }).click();
  await expect(landingHeading(page)).toBeVisible();
  await expect(page).toHaveURL("/");
  await page.reload();
  await expect(landingHeading(page)).toBeVisible();
  await expect((await openMenu(page)).getByRole("menuitem", { name: "Sign in" })).toBeVisible();
});

test("logging in before verifying asks to check the mail", async ({ page }) => {
  const account = await createUnverifiedAccount(page, "unverified");
  await page.goto("/signup");
  await submitLogin(page, account.email, account.password);
  await expect(
    page.getByRole("alert").filter({
      hasText: "Please check your email and enter the code we sent before logging in.",
    }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend verification code" })).toBeVisible();
  await expect(homeHeading(page)).toBeHidden();
});

test("resending right after registering counts down on the button and takes the code sent", async ({
  page,
}) => {
  // Registering mailed a code a moment ago: the resend minute (spec-1 §9) is still running.
  const account = await createUnverifiedAccount(page, "resend.early");
  const code = await waitForCode(account.email);
  await page.goto("/signup");
  await submitLogin(page, account.email, account.password);
  await page.getByRole("button", { name: "Resend verification code" }).click();

  await expect(page.getByRole("button", { name: /^Resend in \d+s$/ })).toBeDisabled();
  await expect(page.getByText(/Please wait \d+ seconds/)).toHaveCount(0);
  await expect(page.locator("[data-sonner-toast][data-type='error']")).toHaveCount(0);
  await expect(codeBoxes(page)).toHaveCount(6);
  await codeBoxes(page).first().click();
  await page.keyboard.type(code);
  await expect(toast(page, "Email verified! Please log in.")).toBeVisible();
});

for (const width of [375, 1280]) {
  test(`a short or wrong code is refused, then the right one verifies (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    // A long address, to see it wrap only after its @ and dots.
    const account = newAccount("code.with-a-rather-long-local-part");
    await page.goto("/signup?tab=register");
    await fillRegisterForm(page, account);
    await page.getByRole("button", { name: "Create Account" }).click();
    const code = await waitForCode(account.email);
    const address = page.getByText(account.email, { exact: true });
    await expect(address).toBeVisible();
    const parts = await address.evaluate((strong) =>
      Array.from(strong.children, (part) => ({
        text: part.textContent ?? "",
        lines: part.getClientRects().length,
      })).filter((part) => part.text !== ""),
    );
    for (const part of parts) expect(part.lines, part.text).toBe(1);
    expect(parts.every((part, i) => i === parts.length - 1 || /[@.]$/.test(part.text))).toBe(true);

    await typeCode(page, code.slice(0, 3));
    await page.getByRole("button", { name: "Verify Email" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Please enter all 6 digits." }),
    ).toBeVisible();

    // Six wrong digits submit by themselves; they stay, selected, with the refusal beside them.
    // A leading 0 is no code the server issues (100000–999999): wrong, not short.
    const wrong = "012345";
    await codeBoxes(page).first().click();
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await typeCode(page, wrong);
    const refusal = page.getByRole("alert").filter({ hasText: "Invalid verification code" });
    await expect(refusal).toBeVisible();
    await expect(page.getByText("Please enter all 6 digits.")).toBeHidden();
    await expect(
      page.getByRole("group", { name: "Verification code" }),
    ).toHaveAccessibleDescription("Invalid verification code");
    for (const [i, box] of (await codeBoxes(page).all()).entries()) {
      await expect(box, `box ${i + 1}`).toHaveValue(wrong[i] ?? "");
    }
    await expect(codeBoxes(page).first()).toBeFocused();

    // Typing replaces the whole refused code; a paste fills it in and submits it.
    await page.keyboard.type(code.slice(0, 2));
    await expect(codeBoxes(page).nth(0)).toHaveValue(code[0] ?? "");
    await expect(codeBoxes(page).nth(1)).toHaveValue(code[1] ?? "");
    await expect(codeBoxes(page).nth(2)).toHaveValue("");
    await expect(refusal).toBeHidden();
    await pasteCode(page, `${code.slice(0, 3)} ${code.slice(3)}`);
    await expect(toast(page, "Email verified! Please log in.")).toBeVisible();
    await expect(page).toHaveURL("/signup?tab=login");
    await page.reload();
    await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
    await logIn(page, account);
    await expect(homeHeading(page)).toBeVisible();
  });
}

test("forgot password: the mailed link sets a new password", async ({ page }) => {
  const account = await createVerifiedAccount(page, "forgot");
  const newPassword = "amber lantern 5816";
  await page.goto("/signup");
  await page.getByRole("link", { name: "Forgot password" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(toast(page, "Got it! You should be receiving an email.")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Login" })).toBeVisible();

  await page.goto(await waitForResetLink(account.email));
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await passwordInput(page, "New password").fill(newPassword);
  await passwordInput(page, "Confirm new password").fill(`${newPassword}x`);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Passwords do not match." }),
  ).toBeVisible();
  await passwordInput(page, "Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(toast(page, "Your password has been reset!")).toBeVisible();
  await expect(page).toHaveURL("/signup?tab=login");

  await submitLogin(page, account.email, account.password);
  await expect(toast(page, "Invalid email or password.")).toBeVisible();
  await logIn(page, { ...account, password: newPassword });
  await expect(homeHeading(page)).toBeVisible();
});
