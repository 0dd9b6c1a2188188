import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CURRENT_PASSWORD_WRONG } from "../../../domain/contracts/account";
import { AUTHENTICATOR_CODE_INVALID } from "../../../domain/contracts/two-factor";
import {
  type AccountState,
  accountApi,
  accountState,
  RIGHT_CODE,
  TEST_BACKUP_CODES,
} from "../../test-support/account";
import {
  ADA,
  apiError,
  type Call,
  json,
  type Route,
  renderWithRoutes,
  sessionFor,
  stubFetch,
} from "../../test-support/posts";
import { routes, safetyApi, safetyState } from "../../test-support/safety";
import { SettingsScreen } from "./settings-screen";

const PASSWORD = "old password 1";

/** The session endpoint, asked again after two-factor authentication changes. */
const sessionApi: Route = ({ method, path }) =>
  method === "GET" && path === "/api/auth/session" ? json({ user: sessionFor(ADA) }) : undefined;

function renderSettings(state: AccountState, before?: Route) {
  const api = routes(sessionApi, accountApi(state), safetyApi(safetyState()));
  const calls = stubFetch(before ? routes(before, api) : api);
  const rendered = renderWithRoutes([{ path: "/settings", element: <SettingsScreen /> }], {
    url: "/settings",
    viewer: ADA,
  });
  return { calls, ...rendered };
}

const section = () => screen.getByRole("region", { name: "Two-factor authentication" });
const inSection = () => within(section());
const input = (label: string) =>
  inSection().getByLabelText(label, { selector: "input" }) as HTMLInputElement;
const button = (name: string) => inSection().getByRole("button", { name });
const posts = (calls: Call[], path: string) =>
  calls.filter((c) => c.method === "POST" && c.path === `/api/account/two-factor/${path}`);

