import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AUTHENTICATOR_CODE_INVALID,
  AUTHENTICATOR_CODE_PROMPT,
  BACKUP_CODE_INVALID,
} from "../../../domain/contracts/two-factor";
import { AppToaster } from "../../components/feedback/app-toaster";
import { SignInScreen } from "./sign-in-screen";

const EMAIL = "ada@example.com";
const USER = {
  id: "u1",
  email: EMAIL,
  fullName: "Ada",
  handle: "ada",
  profileImageUrl: null,
  verificationType: "none",
};
const BACKUP_PROMPT = "Enter one of your backup codes";

type Reply = { status: number; body: unknown };
const refusal = (status: number, code: string, message: string): Reply => ({
  status,
  body: { error: { code, message } },
});

let secondStep: (body: { method: string; code: string }) => Reply;
let calls: { path: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  secondStep = () => ({ status: 200, body: { user: USER } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path, body });
      const reply: Reply | undefined =
        path === "/api/auth/session"
          ? { status: 200, body: { user: null } }
          : path === "/api/auth/login"
            ? { status: 200, body: { twoFactorRequired: true } }
            : path === "/api/auth/two-factor"
              ? secondStep(body)
              : undefined;
      if (!reply) throw new TypeError(`unexpected ${path}`);
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

/** The sign-in screen at /signup?next=/mail, after a login that asks for the second step. */
async function atSecondStep() {
  const router = createMemoryRouter(
    [
      { path: "/signup", element: <SignInScreen /> },
      { path: "/mail", element: <p>Mail screen</p> },
    ],
    { initialEntries: ["/signup?next=%2Fmail"] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <AppToaster theme="light" />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("Email", { selector: "input" }), EMAIL);
  await user.type(screen.getByLabelText("Password", { selector: "input" }), "whatever1");
  await user.click(screen.getByRole("button", { name: "Login" }));
  await screen.findByLabelText(AUTHENTICATOR_CODE_PROMPT);
  return { router, client, user };
}

const codeInput = (label = AUTHENTICATOR_CODE_PROMPT) =>
  screen.getByLabelText(label, { selector: "input" }) as HTMLInputElement;
const secondStepCalls = () => calls.filter((c) => c.path === "/api/auth/two-factor");

function errorOf(input: HTMLInputElement): string | null {
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  const id = ids.find((one) => one.endsWith("-error"));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

// Each test types a login first; a loaded machine needs more than the default 5 s.
describe("Sign-in: the second step", () => {
  it("asks for the app's code, keeps a wrong one, then signs in and goes to `next`", async () => {
    secondStep = ({ code }) =>
      code === "123456"
        ? { status: 200, body: { user: USER } }
        : refusal(400, "invalid_code", "That code is not right. Please try again.");
    const { router, client, user } = await atSecondStep();

    // No session yet: the screen stays, with one focused field for the code.
    expect(client.getQueryData(["session", "current"])).toEqual({ user: null });
    const input = codeInput();
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute("inputmode")).toBe("numeric");
    expect(input.getAttribute("autocomplete")).toBe("one-time-code");
    expect(input.maxLength).toBe(7);

    await user.type(input, "12{Enter}");
    expect(errorOf(input)).toBe(AUTHENTICATOR_CODE_INVALID);
    expect(secondStepCalls()).toHaveLength(0);

    await user.clear(input);
    await user.type(input, "111 111{Enter}");
    await waitFor(() =>
      expect(errorOf(codeInput())).toBe("That code is not right. Please try again."),
    );
    expect(codeInput().value).toBe("111 111");
    expect(document.activeElement).toBe(codeInput());

    await user.clear(codeInput());
    await user.type(codeInput(), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Mail screen")).toBeTruthy();
    expect(router.state.historyAction).toBe("REPLACE");
    expect(await screen.findByText("Welcome back!")).toBeTruthy();
    expect(secondStepCalls().map((c) => c.body)).toEqual([
      { method: "totp", code: "111111" },
      { method: "totp", code: "123456" },
    ]);
    expect(client.getQueryData(["session", "current"])).toEqual({ user: USER });
  });

  it("switches to a backup code and back, and signs in with one", async () => {
    const { user } = await atSecondStep();
    await user.click(screen.getByRole("button", { name: "Use a backup code instead" }));
    const backup = codeInput(BACKUP_PROMPT);
    expect(document.activeElement).toBe(backup);
    expect(backup.getAttribute("inputmode")).toBe("text");
    await user.type(backup, "short{Enter}");
    expect(errorOf(backup)).toBe(BACKUP_CODE_INVALID);

    await user.click(screen.getByRole("button", { name: "Use your authenticator app" }));
    expect(document.activeElement).toBe(codeInput());
    expect(codeInput().value).toBe("");
    await user.click(screen.getByRole("button", { name: "Use a backup code instead" }));
    await user.type(codeInput(BACKUP_PROMPT), "AbCd3 eF9h2{Enter}");
    expect(await screen.findByText("Mail screen")).toBeTruthy();
    expect(secondStepCalls().map((c) => c.body)).toEqual([
      { method: "backup", code: "AbCd3-eF9h2" },
    ]);
  });

  for (const [status, code, message] of [
    [403, "too_many_attempts", "Too many wrong codes. Please log in again."],
    [401, "two_factor_expired", "This sign-in has expired. Please log in again."],
  ] as const) {
    it(`goes back to the password with the reason on ${status}, keeping the e-mail`, async () => {
      secondStep = () => refusal(status, code, message);
      const { user } = await atSecondStep();
      await user.type(codeInput(), "123456{Enter}");
      expect((await screen.findByRole("alert")).textContent).toBe(message);
      expect(screen.queryByLabelText(AUTHENTICATOR_CODE_PROMPT)).toBeNull();
      expect(
        (screen.getByLabelText("Email", { selector: "input" }) as HTMLInputElement).value,
      ).toBe(EMAIL);
      const password = screen.getByLabelText("Password", { selector: "input" });
      expect(document.activeElement).toBe(password);
    });
  }

  it("says when the account's codes are locked, staying on the code", async () => {
    secondStep = () =>
      refusal(
        429,
        "rate_limited",
        "Too many wrong codes for this account. Please try again in 15 minutes.",
      );
    const { user } = await atSecondStep();
    await user.type(codeInput(), "123456{Enter}");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Too many wrong codes for this account. Please try again in 15 minutes.",
    );
    expect(codeInput().value).toBe("123456");
  });

  it("'Back to login' shows the password stage with the e-mail kept", async () => {
    const { user } = await atSecondStep();
    await user.click(screen.getByRole("button", { name: "Back to login" }));
    expect((screen.getByLabelText("Email", { selector: "input" }) as HTMLInputElement).value).toBe(
      EMAIL,
    );
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button", { name: "Login" })).toBeTruthy();
  });
});
