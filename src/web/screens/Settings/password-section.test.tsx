import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CURRENT_PASSWORD_REQUIRED, NEW_PASSWORD_SAME } from "../../../domain/contracts/account";
import { accountState, makeSession } from "../../test-support/account";
import { json, type Route } from "../../test-support/posts";
import { renderSettings } from "../../test-support/settings";

const OLD = "old password 1";
const NEW = "a much newer password";

const passwordSection = () => screen.getByRole("region", { name: "Password" });
const field = (label: string) =>
  within(passwordSection()).getByLabelText(label, { selector: "input" }) as HTMLInputElement;
const current = () => field("Current password");
const next = () => field("New password");
const submit = () => within(passwordSection()).getByRole("button", { name: "Change password" });
const passwordPosts = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === "POST" && c.path === "/api/account/password");

/** The error text the input points at with aria-describedby. */
function errorOf(input: HTMLInputElement): string | null {
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  const id = ids.find((one) => one.endsWith("-error"));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Settings: password", () => {
  it("checks the fields with the shared contract before asking the server", async () => {
    const { calls, user } = renderSettings(accountState());
    await user.click(submit());
    expect(errorOf(current())).toBe(CURRENT_PASSWORD_REQUIRED);
    expect(errorOf(next())).toBe("Password must be at least 8 characters.");
    expect(current().getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(current());

    await user.type(current(), OLD);
    expect(errorOf(current())).toBeNull();
    await user.type(next(), OLD);
    await user.click(submit());
    expect(errorOf(next())).toBe(NEW_PASSWORD_SAME);
    expect(document.activeElement).toBe(next());
    expect(passwordPosts(calls)).toHaveLength(0);
  });

  it("shows a wrong current password under its field and keeps what was typed", async () => {
    const { calls, user } = renderSettings(accountState());
    await user.type(current(), "not my password");
    await user.type(next(), NEW);
    await user.click(submit());

    await waitFor(() => expect(errorOf(current())).toBe("Current password is incorrect."));
    expect(errorOf(next())).toBeNull();
    expect(current().value).toBe("not my password");
    expect(next().value).toBe(NEW);
    expect(document.activeElement).toBe(current());
    expect(passwordPosts(calls)).toEqual([
      {
        method: "POST",
        path: "/api/account/password",
        body: { currentPassword: "not my password", newPassword: NEW },
      },
    ]);
  });

  it("shows the server's refusal of the new password under that field", async () => {
    const { user } = renderSettings(accountState());
    await user.type(current(), OLD);
    await user.type(next(), "password123");
    await user.click(submit());

    await waitFor(() => expect(errorOf(next())).toBe("This password is too common."));
    expect(errorOf(current())).toBeNull();
    expect(current().value).toBe(OLD);
    expect(next().value).toBe("password123");
    expect(document.activeElement).toBe(next());
  });

  it("says when there were too many tries, keeping the input", async () => {
    const tooMany: Route = ({ path }) =>
      path === "/api/account/password"
        ? json(
            {
              error: {
                code: "rate_limited",
                message: "Too many attempts. Try again in 15 minutes.",
                retryAfter: 900,
              },
            },
            429,
          )
        : undefined;
    const { user } = renderSettings(accountState(), tooMany);
    await user.type(current(), OLD);
    await user.type(next(), NEW);
    await user.click(submit());

    expect((await within(passwordSection()).findByRole("alert")).textContent).toBe(
      "Too many attempts. Try again in 15 minutes.",
    );
    expect(current().value).toBe(OLD);
    expect(next().value).toBe(NEW);
  });

  it("is busy while the change runs; success clears the form and the other sessions go", async () => {
    let answer: (() => void) | undefined;
    const slow: Route = ({ path }) =>
      path === "/api/account/password"
        ? new Promise<undefined>((resolve) => {
            answer = () => resolve(undefined);
          })
        : undefined;
    const state = accountState([makeSession(), makeSession()]);
    const { calls, user } = renderSettings(state, slow);
    const sessions = screen.getByRole("region", { name: "Where you're signed in" });
    await within(sessions).findByText("Sign out of all other sessions");

    await user.type(current(), OLD);
    await user.type(next(), `${NEW}{Enter}`);
    await waitFor(() => expect(submit().hasAttribute("disabled")).toBe(true));
    expect(submit().getAttribute("aria-busy")).toBe("true");
    expect(current().readOnly).toBe(true);
    expect(next().readOnly).toBe(true);
    // Enter again while it runs sends nothing more.
    await user.type(next(), "{Enter}");
    answer?.();

    expect(
      await screen.findByText("Password changed. You were signed out everywhere else."),
    ).toBeTruthy();
    expect(current().value).toBe("");
    expect(next().value).toBe("");
    expect(submit().hasAttribute("disabled")).toBe(false);
    expect(state.password).toBe(NEW);
    expect(passwordPosts(calls)).toHaveLength(1);
    await waitFor(() => expect(within(sessions).getAllByRole("listitem")).toHaveLength(1));
    expect(within(sessions).getByText("This device")).toBeTruthy();
  });
});