/** The error text the input points at with aria-describedby. */
function errorOf(field: HTMLInputElement): string | null {
  const ids = field.getAttribute("aria-describedby")?.split(" ") ?? [];
  const id = ids.find((one) => one.endsWith("-error"));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The set-up is a journey of several steps; a loaded machine needs more than the default 5 s.
describe("Settings: two-factor authentication", () => {
  it("comes after the password section, off, with Set up", async () => {
    renderSettings(accountState());
    expect(
      await inSection().findByText("Ask for a code from an authenticator app when you log in."),
    ).toBeTruthy();
    const titles = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(titles.indexOf("Two-factor authentication")).toBe(titles.indexOf("Password") + 1);
    expect(button("Set up")).toBeTruthy();
  });

  it("sets up: password, QR code and key, a first code, then the backup codes once", async () => {
    const state = accountState();
    const { calls, user } = renderSettings(state);
    await user.click(await inSection().findByRole("button", { name: "Set up" }));

    // The password step: its field has the focus; a wrong password stays, under the field.
    expect(inSection().getByRole("heading", { name: "Confirm your password" })).toBeTruthy();
    expect(document.activeElement).toBe(input("Password"));
    await user.click(button("Continue"));
    expect(errorOf(input("Password"))).toBe("Password is required.");
    expect(posts(calls, "setup")).toHaveLength(0);
    await user.type(input("Password"), "not it{Enter}");
    await waitFor(() => expect(errorOf(input("Password"))).toBe(CURRENT_PASSWORD_WRONG));
    expect(input("Password").value).toBe("not it");
    expect(document.activeElement).toBe(input("Password"));
    await user.clear(input("Password"));
    await user.type(input("Password"), `${PASSWORD}{Enter}`);

    // The QR code and the key in fours; the step's heading has the focus.
    const heading = await inSection().findByRole("heading", {
      name: "Scan this QR code with your authenticator app",
    });
    expect(document.activeElement).toBe(heading);
    const qr = inSection().getByRole("img", { name: "QR code for your authenticator app" });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;utf8,%3Csvg/);
    expect(inSection().getByText("Can't scan? Enter this key")).toBeTruthy();
    expect(inSection().getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")).toBeTruthy();
    await user.click(button("Copy key"));
    expect(await navigator.clipboard.readText()).toBe("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");

    // The contract checks the code first; the server's refusal stays under the field.
    const code = input("Enter the 6-digit code from your app");
    expect(code.getAttribute("inputmode")).toBe("numeric");
    expect(code.getAttribute("autocomplete")).toBe("one-time-code");
    await user.type(code, "12ab");
    await user.click(button("Turn on"));
    expect(errorOf(code)).toBe(AUTHENTICATOR_CODE_INVALID);
    expect(posts(calls, "enable")).toHaveLength(0);
    await user.clear(code);
    await user.type(code, "654 321{Enter}");
    await waitFor(() =>
      expect(errorOf(code)).toBe(
        "That code is not right. Check the time on your phone and try again.",
      ),
    );
    expect(code.value).toBe("654 321");
    expect(document.activeElement).toBe(code);
    expect(posts(calls, "enable").at(-1)?.body).toEqual({ code: "654321" });
    await user.clear(code);
    await user.type(code, `${RIGHT_CODE}{Enter}`);

    // Ten codes, shown once, with Copy and Download; the session is asked again.
    expect(await screen.findByText("Two-factor authentication is on.")).toBeTruthy();
    const codesHeading = inSection().getByRole("heading", { name: "Save your backup codes" });
    expect(document.activeElement).toBe(codesHeading);
    const shown = within(inSection().getByRole("list", { name: "Backup codes" }));
    expect(shown.getAllByRole("listitem").map((li) => li.textContent)).toEqual(TEST_BACKUP_CODES);
    expect(inSection().getByText(/They will not be shown again/)).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/auth/session")).toBe(true);

    await user.click(button("Copy"));
    const copied = await navigator.clipboard.readText();
    for (const one of TEST_BACKUP_CODES) expect(copied).toContain(one);

    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return "blob:codes";
    });
    URL.revokeObjectURL = vi.fn();
    const clicked = vi
      .spyOn(HTMLAnchorElement.prototype, "click")
      .mockImplementation(function (this: HTMLAnchorElement) {});
    await user.click(button("Download"));
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe("chtcht-backup-codes.txt");
    expect(link.href).toBe("blob:codes");
    const file = await saved?.text();
    expect(file?.split("\n").filter((line) => /^\w{5}-\w{5}$/.test(line))).toEqual(
      TEST_BACKUP_CODES,
    );

    await user.click(button("Done"));
    expect(await inSection().findByText("On. 10 backup codes left.")).toBeTruthy();
    expect(inSection().queryByRole("list", { name: "Backup codes" })).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole("heading", { name: "Two-factor authentication" }),
    );
    expect(state.twoFactor.enabled).toBe(true);
  });

  it("Cancel leaves it off and gives the focus to the heading", async () => {
    const { user } = renderSettings(accountState());
    await user.click(await inSection().findByRole("button", { name: "Set up" }));
    await user.type(input("Password"), `${PASSWORD}{Enter}`);
    await inSection().findByRole("img", { name: "QR code for your authenticator app" });
    await user.click(button("Cancel"));
    expect(
      inSection().getByText("Ask for a code from an authenticator app when you log in."),
    ).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByRole("heading", { name: "Two-factor authentication" }),
    );
  });

  it("on: tells the backup codes left and turns off after the password", async () => {
    const state = accountState();
    state.twoFactor = { enabled: true, settingUp: false, backupCodesLeft: 1 };
    const { calls, user } = renderSettings(state);
    expect(await inSection().findByText("On. 1 backup code left.")).toBeTruthy();
    await user.click(button("Turn off"));
    expect(
      inSection().getByText("After this, logging in asks for your password alone."),
    ).toBeTruthy();
    await user.type(input("Password"), "wrong one{Enter}");
    await waitFor(() => expect(errorOf(input("Password"))).toBe(CURRENT_PASSWORD_WRONG));
    expect(state.twoFactor.enabled).toBe(true);

    await user.clear(input("Password"));
    await user.type(input("Password"), `${PASSWORD}{Enter}`);
    expect(await screen.findByText("Two-factor authentication is off.")).toBeTruthy();
    expect(
      await inSection().findByText("Ask for a code from an authenticator app when you log in."),
    ).toBeTruthy();
    expect(state.twoFactor.enabled).toBe(false);
    expect(posts(calls, "disable").map((c) => c.body)).toEqual([
      { password: "wrong one" },
      { password: PASSWORD },
    ]);
    expect(calls.some((c) => c.path === "/api/auth/session")).toBe(true);
  });

  it("shows other refusals under the form, keeping the password", async () => {
    const tooMany: Route = ({ path }) =>
      path === "/api/account/two-factor/setup"
        ? json(
            {
              error: {
                code: "rate_limited",
                message: "Too many attempts. Try again in 15 minutes.",
              },
            },
            429,
          )
        : undefined;
    const { user } = renderSettings(accountState(), tooMany);
    await user.click(await inSection().findByRole("button", { name: "Set up" }));
    await user.type(input("Password"), `${PASSWORD}{Enter}`);
    expect((await inSection().findByRole("alert")).textContent).toBe(
      "Too many attempts. Try again in 15 minutes.",
    );
    expect(input("Password").value).toBe(PASSWORD);
    expect(button("Continue").hasAttribute("disabled")).toBe(false);
  });

  it("turned on in another tab meanwhile: says so, and the status follows", async () => {
    const state = accountState();
    const { user } = renderSettings(state);
    await user.click(await inSection().findByRole("button", { name: "Set up" }));
    state.twoFactor = { enabled: true, settingUp: false, backupCodesLeft: 10 };
    await user.type(input("Password"), `${PASSWORD}{Enter}`);
    expect((await inSection().findByRole("alert")).textContent).toBe(
      "Two-factor authentication is already on.",
    );
    await user.click(button("Cancel"));
    expect(await inSection().findByText("On. 10 backup codes left.")).toBeTruthy();
  });

  it("says when the status could not load, and Retry loads it", async () => {
    let fail = true;
    const flaky: Route = ({ path }) => {
      if (path !== "/api/account/two-factor") return undefined;
      if (fail) return apiError(500, "Server error");
      return undefined;
    };
    const { user } = renderSettings(accountState(), flaky);
    expect(await inSection().findByText("Could not load two-factor authentication.")).toBeTruthy();
    fail = false;
    await user.click(button("Retry"));
    expect(
      await inSection().findByText("Ask for a code from an authenticator app when you log in."),
    ).toBeTruthy();
  });
});
