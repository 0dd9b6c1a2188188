import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Standing } from "../../../domain/contracts/safety";
import { ADA, type Call, json, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { RestrictedBanner, StandingNotices } from "./standing-notices";

const notice = (n: number, text: string) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  text,
  createdAt: "2026-03-14T12:00:00.000Z",
});

/** A control of the page under the notice. */
function WritePost() {
  const [writing, setWriting] = useState(false);
  return (
    <button type="button" onClick={() => setWriting(true)}>
      {writing ? "Writing" : "Write a post"}
    </button>
  );
}

/** The standing API over `standing`: OK on a notice takes it out, as the server does. */
function renderStanding(standing: Standing) {
  const calls: Call[] = stubFetch(({ method, path }) => {
    if (method === "GET" && path === "/api/safety/standing") return json(standing);
    const seen = /^\/api\/safety\/notices\/([^/]+)\/seen$/.exec(path);
    if (method === "POST" && seen) {
      standing.notices = standing.notices.filter((n) => n.id !== seen[1]);
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
  const rendered = renderWithRoutes(
    [
      {
        path: "/",
        element: (
          <>
            <RestrictedBanner />
            <StandingNotices />
            <WritePost />
          </>
        ),
      },
    ],
    { url: "/", viewer: ADA },
  );
  return { ...rendered, calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Standing", () => {
  it("shows the notices one after another in a card over nothing, and OK marks each seen", async () => {
    const { user, calls } = renderStanding({
      moderator: false,
      admin: false,
      restrictedUntil: null,
      notices: [
        notice(1, "Your post was removed: spam."),
        notice(2, "Your account was restricted for 7 days."),
      ],
    });
    const first = await screen.findByRole("region", { name: "A notice from the moderators" });
    expect(within(first).getByText("Your post was removed: spam.")).toBeTruthy();
    expect(within(first).getByText("March 14, 2026 · 1 of 2")).toBeTruthy();
    // Nothing blocks the page: no dialog, its controls stay usable and the focus stays put.
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(first.contains(document.activeElement)).toBe(false);
    await user.click(screen.getByRole("button", { name: "Write a post" }));
    expect(screen.getByText("Writing")).toBeTruthy();
    await user.click(within(first).getByRole("button", { name: "OK" }));

    const second = await screen.findByText("Your account was restricted for 7 days.");
    const card = second.closest("section") as HTMLElement;
    expect(within(card).getByText("March 14, 2026")).toBeTruthy();
    await user.click(within(card).getByRole("button", { name: "OK" }));
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "A notice from the moderators" })).toBeNull(),
    );

    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
      `/api/safety/notices/${notice(1, "").id}/seen`,
      `/api/safety/notices/${notice(2, "").id}/seen`,
    ]);
  });

  it("is put away with the keyboard, the focus going on to the next notice", async () => {
    const { user } = renderStanding({
      moderator: false,
      admin: false,
      restrictedUntil: null,
      notices: [notice(1, "First."), notice(2, "Second.")],
    });
    const first = await screen.findByRole("region", { name: "A notice from the moderators" });
    const ok = within(first).getByRole("button", { name: "OK" });
    while (document.activeElement !== ok) await user.tab();
    await user.keyboard("{Enter}");
    await screen.findByText("Second.");
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("heading", { name: "A notice from the moderators" }),
      ),
    );
  });

  it("shows nothing when there is nothing to tell", async () => {
    const { calls } = renderStanding({
      moderator: false,
      admin: false,
      restrictedUntil: null,
      notices: [],
    });
    await waitFor(() => expect(calls.some((c) => c.path === "/api/safety/standing")).toBe(true));
    expect(screen.queryByRole("region", { name: "A notice from the moderators" })).toBeNull();
    expect(screen.queryByRole("complementary", { name: "Account restricted" })).toBeNull();
  });

  it("shows the restriction banner until its end", async () => {
    renderStanding({
      moderator: false,
      admin: false,
      restrictedUntil: "2099-03-21T12:00:00.000Z",
      notices: [],
    });
    const banner = await screen.findByRole("complementary", { name: "Account restricted" });
    expect(banner.textContent).toBe(
      "Your account is restricted until March 21, 2099. You can read, but not post, comment, message or follow.",
    );
  });
});
