import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accountState } from "../../test-support/account";
import { apiError } from "../../test-support/posts";
import { renderSettings } from "../../test-support/settings";
import { PRIVATE_ACCOUNT_SENTENCE } from "./privacy-section";

const section = () => screen.findByRole("region", { name: "Privacy" });
const puts = (calls: { method: string; path: string; body?: unknown }[]) =>
  calls.filter((c) => c.method === "PUT" && c.path === "/api/account/privacy").map((c) => c.body);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Settings: Privacy", () => {
  it("shows the switch with its one sentence, and each list's audience as saved", async () => {
    const state = accountState();
    state.privacy.followingAudience = "friends";
    renderSettings(state);
    const privacy = await section();
    const toggle = await within(privacy).findByRole("switch", { name: "Private account" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    const described = document.getElementById(toggle.getAttribute("aria-describedby") ?? "");
    expect(described?.textContent).toBe(PRIVATE_ACCOUNT_SENTENCE);
    const followers = within(privacy).getByRole("group", { name: "Followers list" });
    expect(within(followers).getByRole("radio", { name: "Only me" })).toHaveProperty(
      "checked",
      true,
    );
    const following = within(privacy).getByRole("group", { name: "Following list" });
    expect(within(following).getByRole("radio", { name: "Friends" })).toHaveProperty(
      "checked",
      true,
    );
    expect(within(privacy).getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);
  });

  it("saves the switch and the audiences, by keyboard, with the usual toast", async () => {
    const state = accountState();
    const { user, calls } = renderSettings(state);
    const privacy = await section();
    const toggle = await within(privacy).findByRole("switch", { name: "Private account" });
    toggle.focus();
    await user.keyboard(" ");
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    const followers = within(privacy).getByRole("group", { name: "Followers list" });
    within(followers).getByRole("radio", { name: "Everyone" }).focus();
    await user.keyboard(" ");
    expect(within(followers).getByRole("radio", { name: "Everyone" })).toHaveProperty(
      "checked",
      true,
    );
    await user.click(within(privacy).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Privacy settings saved")).toBeTruthy();
    expect(state.privacy).toEqual({
      privateAccount: true,
      followersAudience: "everyone",
      followingAudience: "only_me",
      detailsElsewhere: false,
    });
    expect(puts(calls)).toHaveLength(1);
    await waitFor(() =>
      expect(within(privacy).getByRole("button", { name: "Save" })).toHaveProperty(
        "disabled",
        true,
      ),
    );
  });

  it("saves 'Show these details on other servers', off until turned on, with what it means", async () => {
    const state = accountState();
    const { user } = renderSettings(state);
    const privacy = await section();
    const toggle = await within(privacy).findByRole("switch", {
      name: "Show these details on other servers",
    });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(
      within(privacy).getByText(/Other servers may keep copies they already received/),
    ).toBeTruthy();
    await user.click(toggle);
    await user.click(within(privacy).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Privacy settings saved")).toBeTruthy();
    expect(state.privacy.detailsElsewhere).toBe(true);
  });

  it("turning private off says the waiting requests will be approved, and counts them", async () => {
    const state = accountState();
    state.privacy.privateAccount = true;
    state.waitingRequests = 2;
    const { user } = renderSettings(state);
    const privacy = await section();
    await user.click(await within(privacy).findByRole("switch", { name: "Private account" }));
    expect(
      within(privacy).getByText(
        "Anyone still waiting for your answer will follow you once you save.",
      ),
    ).toBeTruthy();
    await user.click(within(privacy).getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("Privacy settings saved. 2 waiting follow requests were approved."),
    ).toBeTruthy();
    expect(state.privacy.privateAccount).toBe(false);
  });

  it("keeps the choices and says why when the save is refused", async () => {
    const state = accountState();
    let refuse = true;
    const { user } = renderSettings(state, ({ method, path }) =>
      method === "PUT" && path === "/api/account/privacy" && refuse
        ? apiError(503, "The database is resting.")
        : undefined,
    );
    const privacy = await section();
    const toggle = await within(privacy).findByRole("switch", { name: "Private account" });
    await user.click(toggle);
    await user.click(within(privacy).getByRole("button", { name: "Save" }));
    expect((await within(privacy).findByRole("alert")).textContent).toBe(
      "The database is resting. Your choices are still here; please try again.",
    );
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(state.privacy.privateAccount).toBe(false);

    refuse = false;
    await user.click(within(privacy).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(state.privacy.privateAccount).toBe(true));
    expect(within(privacy).queryByRole("alert")).toBeNull();
  });

  it("says so when the settings cannot be loaded, and Retry loads them", async () => {
    let fail = true;
    const { user } = renderSettings(accountState(), ({ method, path }) =>
      method === "GET" && path === "/api/account/privacy" && fail ? apiError(500, "") : undefined,
    );
    const privacy = await section();
    expect(await within(privacy).findByText("Could not load your privacy settings.")).toBeTruthy();
    fail = false;
    await user.click(within(privacy).getByRole("button", { name: "Retry" }));
    expect(await within(privacy).findByRole("switch", { name: "Private account" })).toBeTruthy();
  });
});
