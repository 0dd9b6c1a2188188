import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { AppToaster } from "../../components/feedback/app-toaster";
import { readPendingUsername, savePendingUsername } from "../../lib/pending-username";
import { sessionKeys } from "../../state/queries/session";
import { usePaymentReturn } from "./use-payment-return";

afterEach(() => {
  toast.dismiss();
  window.sessionStorage.clear();
});

function EditPage() {
  usePaymentReturn();
  const location = useLocation();
  return <p data-testid="address">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(url: string) {
  savePendingUsername("adal");
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionKeys.current(), { user: null });
  const router = createMemoryRouter([{ path: "/:handle/edit-profile", element: <EditPage /> }], {
    initialEntries: [url],
  });
  // StrictMode runs effects twice, as in development: still one toast per return.
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <AppToaster theme="light" />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { queryClient };
}

const address = () => screen.getByTestId("address").textContent;

describe("usePaymentReturn (spec-2 §4, §8)", () => {
  it("a canceled checkout: 'Canceled', the pending name dropped, the address cleaned", async () => {
    renderAt("/ada/edit-profile?canceled=true");
    expect(await screen.findByText("Canceled")).toBeTruthy();
    expect(screen.getByText("You canceled the checkout process.")).toBeTruthy();
    await waitFor(() => expect(address()).toBe("/ada/edit-profile"));
    expect(readPendingUsername()).toBeNull();
    expect(screen.getAllByText("Canceled")).toHaveLength(1);
  });

  it("a declined card: 'Payment failed' with the provider's words", async () => {
    renderAt("/ada/edit-profile?redirect_status=failed&error=Your%20card%20was%20declined.");
    expect(await screen.findByText("Payment failed")).toBeTruthy();
    expect(screen.getByText("Your card was declined.")).toBeTruthy();
    await waitFor(() => expect(address()).toBe("/ada/edit-profile"));
    expect(readPendingUsername()).toBeNull();
  });

  it("a failure without words: 'Checkout failed. Please try again.'", async () => {
    renderAt("/ada/edit-profile?redirect_status=failed");
    expect(await screen.findByText("Checkout failed. Please try again.")).toBeTruthy();
  });

  it("a success: 'Success', the person's handle asked again, other parameters kept", async () => {
    const { queryClient } = renderAt("/ada/edit-profile?checkout=success&session_id=cs_1&tab=x");
    expect(await screen.findByText("Success")).toBeTruthy();
    expect(screen.getByText("Checkout completed successfully!")).toBeTruthy();
    await waitFor(() => expect(address()).toBe("/ada/edit-profile?tab=x"));
    expect(queryClient.getQueryState(sessionKeys.current())?.isInvalidated).toBe(true);
    expect(screen.getAllByText("Success")).toHaveLength(1);
  });

  it("an ordinary visit says nothing and keeps its address", async () => {
    renderAt("/ada/edit-profile?tab=x");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(address()).toBe("/ada/edit-profile?tab=x");
    expect(document.querySelector("[data-sonner-toast]")).toBeNull();
    expect(readPendingUsername()).toBe("adal");
  });
});
