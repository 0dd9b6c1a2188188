// Settings' "Passkeys" (docs/accounts.md) against a faked passkey API (test-support/passkeys.ts);
// the browser's WebAuthn ceremony is mocked here, e2e/passkeys.spec.ts drives the real one.
import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser";
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accountApi, accountState } from "../../test-support/account";
import {
  CREATION_OPTIONS,
  makePasskey,
  type PasskeyState,
  passkeyState,
  passkeysApi,
} from "../../test-support/passkeys";
import {
  ADA,
  apiError,
  type Call,
  json,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import { routes, safetyApi, safetyState } from "../../test-support/safety";
import { SettingsScreen } from "./settings-screen";

vi.mock("@simplewebauthn/browser", () => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));

const CHROME_ON_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const REGISTRATION = {
  id: "Y3JlZA",
  rawId: "Y3JlZA",
  type: "public-key" as const,
  response: { clientDataJSON: "e30", attestationObject: "o2Nm", transports: ["internal"] },
  clientExtensionResults: {},
};

function renderSettings(state: PasskeyState) {
  const calls = stubFetch(
    routes(passkeysApi(state), accountApi(accountState()), safetyApi(safetyState())),
  );
  return {
    calls,
    ...renderWithRoutes([{ path: "/settings", element: <SettingsScreen /> }], {
      url: "/settings",
      viewer: ADA,
    }),
  };
}

