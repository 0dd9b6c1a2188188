import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { USERNAME_MESSAGES } from "../../../domain/username";
import { leavePage } from "../../lib/leave-page";
import { readPendingUsername } from "../../lib/pending-username";
import { AppToaster } from "../feedback/app-toaster";
import { ReserveUsernameDialog } from "./reserve-username-dialog";

vi.mock("../../lib/leave-page", () => ({ leavePage: vi.fn() }));

type Reply = { status: number; body: unknown };
let answer: (name: string) => Reply | Promise<Reply>;
let checkoutAnswer: () => Reply | Promise<Reply>;
let asked: string[];
let checkouts: unknown[];

const json = ({ status, body }: Reply) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const available = (name: string): Reply => ({
  status: 200,
  body: { name, available: true, reason: null, tier: null },
});

beforeEach(() => {
  asked = [];
  checkouts = [];
  answer = available;
  checkoutAnswer = () => ({ status: 200, body: { url: "/checkout/test/chk_1" } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (path === "/api/usernames/checkout" && init.method === "POST") {
        checkouts.push(JSON.parse(String(init.body)));
        return json(await checkoutAnswer());
      }
      const match = /^\/api\/usernames\/([^/]+)\/availability$/.exec(path);
      if (!match?.[1]) throw new TypeError(`unexpected ${path}`);
      const name = decodeURIComponent(match[1]);
      asked.push(name);
      return json(await answer(name));
    }),
  );
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.mocked(leavePage).mockClear();
  window.sessionStorage.clear();
});

/** The dialog, open, once its code has loaded (reserve-username-dialog.tsx). */
async function renderDialog(initialName?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReserveUsernameDialog open onOpenChange={() => {}} initialName={initialName} />
      <AppToaster theme="light" />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), input: await screen.findByLabelText("Username") };
}

const reserveButton = () => screen.getByRole("button", { name: "Make it Yours" });
const status = () => screen.getByRole("status");

