import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OwnedUsername } from "../../../domain/contracts/usernames";
import { leavePage } from "../../lib/leave-page";
import { usernameKeys } from "../../state/queries/usernames";
import { ADA, apiError, json, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { UsernameSection } from "./username-section";

vi.mock("../../lib/leave-page", () => ({ leavePage: vi.fn() }));

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.mocked(leavePage).mockClear();
});

const active: OwnedUsername = {
  name: "adal",
  status: "active",
  provider: "test",
  yearlyUsd: 30,
  periodEndsAt: "2027-03-14T12:00:00.000Z",
  cancelAtPeriodEnd: false,
  graceEndsAt: null,
};

function renderSection(owned: OwnedUsername | null, portal?: () => Response) {
  let current = owned;
  const calls = stubFetch(({ method, path }) => {
    if (method === "GET" && path === "/api/usernames/mine") return json({ username: current });
    if (method === "GET" && path.endsWith("/availability")) {
      return json({ name: "adal", available: true, reason: null, tier: null });
    }
    if (method === "POST" && current && path === "/api/usernames/mine/cancel-renewal") {
      current = { ...current, cancelAtPeriodEnd: true };
      return json({ username: current });
    }
    if (method === "POST" && current && path === "/api/usernames/mine/resume-renewal") {
      current = { ...current, cancelAtPeriodEnd: false };
      return json({ username: current });
    }
    if (method === "POST" && path === "/api/usernames/mine/portal") {
      return portal?.() ?? apiError(404, "Not found");
    }
    return undefined;
  });
  const rendered = renderWithRoutes(
    [{ path: "/:handle/edit-profile", element: <UsernameSection className="" /> }],
    { url: "/ada/edit-profile", viewer: ADA },
  );
  return { ...rendered, calls };
}

describe("UsernameSection", () => {
  it("shows the name, its renewal date and price; cancelling asks first, then it ends instead", async () => {
    const { user } = renderSection(active);
    const section = await screen.findByRole("region", { name: "Your username" });
    expect(within(section).getByText("@adal")).toBeTruthy();
    expect(within(section).getByText(/Renews on March 14, 2027/)).toBeTruthy();
    expect(within(section).getByText(/\$30\/year/)).toBeTruthy();
    expect(within(section).getByText("Test mode")).toBeTruthy();
    // Billing is the payment provider's page: there is none in test mode.
    expect(within(section).queryByRole("button", { name: "Manage billing" })).toBeNull();

    await user.click(within(section).getByRole("button", { name: "Cancel renewal" }));
    const confirm = screen.getByRole("alertdialog", { name: "Cancel renewal?" });
    expect(within(confirm).getByText(/@adal stays yours until March 14, 2027/)).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: "Keep renewal" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(within(section).getByText(/Renews on/)).toBeTruthy();

    await user.click(within(section).getByRole("button", { name: "Cancel renewal" }));
    await user.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: "Cancel renewal" }),
    );
    expect(await screen.findByText("Renewal canceled")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(within(section).getByText(/Ends on March 14, 2027/)).toBeTruthy();

    await user.click(within(section).getByRole("button", { name: "Resume renewal" }));
    expect(await screen.findByText("Renewal resumed")).toBeTruthy();
    expect(within(section).getByText(/Renews on March 14, 2027/)).toBeTruthy();
  });

  it("with Stripe, Manage billing goes to the provider's portal", async () => {
    const { user } = renderSection({ ...active, provider: "stripe" }, () =>
      json({ url: "https://billing.stripe.com/p/session/abc" }),
    );
    await user.click(await screen.findByRole("button", { name: "Manage billing" }));
    await waitFor(() =>
      expect(leavePage).toHaveBeenCalledWith("https://billing.stripe.com/p/session/abc"),
    );
    expect(screen.queryByText("Test mode")).toBeNull();
  });

  it("says when billing could not be opened", async () => {
    const { user } = renderSection({ ...active, provider: "stripe" }, () =>
      apiError(502, "The billing portal is unavailable."),
    );
    await user.click(await screen.findByRole("button", { name: "Manage billing" }));
    expect(await screen.findByText("Could not open billing")).toBeTruthy();
    expect(screen.getByText("The billing portal is unavailable.")).toBeTruthy();
    expect(leavePage).not.toHaveBeenCalled();
  });

  it("a lapsed name: the grace warning, and Renew opens the dialog with the name filled in", async () => {
    const { user } = renderSection({
      ...active,
      status: "grace",
      graceEndsAt: "2027-04-13T12:00:00.000Z",
    });
    expect(
      await screen.findByText("Your username @adal lapsed. It stays yours until April 13, 2027."),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cancel renewal" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Renew" }));
    // Its code loads as it first opens (components/account/reserve-username-dialog.tsx).
    const dialog = await screen.findByRole("dialog", { name: "Reserve Username" });
    expect((within(dialog).getByLabelText("Username") as HTMLInputElement).value).toBe("adal");
  });

  it("shows nothing without a reserved name", async () => {
    const { queryClient } = renderSection(null);
    await waitFor(() =>
      expect(queryClient.getQueryState(usernameKeys.mine())?.status).toBe("success"),
    );
    expect(screen.queryByRole("region", { name: "Your username" })).toBeNull();
  });
});
