import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accountState } from "../../test-support/account";
import { apiError, json, type Route } from "../../test-support/posts";
import { renderSettings } from "../../test-support/settings";

const LABEL = "Always expand posts with content warnings";
const section = () => screen.getByRole("region", { name: "Reading" });

/** The reading settings as the server keeps them; `refuse` answers saves with a 503. */
function readingApi(saved: { expandContentWarnings: boolean }, refuse = false): Route {
  return ({ method, path, body }) => {
    if (path !== "/api/reading-settings") return undefined;
    if (method === "GET") return json(saved);
    if (refuse) return apiError(503, "The database is resting.");
    Object.assign(saved, body);
    return json(saved);
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Settings: Reading", () => {
  it("shows the switch off by default and saves it the moment it is flipped", async () => {
    const saved = { expandContentWarnings: false };
    const { calls, user } = renderSettings(accountState(), readingApi(saved));
    const toggle = await within(section()).findByRole("switch", { name: LABEL });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    await user.click(toggle);
    await waitFor(() => expect(saved.expandContentWarnings).toBe(true));
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([
      { expandContentWarnings: true },
    ]);
  });

  it("leaves the switch as it was and says why when the save is refused", async () => {
    const saved = { expandContentWarnings: true };
    const { user } = renderSettings(accountState(), readingApi(saved, true));
    const toggle = await within(section()).findByRole("switch", { name: LABEL });
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    await user.click(toggle);
    expect((await within(section()).findByRole("alert")).textContent).toBe(
      "The database is resting. Please try again.",
    );
    expect(toggle.getAttribute("aria-checked")).toBe("true");
  });
});