const passkeysSection = () => screen.getByRole("region", { name: "Passkeys" });
const heading = () => within(passkeysSection()).getByRole("heading", { name: "Passkeys" });
const rows = () => within(passkeysSection()).queryAllByRole("listitem");
const rowOf = (name: string) => {
  const row = rows().find((item) => item.textContent?.includes(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};
const writes = (calls: Call[]) =>
  calls.filter((c) => c.method !== "GET" && c.path.includes("passkeys"));

beforeEach(() => {
  vi.mocked(browserSupportsWebAuthn).mockReturnValue(true);
  vi.mocked(startRegistration).mockResolvedValue(REGISTRATION);
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Settings: passkeys", () => {
  it("lists each passkey with its dates and 'Synced', after the two-factor section", async () => {
    const phone = makePasskey({
      name: "Phone",
      createdAt: "2026-02-20T12:00:00.000Z",
      lastUsedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
      backedUp: true,
    });
    const key = makePasskey({ name: "Security key", createdAt: "2026-03-01T12:00:00.000Z" });
    renderSettings(passkeyState([phone, key]));

    await within(passkeysSection()).findByText("Phone");
    expect(
      within(passkeysSection()).getByText(
        "Sign in with your fingerprint, face or screen lock instead of a password.",
      ),
    ).toBeTruthy();
    expect(rows()).toHaveLength(2);
    const first = rowOf("Phone");
    expect(within(first).getByText("Synced")).toBeTruthy();
    expect(within(first).getByText("Added February 20, 2026")).toBeTruthy();
    expect(within(first).getByText("Last used 3 hours ago")).toBeTruthy();
    const second = rowOf("Security key");
    expect(within(second).queryByText("Synced")).toBeNull();
    expect(within(second).getByText("Added March 1, 2026")).toBeTruthy();
    expect(within(second).getByText("Never used")).toBeTruthy();
    // Each button names its passkey and is described by its dates.
    const rename = within(second).getByRole("button", { name: "Rename Security key" });
    const described = rename.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(described)?.textContent).toBe("Added March 1, 2026Never used");
    expect(within(second).getByRole("button", { name: "Remove Security key" })).toBeTruthy();

    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf("Passkeys")).toBe(headings.indexOf("Two-factor authentication") + 1);
  });

  it("says so when there are none", async () => {
    renderSettings(passkeyState());
    expect(await within(passkeysSection()).findByText("No passkeys yet.")).toBeTruthy();
    expect(rows()).toHaveLength(0);
    expect(within(passkeysSection()).getByRole("button", { name: "Add a passkey" })).toBeTruthy();
  });

  it("adds a passkey: a name first (offered after the browser), then the browser's prompt", async () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(CHROME_ON_MAC);
    const state = passkeyState();
    const { calls, user } = renderSettings(state);
    await user.click(
      await within(passkeysSection()).findByRole("button", { name: "Add a passkey" }),
    );
    const name = await within(passkeysSection()).findByRole("textbox", { name: "Passkey name" });
    expect((name as HTMLInputElement).value).toBe("Chrome on macOS");
    expect(document.activeElement).toBe(name);

    // A blank name is refused here, before the browser asks anything.
    await user.clear(name);
    await user.keyboard("{Enter}");
    expect(within(passkeysSection()).getByText("Give the passkey a name.")).toBeTruthy();
    expect(startRegistration).not.toHaveBeenCalled();

    await user.type(name, "  Work laptop {Enter}");
    expect(await screen.findByText("Passkey added.")).toBeTruthy();
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: CREATION_OPTIONS });
    const posted = writes(calls);
    expect(posted.map((c) => `${c.method} ${c.path}`)).toEqual([
      "POST /api/account/passkeys/options",
      "POST /api/account/passkeys",
    ]);
    expect(posted[1]?.body).toEqual({
      challengeId: expect.any(String),
      name: "Work laptop",
      credential: REGISTRATION,
    });
    expect(within(rowOf("Work laptop")).getByText("Never used")).toBeTruthy();
    expect(within(passkeysSection()).queryByText("No passkeys yet.")).toBeNull();
    expect(within(passkeysSection()).queryByRole("textbox")).toBeNull();
    expect(document.activeElement).toBe(
      within(passkeysSection()).getByRole("button", { name: "Add a passkey" }),
    );
  });

  it("says quietly that nothing was added when the prompt is closed, and shows a refusal", async () => {
    vi.mocked(startRegistration).mockRejectedValueOnce(
      new DOMException("The operation either timed out or was not allowed.", "NotAllowedError"),
    );
    const state = passkeyState();
    const { calls, user } = renderSettings(state);
    await user.click(
      await within(passkeysSection()).findByRole("button", { name: "Add a passkey" }),
    );
    await user.click(await within(passkeysSection()).findByRole("button", { name: "Continue" }));
    expect((await within(passkeysSection()).findByRole("status")).textContent).toBe(
      "No passkey was added.",
    );
    expect(within(passkeysSection()).queryByRole("alert")).toBeNull();
    expect(writes(calls).map((c) => c.path)).toEqual(["/api/account/passkeys/options"]);
    expect(state.passkeys).toEqual([]);

    // The form stays for another try; this time the server refuses the passkey.
    stubFetch(
      routes(({ method, path }) => {
        if (method === "POST" && path === "/api/account/passkeys") {
          return apiError(400, "The passkey could not be added. Please try again.");
        }
        return undefined;
      }, passkeysApi(state)),
    );
    await user.click(within(passkeysSection()).getByRole("button", { name: "Continue" }));
    expect((await within(passkeysSection()).findByRole("alert")).textContent).toBe(
      "The passkey could not be added. Please try again.",
    );
    expect(within(passkeysSection()).getByText("No passkeys yet.")).toBeTruthy();

    // Escape closes the form and the focus returns to its button.
    await user.click(within(passkeysSection()).getByRole("textbox", { name: "Passkey name" }));
    await user.keyboard("{Escape}");
    expect(within(passkeysSection()).queryByRole("textbox")).toBeNull();
    expect(document.activeElement).toBe(
      within(passkeysSection()).getByRole("button", { name: "Add a passkey" }),
    );
  });

  it("renames in place: Enter saves, Escape puts the old name back", async () => {
    const state = passkeyState([makePasskey({ name: "Phone" })]);
    const { calls, user } = renderSettings(state);
    await user.click(
      await within(passkeysSection()).findByRole("button", { name: "Rename Phone" }),
    );
    const field = within(passkeysSection()).getByRole("textbox", { name: "New name for Phone" });
    expect(document.activeElement).toBe(field);
    await user.keyboard("Old phone{Escape}");
    expect(within(passkeysSection()).queryByRole("textbox")).toBeNull();
    expect(within(rowOf("Phone")).getByText("Phone")).toBeTruthy();
    expect(document.activeElement).toBe(
      within(passkeysSection()).getByRole("button", { name: "Rename Phone" }),
    );
    expect(writes(calls)).toEqual([]);

    await user.keyboard("{Enter}");
    await user.clear(within(passkeysSection()).getByRole("textbox"));
    await user.keyboard("{Enter}");
    expect(within(passkeysSection()).getByText("Give the passkey a name.")).toBeTruthy();
    await user.keyboard("Pixel 9{Enter}");
    expect(await screen.findByText("Passkey renamed.")).toBeTruthy();
    await within(passkeysSection()).findByRole("button", { name: "Rename Pixel 9" });
    expect(state.passkeys.map((p) => p.name)).toEqual(["Pixel 9"]);
    expect(writes(calls).map((c) => [c.method, c.body])).toEqual([["PATCH", { name: "Pixel 9" }]]);
    expect(document.activeElement).toBe(
      within(passkeysSection()).getByRole("button", { name: "Rename Pixel 9" }),
    );
  });

  it("says so when the passkey being renamed was removed elsewhere, and drops its row", async () => {
    const state = passkeyState([makePasskey({ name: "Phone" })]);
    const { user } = renderSettings(state);
    await user.click(
      await within(passkeysSection()).findByRole("button", { name: "Rename Phone" }),
    );
    state.passkeys = [];
    await user.keyboard("Pixel 9{Enter}");
    expect(await screen.findByText("This passkey has been removed.")).toBeTruthy();
    expect(await within(passkeysSection()).findByText("No passkeys yet.")).toBeTruthy();
  });

  it("removes a passkey after a confirmation; Cancel keeps it", async () => {
    const phone = makePasskey({ name: "Phone" });
    const state = passkeyState([phone, makePasskey({ name: "Laptop" })]);
    const { calls, user } = renderSettings(state);
    const remove = await within(passkeysSection()).findByRole("button", { name: "Remove Phone" });

    await user.click(remove);
    let dialog = screen.getByRole("alertdialog", { name: "Remove Phone?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(document.activeElement).toBe(remove);
    expect(writes(calls)).toEqual([]);

    await user.keyboard("{Enter}");
    dialog = screen.getByRole("alertdialog", { name: "Remove Phone?" });
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("Passkey removed.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(rows().map((row) => within(row).getByText(/Laptop|Phone/).textContent)).toEqual([
      "Laptop",
    ]);
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual([
      `DELETE /api/account/passkeys/${phone.id}`,
    ]);
    // The button that held the focus is gone; the focus stays in the section.
    expect(document.activeElement).toBe(heading());
  });

  it("says so instead of 'Add a passkey' in a browser without WebAuthn", async () => {
    vi.mocked(browserSupportsWebAuthn).mockReturnValue(false);
    renderSettings(passkeyState([makePasskey({ name: "Phone" })]));
    expect(
      await within(passkeysSection()).findByText(/^This browser cannot use passkeys\./),
    ).toBeTruthy();
    expect(within(passkeysSection()).queryByRole("button", { name: "Add a passkey" })).toBeNull();
    // The ones already added can still be renamed and removed.
    expect(within(passkeysSection()).getByRole("button", { name: "Remove Phone" })).toBeTruthy();
  });

  it("shows loading, then a failure with Retry", async () => {
    let fail = true;
    stubFetch(
      routes(
        ({ path }) => {
          if (path !== "/api/account/passkeys") return undefined;
          return fail ? apiError(500, "Database down") : json({ items: [] });
        },
        accountApi(accountState()),
        safetyApi(safetyState()),
      ),
    );
    const { user } = renderWithRoutes([{ path: "/settings", element: <SettingsScreen /> }], {
      url: "/settings",
      viewer: ADA,
    });
    expect(within(passkeysSection()).getByRole("status").textContent).toBe("Loading...");
    expect((await within(passkeysSection()).findByRole("alert")).textContent).toBe(
      "Could not load your passkeys.",
    );
    fail = false;
    await user.click(within(passkeysSection()).getByRole("button", { name: "Retry" }));
    expect(await within(passkeysSection()).findByText("No passkeys yet.")).toBeTruthy();
  });
});
