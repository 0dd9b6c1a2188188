import { screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { leavePage } from "../../lib/leave-page";
import { ADA, apiError, json, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { TestCheckoutScreen } from "./test-checkout-screen";

vi.mock("../../lib/leave-page", () => ({ leavePage: vi.fn() }));

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.mocked(leavePage).mockClear();
});

const checkout = {
  id: "chk_1",
  name: "adal",
  tierLabel: "1–5 characters",
  yearlyUsd: 30,
  status: "open",
  cancelUrl: "/ada/edit-profile?canceled=true",
};

const API = "/api/payments/test/checkouts/chk_1";

function renderCheckout(
  answer: { get?: () => Response; choice?: () => Response | Promise<Response> } = {},
) {
  const calls = stubFetch(({ method, path }) => {
    if (method === "GET" && path === API) return answer.get?.() ?? json(checkout);
    if (method === "POST" && (path === `${API}/pay` || path === `${API}/cancel`)) {
      return answer.choice?.() ?? json({ redirectUrl: "/somewhere" });
    }
    return undefined;
  });
  const rendered = renderWithRoutes(
    [{ path: "/checkout/test/:id", element: <TestCheckoutScreen /> }],
    { url: "/checkout/test/chk_1", viewer: ADA },
  );
  const posts = () => calls.filter((call) => call.method === "POST");
  return { ...rendered, posts };
}

describe("TestCheckoutScreen", () => {
  it("says it is test mode and shows the name, its tier and yearly price", async () => {
    renderCheckout();
    expect(screen.getByText("Test mode — no real payment is taken")).toBeTruthy();
    expect(await screen.findByText("@adal")).toBeTruthy();
    expect(screen.getByText("1–5 characters")).toBeTruthy();
    expect(screen.getByText("$30/year")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Pay $30/year" })).toBeTruthy();
  });

  it.each([
    ["Pay $30/year", `${API}/pay`, { outcome: "paid" }, "/checkout-success/chk_1"],
    [
      "Decline card",
      `${API}/pay`,
      { outcome: "declined" },
      "/ada/edit-profile?redirect_status=failed&error=Your%20card%20was%20declined.",
    ],
    ["Cancel", `${API}/cancel`, {}, "/ada/edit-profile?canceled=true"],
  ])("%s tells the server and goes where it says", async (button, path, body, redirectUrl) => {
    let release: () => void = () => {};
    const { user, posts } = renderCheckout({
      choice: () =>
        new Promise((resolve) => {
          release = () => resolve(json({ redirectUrl }));
        }),
    });
    await user.click(await screen.findByRole("button", { name: button }));
    expect(posts()).toEqual([{ method: "POST", path, body }]);
    // Every choice waits for the answer; none can be pressed a second time.
    for (const name of ["Pay $30/year", "Decline card", "Cancel"]) {
      expect(screen.getByRole("button", { name })).toHaveProperty("disabled", true);
    }
    expect(screen.getByRole("button", { name: button }).getAttribute("aria-busy")).toBe("true");
    release();
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith(redirectUrl));
  });

  it("works from the keyboard", async () => {
    const { user, posts } = renderCheckout();
    const pay = await screen.findByRole("button", { name: "Pay $30/year" });
    pay.focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Decline card" }));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith("/somewhere"));
    expect(posts()[0]?.body).toEqual({ outcome: "declined" });
  });

  it("tells a failed choice in a toast and lets the buyer choose again", async () => {
    const { user } = renderCheckout({ choice: () => apiError(500, "Something broke") });
    await user.click(await screen.findByRole("button", { name: "Pay $30/year" }));
    expect(await screen.findByText("Checkout failed")).toBeTruthy();
    expect(screen.getByText("Something broke")).toBeTruthy();
    expect(leavePage).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Pay $30/year" })).toHaveProperty("disabled", false);
  });

  it.each(["complete", "canceled", "expired", "failed", "refused"])(
    "a %s checkout is no longer open, with a way back to the edit page",
    async (status) => {
      renderCheckout({ get: () => json({ ...checkout, status }) });
      expect(
        await screen.findByRole("heading", { name: "This checkout is no longer open." }),
      ).toBeTruthy();
      expect(screen.getByRole("link", { name: "Back to Edit Profile" }).getAttribute("href")).toBe(
        "/ada/edit-profile",
      );
      expect(screen.queryByRole("button", { name: /Pay/ })).toBeNull();
    },
  );

  it("says a checkout that does not exist was not found", async () => {
    renderCheckout({ get: () => apiError(404, "Checkout not found") });
    expect(await screen.findByRole("heading", { name: "Checkout not found" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Pay/ })).toBeNull();
  });

  it("offers Retry when the checkout could not be loaded", async () => {
    let fail = true;
    const { user } = renderCheckout({
      get: () => (fail ? apiError(500, "") : json(checkout)),
    });
    expect(await screen.findByText("Failed to load the checkout")).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("@adal")).toBeTruthy();
  });
});
