import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ERROR_CODES } from "../../../domain/error-codes";
import { ADA, type Call, json, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { AuthCallbackScreen } from "./auth-callback-screen";

const LINK = "/auth/callback?email=ada%40example.org&code=123456";

function renderCallback(url: string, viewer: typeof ADA | null = null) {
  return renderWithRoutes(
    [
      { path: "/auth/callback", element: <AuthCallbackScreen /> },
      { path: "/signup", element: <p>Sign-in screen</p> },
      { path: "/", element: <p>Home screen</p> },
    ],
    { url, viewer },
  );
}

const verifyCalls = (calls: Call[]) =>
  calls.filter((call) => call.path === "/api/auth/verify-code");

afterEach(() => vi.unstubAllGlobals());

describe("AuthCallbackScreen", () => {
  it("shows a progress message, then 'Email Verified!' with a Sign In button", async () => {
    let answer: (response: Response) => void = () => {};
    const calls = stubFetch(({ path }) =>
      path === "/api/auth/verify-code"
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    renderCallback(LINK);

    expect(await screen.findByRole("heading", { name: "Confirming your email…" })).toBeTruthy();
    answer(json({ verified: true }));

    expect(await screen.findByRole("heading", { name: "Email Verified!" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe(
      "/signup?tab=login",
    );
    expect(verifyCalls(calls).map((call) => call.body)).toEqual([
      { email: "ada@example.org", code: "123456" },
    ]);
  });

  it("welcomes a visitor who already has a session and redirects to /", async () => {
    const calls = stubFetch(() => undefined);
    const { router } = renderCallback(LINK, ADA);

    expect(await screen.findByRole("heading", { name: "Welcome!" })).toBeTruthy();
    expect(screen.getByText("Redirecting…")).toBeTruthy();
    expect(await screen.findByText("Home screen")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
    expect(verifyCalls(calls)).toEqual([]);
  });

  it("still checks a link for another address when someone else is signed in", async () => {
    const calls = stubFetch(({ path }) =>
      path === "/api/auth/verify-code" ? json({ verified: true }) : undefined,
    );
    renderCallback("/auth/callback?email=grace%40example.org&code=654321", ADA);

    expect(await screen.findByRole("heading", { name: "Email Verified!" })).toBeTruthy();
    expect(verifyCalls(calls).map((call) => call.body)).toEqual([
      { email: "grace@example.org", code: "654321" },
    ]);
  });

  it.each([
    [
      "a wrong or expired code",
      () =>
        json({ error: { code: ERROR_CODES.codeExpired, message: "This code has expired." } }, 400),
      "Verification failed. Please try again.",
    ],
    [
      "too many wrong codes",
      () => json({ error: { code: ERROR_CODES.tooManyAttempts, message: "Too many." } }, 403),
      "Verification failed. Please try again.",
    ],
    [
      "a server error",
      () => json({ error: { code: ERROR_CODES.internal, message: "Internal error" } }, 500),
      "There was an issue confirming your email. Please try again or contact support.",
    ],
    ["a network failure", () => undefined, "An unexpected error occurred."],
    [
      "a code this browser cannot vouch for (used elsewhere, or not this address's)",
      () => json({ error: { code: ERROR_CODES.invalidCode, message: "Invalid code" } }, 400),
      "Email verification status could not be confirmed here.",
    ],
  ])("sends %s to /signup with its message", async (_case, reply, message) => {
    stubFetch(({ path }) => (path === "/api/auth/verify-code" ? reply() : undefined));
    const { router } = renderCallback(LINK);

    expect(await screen.findByText(message)).toBeTruthy();
    expect(await screen.findByText("Sign-in screen")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/signup");
  });

  it.each([
    ["its code", "/auth/callback?email=ada%40example.org"],
    ["its email", "/auth/callback?code=123456"],
    ["a well-formed code", "/auth/callback?email=ada%40example.org&code=12ab"],
  ])("sends a link missing %s to /signup without asking the server", async (_case, url) => {
    const calls = stubFetch(() => undefined);
    const { router } = renderCallback(url);

    expect(
      await screen.findByText("Email verification status could not be confirmed here."),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe("/signup");
    expect(verifyCalls(calls)).toEqual([]);
  });
});