describe("ReserveUsernameDialog", () => {
  it("shows the name three ways, checks after a pause, then offers it with its yearly price", async () => {
    let release: () => void = () => {};
    answer = (name) =>
      new Promise((resolve) => {
        release = () => resolve(available(name));
      });
    const { user, input } = await renderDialog();
    expect(reserveButton()).toHaveProperty("disabled", true);

    await user.type(input, "Ada");
    expect(screen.getByText("@ada")).toBeTruthy();
    expect(screen.getByText(`${window.location.origin}/ada`)).toBeTruthy();
    expect(screen.getByText("ada@chtcht.local")).toBeTruthy();
    expect(screen.getByText("$30/year")).toBeTruthy();
    expect(screen.getByText("1–5 characters")).toBeTruthy();
    // Nothing is asked while typing.
    expect(asked).toEqual([]);

    // 'Checking...' shows as the pause ends; the request follows from the query's effect.
    await waitFor(() => expect(status().textContent).toBe("Checking..."));
    await waitFor(() => expect(asked).toEqual(["ada"]));
    release();
    await waitFor(() => expect(status().textContent).toContain("Available"));
    expect(reserveButton()).toHaveProperty("disabled", false);
  });

  it("starts the checkout: 'Processing…', the name kept as pending, then off to the checkout page", async () => {
    let release: () => void = () => {};
    checkoutAnswer = () =>
      new Promise((resolve) => {
        release = () => resolve({ status: 200, body: { url: "/checkout/test/chk_1" } });
      });
    const { user, input } = await renderDialog();
    await user.type(input, "Ada");
    await waitFor(() => expect(status().textContent).toContain("Available"));

    await user.click(reserveButton());
    const busy = screen.getByRole("button", { name: "Processing…" });
    expect(busy).toHaveProperty("disabled", true);
    expect(checkouts).toEqual([{ name: "ada" }]);
    release();
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith("/checkout/test/chk_1"));
    expect(readPendingUsername()).toBe("ada");
    // Still busy while the browser leaves: nobody starts a second checkout.
    expect(screen.getByRole("button", { name: "Processing…" })).toHaveProperty("disabled", true);
  });

  it("starts with the name it was given, e.g. a lapsed name to renew", async () => {
    const { input } = await renderDialog("ada");
    expect((input as HTMLInputElement).value).toBe("ada");
    await waitFor(() => expect(status().textContent).toContain("Available"));
    expect(reserveButton()).toHaveProperty("disabled", false);
  });

  it.each([
    [
      "the server's reason",
      {
        status: 409,
        body: { error: { code: "conflict", message: "You already have a reserved username." } },
      },
      "You already have a reserved username.",
    ],
    [
      "the fallback text when the server gave none",
      { status: 502, body: "Bad gateway" },
      "Unable to start checkout. Please try again.",
    ],
    [
      "'No checkout URL returned' for an answer without one",
      { status: 200, body: {} },
      "No checkout URL returned",
    ],
    [
      "'No checkout URL returned' for an empty address",
      { status: 200, body: { url: "" } },
      "No checkout URL returned",
    ],
  ])("says 'Checkout failed' with %s, and stays on the page", async (_case, reply, text) => {
    checkoutAnswer = () => reply;
    const { user, input } = await renderDialog();
    await user.type(input, "ada");
    await waitFor(() => expect(status().textContent).toContain("Available"));
    await user.click(reserveButton());
    expect(await screen.findByText("Checkout failed")).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(leavePage).not.toHaveBeenCalled();
    expect(readPendingUsername()).toBeNull();
    expect(reserveButton()).toHaveProperty("disabled", false);
  });

  it("asks again after a refusal, so a name taken meanwhile shows as unavailable", async () => {
    let taken = false;
    answer = (name) =>
      taken
        ? { status: 200, body: { name, available: false, reason: "held", tier: null } }
        : available(name);
    checkoutAnswer = () => {
      taken = true;
      return {
        status: 409,
        body: { error: { code: "conflict", message: USERNAME_MESSAGES.held.text } },
      };
    };
    const { user, input } = await renderDialog();
    await user.type(input, "ada");
    await waitFor(() => expect(status().textContent).toContain("Available"));
    await user.click(reserveButton());
    await waitFor(() => expect(status().textContent).toContain("Unavailable"));
    expect(screen.getAllByText(USERNAME_MESSAGES.held.text).length).toBeGreaterThan(0);
    expect(reserveButton()).toHaveProperty("disabled", true);
  });

  it("says a taken name is unavailable once, without its link, address or price, and will not reserve it", async () => {
    answer = (name) => ({
      status: 200,
      body: { name, available: false, reason: "taken", tier: null },
    });
    const { user, input } = await renderDialog();
    await user.type(input, "grace");
    await waitFor(() => expect(status().textContent).toContain("Unavailable"));
    expect(screen.getAllByText("Unavailable")).toHaveLength(1);
    expect(screen.getAllByText(USERNAME_MESSAGES.taken.text)).toHaveLength(1);
    for (const gone of ["@grace", `${window.location.origin}/grace`, "grace@chtcht.local"]) {
      expect(screen.queryByText(gone)).toBeNull();
    }
    expect(screen.queryByText("$20/year")).toBeNull();
    expect(screen.queryByText("1–5 characters")).toBeNull();
    expect(reserveButton()).toHaveProperty("disabled", true);
  });

  it("tells a name that is never for sale once, without its link, address or price", async () => {
    const { user, input } = await renderDialog();
    await user.type(input, "admin");
    expect(status().textContent).toBe(
      `${USERNAME_MESSAGES.reserved.title}${USERNAME_MESSAGES.reserved.text}`,
    );
    expect(screen.getAllByText("Unavailable")).toHaveLength(1);
    expect(screen.queryByText("@admin")).toBeNull();
    expect(screen.queryByText("$30/year")).toBeNull();
    expect(reserveButton()).toHaveProperty("disabled", true);
  });

  it("explains an invalid or too long name without asking the server", async () => {
    const { user, input } = await renderDialog();
    await user.type(input, "ada lovelace");
    expect(screen.getByText(USERNAME_MESSAGES.invalid.title)).toBeTruthy();
    expect(screen.getByText(USERNAME_MESSAGES.invalid.text)).toBeTruthy();
    expect(reserveButton()).toHaveProperty("disabled", true);

    await user.clear(input);
    await user.type(input, "a".repeat(16));
    expect(screen.getByText(USERNAME_MESSAGES.length.text)).toBeTruthy();
    expect(reserveButton()).toHaveProperty("disabled", true);

    await new Promise((resolve) => setTimeout(resolve, 650));
    expect(asked).toEqual([]);
  });

  it("counts a failed check as available (spec-2 §4)", async () => {
    answer = () => ({ status: 500, body: { error: { code: "internal_error", message: "boom" } } });
    const { user, input } = await renderDialog();
    await user.type(input, "lin.wei");
    await waitFor(() => expect(status().textContent).toContain("Available"));
    expect(screen.getByText("$20/year")).toBeTruthy();
    expect(reserveButton()).toHaveProperty("disabled", false);
  });
});
