import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accountState } from "../../test-support/account";
import { apiError } from "../../test-support/posts";
import { renderSettings } from "../../test-support/settings";
import { MESSAGES_SENTENCE } from "./messages-section";

const section = () => screen.getByRole("region", { name: "Messages" });
const radio = (name: string) => within(section()).getByRole("radio", { name });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Settings: Messages", () => {
  it("shows everyone by default, and saves another choice on Save", async () => {
    const state = accountState();
    const { calls, user } = renderSettings(state);
    await within(section()).findByRole("group", { name: "Who can message me" });
    expect(within(section()).getByText(MESSAGES_SENTENCE)).toBeTruthy();
    expect(radio("Everyone")).toHaveProperty("checked", true);
    const save = within(section()).getByRole("button", { name: "Save" });
    expect(save).toHaveProperty("disabled", true);
    await user.click(radio("Nobody"));
    await user.click(save);
    await waitFor(() => expect(state.mail.whoCanMessage).toBe("nobody"));
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([
      { whoCanMessage: "nobody" },
    ]);
    expect(await screen.findByText("Message settings saved")).toBeTruthy();
    expect(radio("Nobody")).toHaveProperty("checked", true);
    await waitFor(() => expect(save).toHaveProperty("disabled", true));
  });

  it("keeps the choice and says why when the save is refused", async () => {
    const state = accountState();
    state.mail = { whoCanMessage: "friends" };
    const { user } = renderSettings(state, ({ method, path }) =>
      method === "PUT" && path === "/api/mail/settings"
        ? apiError(503, "The database is resting.")
        : undefined,
    );
    await within(section()).findByRole("group", { name: "Who can message me" });
    expect(radio("Friends")).toHaveProperty("checked", true);
    await user.click(radio("People I follow"));
    await user.click(within(section()).getByRole("button", { name: "Save" }));
    expect((await within(section()).findByRole("alert")).textContent).toBe(
      "The database is resting. Your choice is still here; please try again.",
    );
    expect(radio("People I follow")).toHaveProperty("checked", true);
    expect(state.mail.whoCanMessage).toBe("friends");
  });
});
