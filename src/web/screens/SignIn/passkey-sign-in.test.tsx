// 'Sign in with a passkey' on the Login tab (docs/accounts.md "Passkeys") against a faked API; the
// browser's WebAuthn ceremony is mocked here, e2e/passkeys.spec.ts drives the real one.
import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser";
import { screen, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { passkeyState, passkeysApi, REQUEST_OPTIONS } from "../../test-support/passkeys";
import {
  ADA,
  apiError,
  json,
  type Route,
  renderWithRoutes,
  sessionFor,
  stubFetch,
} from "../../test-support/posts";
import { routes } from "../../test-support/safety";
import { SignInScreen } from "./sign-in-screen";

vi.mock("@simplewebauthn/browser", () => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));

const ASSERTION = {
  id: "Y3JlZA",
  rawId: "Y3JlZA",
  type: "public-key" as const,
  response: { clientDataJSON: "e30", authenticatorData: "YXV0aA", signature: "c2ln" },
  clientExtensionResults: {},
};

/** The server's answer to a signed challenge: Ada, or `refusal`. */
const signInRoute =
  (refusal?: string): Route =>
  ({ method, path }) => {
    if (method !== "POST" || path !== "/api/auth/passkey") return undefined;
    return refusal ? apiError(400, refusal) : json({ user: sessionFor(ADA) });
  };

function renderSignIn(route: Route) {
  const calls = stubFetch(routes(route, passkeysApi(passkeyState())));
  return {
    calls,
    ...renderWithRoutes(
      [
        { path: "/signup", element: <SignInScreen /> },
        { path: "/mail", element: <p>Mail screen</p> },
      ],
      { url: "/signup?next=%2Fmail", viewer: null },
    ),
  };
}

const passkeyButton = () => screen.findByRole("button", { name: "Sign in with a passkey" });
const loginTab = () => screen.getByRole("tabpanel", { name: "Login" });

beforeEach(() => {
  vi.mocked(browserSupportsWebAuthn).mockReturnValue(true);
  vi.mocked(startAuthentication).mockResolvedValue(ASSERTION);
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Sign in with a passkey", () => {
  it("signs in with the passkey alone and follows `next` like a login", async () => {
    const { calls, router, user, queryClient } = renderSignIn(signInRoute());
    const button = await passkeyButton();
    expect(within(loginTab()).getByText("or")).toBeTruthy();
    await user.click(button);

    expect(await screen.findByText("Mail screen")).toBeTruthy();
    expect(router.state.historyAction).toBe("REPLACE");
    expect(await screen.findByText("Welcome back!")).toBeTruthy();
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: REQUEST_OPTIONS });
    const signedIn = calls.find((c) => c.path === "/api/auth/passkey");
    expect(signedIn?.body).toEqual({ challengeId: expect.any(String), credential: ASSERTION });
    expect(queryClient.getQueryData(["session", "current"])).toEqual({ user: sessionFor(ADA) });
  });

  it("notes quietly that no passkey was used when the prompt is closed", async () => {
    vi.mocked(startAuthentication).mockRejectedValueOnce(
      new DOMException("The operation either timed out or was not allowed.", "NotAllowedError"),
    );
    const { calls, user } = renderSignIn(signInRoute());
    await user.click(await passkeyButton());
    expect((await within(loginTab()).findByRole("status")).textContent).toBe(
      "No passkey was used. You can try again.",
    );
    expect(within(loginTab()).queryByRole("alert")).toBeNull();
    expect(calls.some((c) => c.path === "/api/auth/passkey")).toBe(false);
    expect(screen.queryByText("Mail screen")).toBeNull();
  });

  it("shows the server's refusal and stays signed out", async () => {
    const refusal =
      "That passkey did not sign you in. Please try again, or log in with your password.";
    const { user, queryClient } = renderSignIn(signInRoute(refusal));
    await user.click(await passkeyButton());
    expect((await within(loginTab()).findByRole("alert")).textContent).toBe(refusal);
    expect(screen.queryByText("Mail screen")).toBeNull();
    expect(queryClient.getQueryData(["session", "current"])).toEqual({ user: null });
  });

  it("is not offered in a browser without WebAuthn", async () => {
    vi.mocked(browserSupportsWebAuthn).mockReturnValue(false);
    renderSignIn(signInRoute());
    expect(await screen.findByRole("button", { name: "Login" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Sign in with a passkey" })).toBeNull();
  });
});
