import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FollowRequestView } from "../../../domain/contracts/follow-requests";
import { renderActivity } from "../../test-support/follow-requests";
import { GRACE } from "../../test-support/posts";

const since = new Date(Date.now() - 7 * 60_000).toISOString();
const asking = (person: typeof GRACE): FollowRequestView => ({ ...person, since });
const ALAN = { ...GRACE, userId: "u3", fullName: "Alan Turing", handle: "alan", username: "alan" };

const section = () => screen.findByRole("region", { name: "Follow requests" });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Activity: Follow requests", () => {
  it("lists who waits, newest first, each with Approve and Decline named for the person", async () => {
    renderActivity({ waiting: [asking(GRACE), asking(ALAN)] });
    const list = await section();
    const rows = await within(list).findAllByRole("listitem");
    expect(rows.map((row) => within(row).getByRole("link").textContent)).toEqual([
      "Grace Hopper",
      "Alan Turing",
    ]);
    expect(within(rows[0] as HTMLElement).getByText(/Asked/).textContent).toBe("Asked 7m ago");
    expect(within(list).getByRole("button", { name: "Approve @grace" })).toBeTruthy();
    expect(within(list).getByRole("button", { name: "Decline @alan" })).toBeTruthy();
    // Their Activity item is the section: not listed again below.
    expect(screen.queryByText(/asked to follow you/)).toBeNull();
  });

  it("Approve takes the row away at once and says who now follows", async () => {
    const { user, server } = renderActivity({ waiting: [asking(GRACE), asking(ALAN)] });
    const list = await section();
    await user.click(await within(list).findByRole("button", { name: "Approve @grace" }));
    expect(within(list).queryByRole("button", { name: "Approve @grace" })).toBeNull();
    expect(document.activeElement?.textContent).toBe("Follow requests");
    expect(await screen.findByText("@grace now follows you")).toBeTruthy();
    expect(server.followers).toEqual(["u2"]);
    expect(within(list).getByRole("button", { name: "Approve @alan" })).toBeTruthy();
  });

  it("Decline by keyboard takes the row away; the last one leaves 'No follow requests waiting.'", async () => {
    const { user, server } = renderActivity({ waiting: [asking(GRACE)] });
    const list = await section();
    const decline = await within(list).findByRole("button", { name: "Decline @grace" });
    decline.focus();
    await user.keyboard("{Enter}");
    expect(await within(list).findByText("No follow requests waiting.")).toBeTruthy();
    expect(await screen.findByText("Declined @grace's request")).toBeTruthy();
    expect(server.waiting).toEqual([]);
    expect(server.followers).toEqual([]);
  });

  it("puts the row back and says why when the server refuses", async () => {
    const { user } = renderActivity({ waiting: [asking(GRACE)], refuse: true });
    const list = await section();
    await user.click(await within(list).findByRole("button", { name: "Approve @grace" }));
    expect(await screen.findByText("The database is resting.")).toBeTruthy();
    expect(await within(list).findByRole("button", { name: "Approve @grace" })).toBeTruthy();
  });

  it("reads the requests' unread item once the section is seen", async () => {
    const { server } = renderActivity({ waiting: [asking(GRACE)], unread: true });
    await section();
    await waitFor(() => expect(server.unread).toBe(false));
  });

  it("says when the requests cannot be loaded, with Retry", async () => {
    renderActivity({ waiting: [asking(GRACE)], failList: true });
    const list = await section();
    expect(await within(list).findByText("Could not load follow requests.")).toBeTruthy();
    expect(within(list).getByRole("button", { name: "Retry" })).toBeTruthy();
  });

  it("is not there when nobody waits", async () => {
    renderActivity({ waiting: [] });
    expect(await screen.findByText("No activity yet")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Follow requests" })).toBeNull();
  });
});
