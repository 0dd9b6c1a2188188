import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accountState } from "../../test-support/account";
import { apiError } from "../../test-support/posts";
import { renderSettings } from "../../test-support/settings";

const section = () => screen.getByRole("region", { name: "E-mails from us" });
const toggle = (name: string) => within(section()).findByRole("switch", { name });
const patches = (calls: { method: string; path: string; body?: unknown }[]) =>
  calls.filter((c) => c.method === "PATCH").map((c) => c.body);

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Settings: E-mails from us", () => {
  it("shows the three switches as they are saved, each described", async () => {
    const state = accountState();
    state.emailPreferences.postActivity = false;
    renderSettings(state);
    const followers = await toggle("New followers");
    expect(followers.getAttribute("aria-checked")).toBe("true");
    expect((await toggle("Comments and likes on my posts")).getAttribute("aria-checked")).toBe(
      "false",
    );
    expect((await toggle("Messages")).getAttribute("aria-checked")).toBe("true");
    expect(followers.getAttribute("aria-describedby")).toBeTruthy();
    const description = document.getElementById(followers.getAttribute("aria-describedby") ?? "");
    expect(description?.textContent).toBe("Who followed you, in one e-mail a day at most.");
  });

  it("saves a switch the moment it is flipped, by click or by keyboard, and only that one", async () => {
    const state = accountState();
    const { calls, user } = renderSettings(state);
    const activity = await toggle("Comments and likes on my posts");
    await user.click(activity);
    expect(activity.getAttribute("aria-checked")).toBe("false");
    await waitFor(() => expect(state.emailPreferences.postActivity).toBe(false));

    const messages = await toggle("Messages");
    messages.focus();
    await user.keyboard(" ");
    await waitFor(() => expect(state.emailPreferences.messages).toBe(false));
    expect(messages.getAttribute("aria-checked")).toBe("false");
    expect(patches(calls)).toEqual([{ postActivity: false }, { messages: false }]);
    expect(state.emailPreferences.newFollowers).toBe(true);
    expect(within(section()).queryByRole("alert")).toBeNull();
  });

  it("puts a refused switch back and says why, and the next change clears the message", async () => {
    const state = accountState();
    let refuse = true;
    const { user } = renderSettings(state, ({ method }) =>
      method === "PATCH" && refuse ? apiError(503, "The database is resting.") : undefined,
    );
    const followers = await toggle("New followers");
    await user.click(followers);
    expect((await within(section()).findByRole("alert")).textContent).toBe(
      "The database is resting. 'New followers' is still on. Please try again.",
    );
    expect(followers.getAttribute("aria-checked")).toBe("true");
    expect(state.emailPreferences.newFollowers).toBe(true);

    refuse = false;
    await user.click(followers);
    await waitFor(() => expect(state.emailPreferences.newFollowers).toBe(false));
    expect(followers.getAttribute("aria-checked")).toBe("false");
    expect(within(section()).queryByRole("alert")).toBeNull();
  });

  it("says so when the switches cannot be loaded, and Retry loads them", async () => {
    let fail = true;
    const { user } = renderSettings(accountState(), ({ method, path }) =>
      method === "GET" && path === "/api/account/email-preferences" && fail
        ? apiError(500, "Down")
        : undefined,
    );
    expect(await within(section()).findByText("Loading...")).toBeTruthy();
    expect(
      await within(section()).findByText(/Could not load your e-mail choices|Down/),
    ).toBeTruthy();
    fail = false;
    await user.click(within(section()).getByRole("button", { name: "Retry" }));
    expect((await toggle("Messages")).getAttribute("aria-checked")).toBe("true");
  });
});
