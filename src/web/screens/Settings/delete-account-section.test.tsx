import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DELETION_CODE_INVALID } from "../../../domain/contracts/account";
import { sessionKeys } from "../../state/queries/session";
import { accountState, DELETION_CODE } from "../../test-support/account";
import { ADA, type Call, json, type Route } from "../../test-support/posts";
import { renderSettings } from "../../test-support/settings";

const section = () => screen.getByRole("region", { name: "Delete account" });
const button = (name: string | RegExp) => within(section()).getByRole("button", { name });
const deletionPosts = (calls: Call[]) =>
  calls.filter((c) => c.method === "POST" && c.path === "/api/account/deletion");

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Settings: delete account", () => {
  it("comes last and says what is removed and what is kept or held", () => {
    renderSettings(accountState());
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings.at(-1)).toBe("Delete account");
    const text = section().textContent ?? "";
    expect(text).toContain("permanent");
    expect(text).toContain("Your posts, comments and likes");
    expect(text).toContain("'Message deleted'");
    expect(text).toContain(`${ADA.handle}@chtcht.local`);
    expect(text).toContain("held for 90 days");
    expect(within(section()).queryByRole("textbox", { name: /Digit/ })).toBeNull();
  });

  it("mails a code, refuses a wrong one and deletes with the right one, then signs out", async () => {
    const state = accountState();
    const { calls, user, router, queryClient } = renderSettings(state);
    await user.click(button("Delete my account"));

    expect(await within(section()).findByText("ada@example.org")).toBeTruthy();
    expect(button("Resend code in 60s").hasAttribute("disabled")).toBe(true);
    const first = within(section()).getByLabelText("Digit 1 of 6");
    expect(document.activeElement).toBe(first);

    await user.keyboard("135791");
    await user.click(button("Delete account permanently"));
    expect((await within(section()).findByRole("alert")).textContent).toBe(
      "Invalid verification code",
    );
    expect(state.deleted).toBe(false);
    expect(router.state.location.pathname).toBe("/settings");

    await user.click(first);
    await user.keyboard(DELETION_CODE);
    await user.click(button("Delete account permanently"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(state.deleted).toBe(true);
    expect(deletionPosts(calls).map((c) => c.body)).toEqual([
      { code: "135791" },
      { code: DELETION_CODE },
    ]);
    expect(queryClient.getQueryData(sessionKeys.current())).toEqual({ user: null });
    expect(await screen.findByText("Your account was deleted.")).toBeTruthy();
  });

  it("asks for all six digits before sending, and Cancel goes back to the start", async () => {
    const { calls, user } = renderSettings(accountState());
    await user.click(button("Delete my account"));
    await within(section()).findByText("ada@example.org");
    await user.keyboard("123");
    await user.click(button("Delete account permanently"));
    expect(within(section()).getByRole("alert").textContent).toBe(DELETION_CODE_INVALID);
    expect(deletionPosts(calls)).toHaveLength(0);

    await user.click(button("Cancel"));
    expect(button("Delete my account")).toBeTruthy();
    expect(document.activeElement).toBe(
      within(section()).getByRole("heading", { name: "Delete account" }),
    );
  });

  it("after a reload within the resend minute, offers the code already sent", async () => {
    const state = { ...accountState(), deletionCode: DELETION_CODE };
    state.deletionCodeSentAt = Date.now() - 43_000;
    const { user, router } = renderSettings(state);

    expect(await within(section()).findByText("ada@example.org")).toBeTruthy();
    expect(section().textContent).toContain("The code expires in 10 minutes.");
    const resend = within(section()).getByRole("button", { name: /^Resend code in 1[67]s$/ });
    expect(resend.hasAttribute("disabled")).toBe(true);
    expect(within(section()).queryByRole("alert")).toBeNull();
    expect(within(section()).queryByRole("button", { name: "Delete my account" })).toBeNull();
    // Not asked for on this visit, so the page keeps its focus.
    const first = within(section()).getByLabelText("Digit 1 of 6");
    expect(document.activeElement).not.toBe(first);

    await user.click(first);
    await user.keyboard(DELETION_CODE);
    await user.click(button("Delete account permanently"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(state.deleted).toBe(true);
  });

  it("goes back to the code just sent when asked again within the resend minute", async () => {
    const state = accountState();
    const { calls, user } = renderSettings(state);
    await user.click(button("Delete my account"));
    await within(section()).findByText("ada@example.org");
    await user.click(button("Cancel"));
    await user.click(button("Delete my account"));

    expect(within(section()).getByText("ada@example.org")).toBeTruthy();
    expect(document.activeElement).toBe(within(section()).getByLabelText("Digit 1 of 6"));
    expect(within(section()).queryByRole("alert")).toBeNull();
    const sends = calls.filter(
      (c) => c.method === "POST" && c.path === "/api/account/deletion/code",
    );
    expect(sends).toHaveLength(1);
  });

  it("offers the entry when a code sent elsewhere a moment ago refuses a new one", async () => {
    const state = accountState();
    const { calls, user } = renderSettings(state);
    await waitFor(() =>
      expect(calls.some((c) => c.method === "GET" && c.path === "/api/account/deletion/code")).toBe(
        true,
      ),
    );
    // Another tab asked for the code after this one loaded.
    state.deletionCode = DELETION_CODE;
    state.deletionCodeSentAt = Date.now() - 5_000;
    await user.click(button("Delete my account"));

    expect(await within(section()).findByText("ada@example.org")).toBeTruthy();
    expect(within(section()).queryByRole("alert")).toBeNull();
    expect(button(/^Resend code in 5[45]s$/).hasAttribute("disabled")).toBe(true);
  });

  it("says why a code could not be sent, and keeps the first step", async () => {
    const cooldown: Route = ({ path }) =>
      path === "/api/account/deletion/code"
        ? json(
            {
              error: {
                code: "resend_cooldown",
                message: "Please wait 42 seconds before asking for another code.",
                retryAfter: 42,
              },
            },
            429,
          )
        : undefined;
    const { user } = renderSettings(accountState(), cooldown);
    await user.click(button("Delete my account"));
    expect((await within(section()).findByRole("alert")).textContent).toBe(
      "Please wait 42 seconds before asking for another code.",
    );
    expect(within(section()).queryByLabelText("Digit 1 of 6")).toBeNull();
  });
});
