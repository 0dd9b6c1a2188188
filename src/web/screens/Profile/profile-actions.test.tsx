import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PersonSummary } from "../../../domain/contracts/follows";
import { makeThread } from "../../test-support/mail";
import {
  ADA,
  apiError,
  GRACE,
  json,
  type Route,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import { ProfileActions } from "./profile-actions";

function renderActions(viewer: PersonSummary | null, direct: Route, userId = GRACE.userId) {
  const calls = stubFetch(async (request) => {
    if (request.path.startsWith("/api/follows/status/"))
      return json({ following: false, state: "none" });
    return direct(request);
  });
  const rendered = renderWithRoutes(
    [
      {
        path: "/grace",
        element: (
          <ProfileActions handle="grace" userId={userId} isOwner={false} privateAccount={false} />
        ),
      },
      { path: "/mail", element: <p>Mail screen</p> },
      { path: "/signup", element: <p>Sign-in screen</p> },
    ],
    { url: "/grace", viewer },
  );
  return { ...rendered, calls };
}

const isDirect = (method: string, path: string) =>
  method === "POST" && path === "/api/mail/threads/direct";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("ProfileActions: Message", () => {
  it("opens the direct thread with the person, found or created", async () => {
    const thread = makeThread({ with: GRACE });
    const { user, router, calls } = renderActions(ADA, ({ method, path }) =>
      isDirect(method, path) ? json({ thread }) : undefined,
    );
    await user.click(screen.getByRole("button", { name: "Message" }));
    await waitFor(() => expect(router.state.location.search).toBe(`?thread=${thread.id}`));
    expect(router.state.location.pathname).toBe("/mail");
    expect(calls.find((c) => isDirect(c.method, c.path))?.body).toEqual({ userId: GRACE.userId });
  });

  it("says 'Not authenticated' when the session ended meanwhile", async () => {
    const { user, router } = renderActions(ADA, ({ method, path }) =>
      isDirect(method, path) ? apiError(401, "Sign in first") : undefined,
    );
    await user.click(screen.getByRole("button", { name: "Message" }));
    expect(await screen.findByText("Not authenticated")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/grace");
  });

  it("on one's own profile goes to /mail", async () => {
    const own = renderActions(ADA, () => undefined, ADA.userId);
    await own.user.click(screen.getByRole("button", { name: "Message" }));
    expect(own.router.state.location.pathname).toBe("/mail");
    expect(own.calls.some((c) => isDirect(c.method, c.path))).toBe(false);
  });

  it("signed out, goes to sign-up and comes back to the profile", async () => {
    const { user, router } = renderActions(null, () => undefined);
    await user.click(screen.getByRole("button", { name: "Message" }));
    expect(router.state.location.pathname).toBe("/signup");
    expect(router.state.location.search).toBe("?next=%2Fgrace");
  });
});
