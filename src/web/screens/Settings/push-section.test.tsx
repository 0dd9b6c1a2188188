// 'Notifications on this device' (docs/notifications.md "Push"): in a browser without push (jsdom
// has no service worker) it says so; the browsers that get notifications are listed, each with
// Remove.
import { screen, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accountState } from "../../test-support/account";
import { renderSettings } from "../../test-support/settings";
import { UNSUPPORTED } from "./push-section";

const section = () => screen.getByRole("region", { name: "Notifications on this device" });

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Settings: Notifications on this device", () => {
  it("says a browser without push cannot show them", async () => {
    renderSettings(accountState());
    expect(await within(section()).findByText(UNSUPPORTED)).toBeTruthy();
    expect(within(section()).queryByRole("button", { name: "Turn on notifications" })).toBeNull();
  });

  it("lists each browser that gets notifications, and Remove takes it off", async () => {
    const state = accountState();
    state.push.browsers = [
      {
        id: "3f1c2b9e-4a56-4c1d-9e2f-0a1b2c3d4e5f",
        label: "Firefox 140 · Linux",
        createdAt: "2026-11-20T10:00:00.000Z",
        lastSuccessAt: null,
      },
    ];
    const { user } = renderSettings(state);
    expect(await within(section()).findByText("Firefox 140 · Linux")).toBeTruthy();
    await user.click(within(section()).getByRole("button", { name: "Remove Firefox 140 · Linux" }));
    expect(await within(section()).findByText("None yet.")).toBeTruthy();
    expect(state.push.browsers).toEqual([]);
  });
});
