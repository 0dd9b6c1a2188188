// 'Notifications' (docs/notifications.md "Kinds and channels"): the table of switches as saved,
// each change saved at once by click or keyboard, locked switches that say why, a refusal put back
// with its reason, message previews, the filter of new accounts, and quiet hours turned on,
// changed and off.
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accountState } from "../../test-support/account";
import { apiError } from "../../test-support/posts";
import { renderSettings } from "../../test-support/settings";

const section = () => screen.getByRole("region", { name: "Notifications" });
const toggle = (name: string | RegExp) => within(section()).findByRole("switch", { name });
const patches = (calls: { method: string; path: string; body?: unknown }[]) =>
  calls.filter((c) => c.method === "PATCH").map((c) => c.body);

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Settings: Notifications", () => {
  it("shows a switch per kind and channel as saved, the locked ones on and disabled", async () => {
    const state = accountState();
    state.notifications.matrix.comment.email = false;
    renderSettings(state);
    expect((await toggle("Likes: In the app")).getAttribute("aria-checked")).toBe("true");
    expect((await toggle("Likes: Push")).getAttribute("aria-checked")).toBe("false");
    expect((await toggle("Comments on my posts: E-mail")).getAttribute("aria-checked")).toBe(
      "false",
    );
    const locked = await toggle(/^Moderation notices: E-mail \(always on/);
    expect(locked.getAttribute("aria-checked")).toBe("true");
    expect(locked.hasAttribute("disabled")).toBe(true);
    expect(within(section()).getAllByRole("switch")).toHaveLength(33);
    expect(
      within(section())
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Kind", "In the app", "Push", "E-mail"]);
  });

  it("saves a switch the moment it is flipped, by click or by keyboard, and only that one", async () => {
    const state = accountState();
    const { calls, user } = renderSettings(state);
    const likePush = await toggle("Likes: Push");
    await user.click(likePush);
    expect(likePush.getAttribute("aria-checked")).toBe("true");
    await waitFor(() => expect(state.notifications.matrix.like.push).toBe(true));

    const messageEmail = await toggle("Messages: E-mail");
    messageEmail.focus();
    await user.keyboard(" ");
    await waitFor(() => expect(state.notifications.matrix.message.email).toBe(false));
    expect(patches(calls)).toEqual([
      { matrix: { like: { push: true } } },
      { matrix: { message: { email: false } } },
    ]);
    expect(state.notifications.matrix.follow.email).toBe(true);
    expect(within(section()).queryByRole("alert")).toBeNull();
  });

  it("puts a refused switch back and says why, and the next change clears the message", async () => {
    const state = accountState();
    let refuse = true;
    const { user } = renderSettings(state, ({ method }) =>
      method === "PATCH" && refuse ? apiError(503, "The database is resting.") : undefined,
    );
    const followers = await toggle("New followers: E-mail");
    await user.click(followers);
    expect((await within(section()).findByRole("alert")).textContent).toBe(
      "The database is resting. 'New followers: E-mail' is still on. Please try again.",
    );
    expect(followers.getAttribute("aria-checked")).toBe("true");

    refuse = false;
    await user.click(followers);
    await waitFor(() => expect(state.notifications.matrix.follow.email).toBe(false));
    expect(within(section()).queryByRole("alert")).toBeNull();
  });

  it("turns message previews on", async () => {
    const state = accountState();
    const { user } = renderSettings(state);
    await user.click(await toggle("Show message words in pushes"));
    await waitFor(() => expect(state.notifications.messagePreviews).toBe(true));
  });

  it("turns the filter of new accounts on by keyboard, and off again", async () => {
    const state = accountState();
    const { user } = renderSettings(state);
    const filter = await toggle("Filter messages and comments from accounts newer than 30 days");
    expect(filter.getAttribute("aria-checked")).toBe("false");
    filter.focus();
    await user.keyboard(" ");
    await waitFor(() => expect(state.notifications.filterNewAccounts).toBe(true));
    expect(filter.getAttribute("aria-checked")).toBe("true");
    await user.click(filter);
    await waitFor(() => expect(state.notifications.filterNewAccounts).toBe(false));
  });

  it("turns quiet hours on at 22:00 to 07:00 here, changes them, and turns them off", async () => {
    const state = accountState();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const { user } = renderSettings(state);
    await user.click(await toggle("Quiet hours"));
    await waitFor(() =>
      expect(state.notifications.quietHours).toEqual({
        start: "22:00",
        end: "07:00",
        timeZone: zone,
      }),
    );
    const save = within(section()).getByRole("button", { name: "Save quiet hours" });
    expect(save.hasAttribute("disabled")).toBe(true);
    const until = within(section()).getByLabelText("Until");
    await user.clear(until);
    await user.type(until, "06:30");
    await user.click(save);
    await waitFor(() => expect(state.notifications.quietHours?.end).toBe("06:30"));
    expect(
      await within(section()).findByText(
        `Pushes and e-mails wait from 22:00 until 06:30 (${zone}).`,
      ),
    ).toBeTruthy();
    await user.click(await toggle("Quiet hours"));
    await waitFor(() => expect(state.notifications.quietHours).toBeNull());
    expect(within(section()).queryByLabelText("Until")).toBeNull();
  });

  it("says so when the settings cannot be loaded, and Retry loads them", async () => {
    let fail = true;
    const { user } = renderSettings(accountState(), ({ method, path }) =>
      method === "GET" && path === "/api/account/notifications" && fail
        ? apiError(500, "Down")
        : undefined,
    );
    expect(
      await within(section()).findByText(/Could not load your notification settings|Down/),
    ).toBeTruthy();
    fail = false;
    await user.click(within(section()).getByRole("button", { name: "Retry" }));
    expect((await toggle("Messages: Push")).getAttribute("aria-checked")).toBe("true");
  });
});
