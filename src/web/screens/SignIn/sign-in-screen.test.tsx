import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppToaster } from "../../components/feedback/app-toaster";
import { SignInScreen } from "./sign-in-screen";

type Reply = { status: number; body: unknown };
let replies: Record<string, Reply | ((body: unknown) => Reply)>;
let calls: { path: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  replies = { "/api/auth/session": { status: 200, body: { user: null } } };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path, body });
      const entry = replies[path];
      const reply = typeof entry === "function" ? entry(body) : entry;
      if (!reply) throw new TypeError("network down");
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: "/signup", element: <SignInScreen /> },
      { path: "/mail", element: <p>Mail screen</p> },
      { path: "/", element: <p>Home screen</p> },
    ],
    { initialEntries: [url] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <AppToaster theme="light" />
    </QueryClientProvider>,
  );
  return router;
}

const field = (label: string) => screen.getByLabelText(label, { selector: "input" });

describe("SignInScreen", () => {
  it("opens the Register tab from ?tab=register and checks required fields, then policies", async () => {
    const user = userEvent.setup();
    renderAt("/signup?tab=register");
    await user.click(await screen.findByRole("button", { name: "Create Account" }));
    expect(screen.getByRole("alert").textContent).toBe("Please fill in all required fields");

    await user.type(field("Email"), "ada@example.com");
    await user.type(field("Full Name"), "Ada Lovelace");
    await user.type(field("Password"), "correct horse battery");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(screen.getByRole("alert").textContent).toBe("Please agree to policies");
    expect(calls.filter((c) => c.path !== "/api/auth/session")).toEqual([]);
  });

  it.each([
    {
      reason: "blocked-domain",
      url: "/signup?auth=signup",
      typed: " Ada@Mailinator.com ",
      sent: "ada@mailinator.com",
      message:
        "This email provider is not supported. Please use a standard provider like Gmail, Outlook, or iCloud.",
    },
    {
      reason: "own-domain",
      url: "/signup?tab=register",
      typed: "ada@chtcht.local",
      sent: "ada@chtcht.local",
      message:
        "Addresses on chtcht.local are mailboxes of this product; use an e-mail address elsewhere.",
    },
  ])("shows validate-email's refusal ($reason) and does not register", async (refusal) => {
    const user = userEvent.setup();
    replies["/api/auth/validate-email"] = {
      status: 200,
      body: { ok: false, reason: refusal.reason },
    };
    renderAt(refusal.url);
    await user.type(await screen.findByLabelText("Email", { selector: "input" }), refusal.typed);
    await user.type(field("Full Name"), "Ada");
    await user.type(field("Password"), "correct horse battery");
    await user.click(screen.getByRole("checkbox", { name: "Agree to all Policies" }));
    await user.click(await screen.findByRole("button", { name: "I agree" }));
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/auth/validate-email")?.body).toEqual({
      email: refusal.sent,
    });
    expect(calls.some((c) => c.path === "/api/auth/register")).toBe(false);
  });

  it("registers, asks for the code, keeps a refused one, then shows the Login tab once verified", async () => {
    const user = userEvent.setup();
    replies["/api/auth/validate-email"] = { status: 200, body: { ok: true } };
    replies["/api/auth/register"] = {
      status: 201,
      body: { email: "ada@example.com", resendAfterSeconds: 60 },
    };
    replies["/api/auth/verify-code"] = (body) =>
      (body as { code: string }).code === "123456"
        ? { status: 200, body: { verified: true } }
        : {
            status: 400,
            body: { error: { code: "invalid_code", message: "Invalid verification code" } },
          };
    const router = renderAt("/signup?tab=register");
    await user.type(
      await screen.findByLabelText("Email", { selector: "input" }),
      "ada@example.com",
    );
    await user.type(field("Full Name"), "Ada");
    await user.type(field("Password"), "correct horse battery");
    await user.click(screen.getByRole("checkbox", { name: "Agree to all Policies" }));
    await user.click(await screen.findByRole("button", { name: "I agree" }));
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    expect(await screen.findByText("Check your email for the verification code!")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Resend code in \d+s/ })).toBeTruthy();
    const digits = Array.from(
      { length: 6 },
      (_, i) => screen.getByLabelText(`Digit ${i + 1} of 6`) as HTMLInputElement,
    );
    await user.click(digits[0] as HTMLInputElement);
    await user.paste("111111");
    // A refused code stays, with spec-1 §8's words next to the boxes.
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid verification code");
    expect(digits.map((box) => box.value).join("")).toBe("111111");
    expect(document.activeElement).toBe(digits[0]);
    await user.paste("123456");
    expect(await screen.findByText("Email verified! Please log in.")).toBeTruthy();
    expect(calls.filter((c) => c.path === "/api/auth/verify-code").at(-1)?.body).toEqual({
      email: "ada@example.com",
      code: "123456",
    });
    expect(screen.getByRole("tab", { name: "Login" }).getAttribute("aria-selected")).toBe("true");
    // The address follows the tab shown, so a reload keeps the Login tab.
    expect(router.state.location.search).toBe("?tab=login");
  });

  it("moves the address with the tab: Register, Login, forgot and back", async () => {
    const user = userEvent.setup();
    const router = renderAt("/signup?next=%2Fmail");
    await user.click(await screen.findByRole("tab", { name: "Register" }));
    expect(router.state.location.search).toBe("?next=%2Fmail&tab=register");
    await user.click(screen.getByRole("tab", { name: "Login" }));
    expect(router.state.location.search).toBe("?next=%2Fmail&tab=login");
    await user.click(screen.getByRole("link", { name: "Forgot password" }));
    expect(router.state.location.search).toBe("?next=%2Fmail&stage=forgot");
  });

  it("after an unconfirmed login, resends the code and shows the inline code entry", async () => {
    const user = userEvent.setup();
    replies["/api/auth/login"] = {
      status: 403,
      body: { error: { code: "email_not_confirmed", message: "Email not confirmed" } },
    };
    replies["/api/auth/resend-code"] = {
      status: 200,
      body: { sent: true, resendAfterSeconds: 60 },
    };
    renderAt("/signup");
    await user.type(
      await screen.findByLabelText("Email", { selector: "input" }),
      "ada@example.com",
    );
    await user.type(field("Password"), "whatever1");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(
      await screen.findByText(
        "Please check your email and enter the code we sent before logging in.",
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText("Digit 1 of 6")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Resend verification code" }));
    expect(await screen.findByText("Verification code sent! Check your email.")).toBeTruthy();
    expect(screen.getByLabelText("Digit 1 of 6")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Resend in \d+s/ })).toBeTruthy();
  });

  it("counts down on the button, without an error, when the code was sent a moment ago", async () => {
    const user = userEvent.setup();
    replies["/api/auth/login"] = {
      status: 403,
      body: { error: { code: "email_not_confirmed", message: "Email not confirmed" } },
    };
    const message = "Please wait 42 seconds before asking for a new code.";
    replies["/api/auth/resend-code"] = {
      status: 429,
      body: { error: { code: "resend_cooldown", message, retryAfter: 42 } },
    };
    renderAt("/signup");
    await user.type(
      await screen.findByLabelText("Email", { selector: "input" }),
      "ada@example.com",
    );
    await user.type(field("Password"), "whatever1");
    await user.click(screen.getByRole("button", { name: "Login" }));
    await user.click(await screen.findByRole("button", { name: "Resend verification code" }));

    const countdown = await screen.findByRole("button", { name: /^Resend in 4[12]s$/ });
    expect(countdown.hasAttribute("disabled")).toBe(true);
    expect(screen.getByLabelText("Digit 1 of 6")).toBeTruthy();
    // Give a toast the time to show, then check there is none.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(message)).toBeNull();
    expect(screen.queryByText("Could not resend verification code.")).toBeNull();
  });

  it("asks for the email before resending from the login hint", async () => {
    const user = userEvent.setup();
    replies["/api/auth/login"] = {
      status: 403,
      body: { error: { code: "email_not_confirmed", message: "Email not confirmed" } },
    };
    renderAt("/signup");
    await user.type(
      await screen.findByLabelText("Email", { selector: "input" }),
      "ada@example.com",
    );
    await user.type(field("Password"), "whatever1");
    await user.click(screen.getByRole("button", { name: "Login" }));
    await screen.findByRole("button", { name: "Resend verification code" });
    await user.clear(field("Email"));
    await user.click(screen.getByRole("button", { name: "Resend verification code" }));
    expect(screen.getByText("Enter your email above first.")).toBeTruthy();
  });

  it("logs in and follows a safe `next` with a replace navigation", async () => {
    const user = userEvent.setup();
    const sessionUser = {
      id: "u1",
      email: "ada@example.com",
      fullName: "Ada",
      handle: "ada",
      profileImageUrl: null,
      verificationType: "none",
    };
    replies["/api/auth/login"] = { status: 200, body: { user: sessionUser } };
    const router = renderAt("/signup?next=%2Fmail");
    await user.type(
      await screen.findByLabelText("Email", { selector: "input" }),
      "ada@example.com",
    );
    await user.type(field("Password"), "whatever1");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Mail screen")).toBeTruthy();
    expect(router.state.historyAction).toBe("REPLACE");
    expect(await screen.findByText("Welcome back!")).toBeTruthy();
  });

  it("shows the server's message when login is refused, and 'Login failed' when it gave none", async () => {
    const user = userEvent.setup();
    replies["/api/auth/login"] = {
      status: 401,
      body: { error: { code: "invalid_credentials", message: "Invalid email or password." } },
    };
    renderAt("/signup");
    await user.type(
      await screen.findByLabelText("Email", { selector: "input" }),
      "ada@example.com",
    );
    await user.type(field("Password"), "whatever1");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Invalid email or password.")).toBeTruthy();

    replies["/api/auth/login"] = { status: 502, body: "Bad gateway" };
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Login failed")).toBeTruthy();
  });

  it("opens the reset stage from a recovery link and checks both fields", async () => {
    const user = userEvent.setup();
    replies["/api/auth/reset-password"] = { status: 200, body: { ok: true } };
    const router = renderAt("/signup?stage=reset&token=tok123");
    await user.click(await screen.findByRole("button", { name: "Reset Password" }));
    expect(screen.getByRole("alert").textContent).toBe(
      "Please enter and confirm your new password.",
    );
    await user.type(field("New password"), "new password 1");
    await user.type(field("Confirm new password"), "new password 2");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(screen.getByRole("alert").textContent).toBe("Passwords do not match.");
    await user.clear(field("Confirm new password"));
    await user.type(field("Confirm new password"), "new password 1");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("Your password has been reset!")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/auth/reset-password")?.body).toEqual({
      token: "tok123",
      password: "new password 1",
    });
    await waitFor(() => expect(router.state.location.search).toBe("?tab=login"));
    expect(screen.getByRole("tab", { name: "Login" }).getAttribute("aria-selected")).toBe("true");
  });

  it("confirms the forgot request even when it fails, then goes back to login", async () => {
    const user = userEvent.setup();
    renderAt("/signup");
    await user.click(await screen.findByRole("link", { name: "Forgot password" }));
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(screen.getByRole("alert").textContent).toBe("Please enter your email");
    await user.type(field("Email"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText("Got it! You should be receiving an email.")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Login" })).toBeTruthy();
  });
});
