import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { AppToaster } from "../../components/feedback/app-toaster";
import { readPendingUsername, savePendingUsername } from "../../lib/pending-username";
import { sessionKeys } from "../../state/queries/session";
import { ADA, apiError, json, sessionFor, stubFetch } from "../../test-support/posts";
import { CheckoutSuccessScreen } from "./checkout-success-screen";

afterEach(() => {
  toast.dismiss();
  window.sessionStorage.clear();
});

type Answer = () => Response | Promise<Response>;

function renderAt(url: string, answer: Answer) {
  const calls = stubFetch(({ method, path }) => {
    if (method === "POST" && path === "/api/usernames/checkout/complete") return answer();
    if (path === "/api/auth/session") return json({ user: null });
    if (path === "/api/usernames/mine") return json({ username: null });
    return undefined;
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionKeys.current(), { user: sessionFor(ADA) });
  const router = createMemoryRouter(
    [
      { path: "/", element: <p>Home screen</p> },
      { path: "/checkout-success/:sessionId?", element: <CheckoutSuccessScreen /> },
      { path: "/:handle", element: <p>Profile page</p> },
    ],
    { initialEntries: [url] },
  );
  // StrictMode runs the page's effects twice, as in development: the purchase is finished once.
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <AppToaster theme="light" />
      </QueryClientProvider>
    </StrictMode>,
  );
  const completions = () =>
    calls.filter((call) => call.path === "/api/usernames/checkout/complete");
  return { queryClient, router, user: userEvent.setup(), completions };
}

describe("CheckoutSuccessScreen", () => {
  it("finishes the purchase once, then offers the new profile and says the name is reserved", async () => {
    savePendingUsername("adal");
    let release: () => void = () => {};
    const { user, router, queryClient, completions } = renderAt(
      "/checkout-success/cs_test_1",
      () =>
        new Promise((resolve) => {
          release = () => resolve(json({ success: true, username: "adal" }));
        }),
    );
    expect(await screen.findByRole("heading", { name: "Processing your payment…" })).toBeTruthy();
    expect(completions().map((call) => call.body)).toEqual([{ sessionId: "cs_test_1" }]);

    release();
    expect(await screen.findByRole("heading", { name: "Payment Successful!" })).toBeTruthy();
    expect(await screen.findByText("Your username @adal has been reserved.")).toBeTruthy();
    expect(completions()).toHaveLength(1);
    expect(readPendingUsername()).toBeNull();
    // The header's handle is asked again.
    expect(queryClient.getQueryState(sessionKeys.current())?.isInvalidated).toBe(true);

    await user.click(screen.getByRole("link", { name: "Continue to Profile" }));
    expect(router.state.location.pathname).toBe("/adal");
  });

  it.each([
    [401, "adal", "Not authenticated."],
    [404, null, "No pending username found in session."],
    [404, "adal", "Failed to process checkout."],
    [402, "adal", "Failed to finalize username."],
    [409, "adal", "Failed to finalize username."],
    [500, "adal", "Failed to process checkout."],
  ])("after a %i with pending name %s, says '%s'", async (status, pending, text) => {
    if (pending) savePendingUsername(pending);
    renderAt("/checkout-success/cs_test_2", () => apiError(status, "server words"));
    expect(await screen.findByRole("heading", { name: "We couldn’t finish" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(text);
    expect(screen.getByRole("link", { name: "Go Home" }).getAttribute("href")).toBe("/");
    // Nothing was bought yet: the pending name stays for another try.
    expect(readPendingUsername()).toBe(pending);
  });

  it("tries again on Try Again, and can then succeed", async () => {
    let attempts = 0;
    const { user, completions } = renderAt("/checkout-success/cs_test_3", () => {
      attempts += 1;
      return attempts === 1 ? apiError(502, "") : json({ success: true, username: "adal" });
    });
    expect(await screen.findByText("Failed to process checkout.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("heading", { name: "Payment Successful!" })).toBeTruthy();
    expect(completions()).toHaveLength(2);
  });

  it("without a session id says the payment information is missing and asks nothing", async () => {
    const { completions } = renderAt("/checkout-success", () => json({}));
    expect(await screen.findByRole("heading", { name: "We couldn’t finish" })).toBeTruthy();
    expect(screen.getByText("Missing payment information.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Try Again" })).toBeNull();
    await waitFor(() => expect(completions()).toHaveLength(0));
  });
});
