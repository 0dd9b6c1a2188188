import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { USERNAME_MESSAGES } from "../../../domain/username";
import { CHECKOUT_NOT_READY, ReserveUsernameDialog } from "./reserve-username-dialog";

type Reply = { status: number; body: unknown };
let answer: (name: string) => Reply | Promise<Reply>;
let asked: string[];

const json = ({ status, body }: Reply) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const available = (name: string): Reply => ({
  status: 200,
  body: { name, available: true, reason: null, tier: null },
});

beforeEach(() => {
  asked = [];
  answer = available;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      const match = /^\/api\/usernames\/([^/]+)\/availability$/.exec(path);
      if (!match?.[1]) throw new TypeError(`unexpected ${path}`);
      const name = decodeURIComponent(match[1]);
      asked.push(name);
      return json(await answer(name));
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReserveUsernameDialog open onOpenChange={() => {}} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), input: screen.getByLabelText("Username") };
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
    const { user, input } = renderDialog();
    expect(reserveButton()).toHaveProperty("disabled", true);

    await user.type(input, "Ada");
    expect(screen.getByText("@ada")).toBeTruthy();
    expect(screen.getByText(`${window.location.origin}/ada`)).toBeTruthy();
    expect(screen.getByText("ada@chtcht.local")).toBeTruthy();
    expect(screen.getByText("$30/year")).toBeTruthy();
    expect(screen.getByText("1–5 characters")).toBeTruthy();
    // Nothing is asked while typing.
    expect(asked).toEqual([]);

    await waitFor(() => expect(status().textContent).toBe("Checking..."));
    expect(asked).toEqual(["ada"]);
    release();
    await waitFor(() => expect(status().textContent).toContain("Available"));
    expect(reserveButton()).toHaveProperty("disabled", false);

    await user.click(reserveButton());
    expect(await screen.findByText(CHECKOUT_NOT_READY)).toBeTruthy();
  });

  it("says a taken name is unavailable and will not reserve it", async () => {
    answer = (name) => ({
      status: 200,
      body: { name, available: false, reason: "taken", tier: null },
    });
    const { user, input } = renderDialog();
    await user.type(input, "grace");
    await waitFor(() => expect(status().textContent).toContain("Unavailable"));
    expect(screen.getByText(USERNAME_MESSAGES.taken.text)).toBeTruthy();
    expect(reserveButton()).toHaveProperty("disabled", true);
  });

  it("explains an invalid or too long name without asking the server", async () => {
    const { user, input } = renderDialog();
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
    const { user, input } = renderDialog();
    await user.type(input, "lin.wei");
    await waitFor(() => expect(status().textContent).toContain("Available"));
    expect(screen.getByText("$20/year")).toBeTruthy();
    expect(reserveButton()).toHaveProperty("disabled", false);
  });
});
