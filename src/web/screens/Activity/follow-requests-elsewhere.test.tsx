// 'Follow requests' with people on other servers among them (docs/federation.md "In the web app").
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RemoteFollowRequestView } from "../../../domain/contracts/federation";
import type { FollowRequestView } from "../../../domain/contracts/follow-requests";
import {
  FOLLOW_COUNTS_CHANGED,
  type FollowCountsChangedDetail,
} from "../../state/queries/profile-counts";
import { renderActivity } from "../../test-support/follow-requests";
import { GRACE } from "../../test-support/posts";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const graceAsking = (minutes: number): FollowRequestView => ({
  ...GRACE,
  since: minutesAgo(minutes),
});
const carolAsking = (minutes: number): RemoteFollowRequestView => ({
  id: "7d2b7a4e-1c1f-4c53-9d5e-0a8f3b6f2c11",
  handle: "carol@social.example",
  name: "Carol Shaw",
  since: minutesAgo(minutes),
});

const section = () => screen.findByRole("region", { name: "Follow requests" });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Activity: Follow requests from other servers", () => {
  it("lists them with the requests from here, newest first, linking to their page here", async () => {
    renderActivity({ waiting: [graceAsking(7)], waitingElsewhere: [carolAsking(3)] });
    const list = await section();
    const rows = await within(list).findAllByRole("listitem");
    expect(rows.map((row) => within(row).getByRole("link").textContent)).toEqual([
      "Carol Shaw",
      "Grace Hopper",
    ]);
    const carol = rows[0] as HTMLElement;
    expect(within(carol).getByRole("link", { name: "Carol Shaw" }).getAttribute("href")).toBe(
      "/@carol@social.example",
    );
    expect(
      within(carol).getByText("@carol@social.example", { selector: ":not(.sr-only)" }),
    ).toBeTruthy();
    expect(within(carol).getByText(/Asked/).textContent).toBe("Asked 3m ago · from another server");
    expect(
      within(carol).getByRole("button", { name: "Approve @carol@social.example" }),
    ).toBeTruthy();
    expect(
      within(carol).getByRole("button", { name: "Decline @carol@social.example" }),
    ).toBeTruthy();
  });

  it("shows the section when only someone elsewhere waits", async () => {
    renderActivity({ waiting: [], waitingElsewhere: [carolAsking(3)] });
    const list = await section();
    expect(
      await within(list).findByRole("button", { name: "Approve @carol@social.example" }),
    ).toBeTruthy();
    expect(within(list).queryByText("No follow requests waiting.")).toBeNull();
  });

  it("Approve asks our server to accept, takes the row away and refreshes the counters", async () => {
    const counted: FollowCountsChangedDetail[] = [];
    const listener = (event: Event) =>
      counted.push((event as CustomEvent<FollowCountsChangedDetail>).detail);
    window.addEventListener(FOLLOW_COUNTS_CHANGED, listener);
    const { user, server, calls } = renderActivity({
      waiting: [graceAsking(7)],
      waitingElsewhere: [carolAsking(3)],
    });
    const list = await section();
    await user.click(
      await within(list).findByRole("button", { name: "Approve @carol@social.example" }),
    );
    expect(within(list).queryByText("Carol Shaw")).toBeNull();
    expect(await screen.findByText("@carol@social.example now follows you")).toBeTruthy();
    expect(calls).toContainEqual({
      method: "POST",
      path: `/api/federation/follow-requests/${carolAsking(0).id}/approve`,
      body: {},
    });
    expect(server.waitingElsewhere).toEqual([]);
    expect(counted).toEqual([{ userId: "u1", counts: { friends: 0, following: 0, followers: 1 } }]);
    expect(within(list).getByRole("button", { name: "Approve @grace" })).toBeTruthy();
    window.removeEventListener(FOLLOW_COUNTS_CHANGED, listener);
  });

  it("Decline by keyboard takes the row away; none left from either says so", async () => {
    const { user, server, calls } = renderActivity({
      waiting: [],
      waitingElsewhere: [carolAsking(3)],
    });
    const list = await section();
    const decline = await within(list).findByRole("button", {
      name: "Decline @carol@social.example",
    });
    decline.focus();
    await user.keyboard("{Enter}");
    expect(await within(list).findByText("No follow requests waiting.")).toBeTruthy();
    expect(await screen.findByText("Declined @carol@social.example's request")).toBeTruthy();
    expect(calls.some((c) => c.method === "DELETE")).toBe(true);
    expect(server.waitingElsewhere).toEqual([]);
    expect(server.followers).toEqual([]);
  });

  it("puts the row back and says why when the server refuses", async () => {
    const { user } = renderActivity({
      waiting: [],
      waitingElsewhere: [carolAsking(3)],
      refuse: true,
    });
    const list = await section();
    await user.click(
      await within(list).findByRole("button", { name: "Decline @carol@social.example" }),
    );
    expect(await screen.findByText("That request is gone.")).toBeTruthy();
    expect(
      await within(list).findByRole("button", { name: "Decline @carol@social.example" }),
    ).toBeTruthy();
  });

  it("keeps the requests from here when the list from elsewhere cannot be loaded", async () => {
    renderActivity({ waiting: [graceAsking(7)], failListElsewhere: true });
    const list = await section();
    expect(
      await within(list).findByText("Could not load follow requests from other servers."),
    ).toBeTruthy();
    expect(within(list).getByRole("button", { name: "Approve @grace" })).toBeTruthy();
    expect(within(list).getByRole("button", { name: "Retry" })).toBeTruthy();
    expect(within(list).queryByText("No follow requests waiting.")).toBeNull();
  });

  it("is not there when nobody waits, here or elsewhere", async () => {
    renderActivity({ waiting: [], waitingElsewhere: [] });
    expect(await screen.findByText("No activity yet")).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Follow requests" })).toBeNull(),
    );
  });
});
