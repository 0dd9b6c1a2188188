import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StandingActions, StandingActionView } from "../../../domain/contracts/appeals";
import { accountState } from "../../test-support/account";
import { apiError, json, type Route } from "../../test-support/posts";
import { renderSettings } from "../../test-support/settings";

const section = () => screen.getByRole("region", { name: "Account standing" });
const PATH = "/api/safety/standing/actions";

const action = (over: Partial<StandingActionView>): StandingActionView => ({
  id: "00000000-0000-4000-8000-000000000001",
  action: "remove",
  createdAt: "2027-03-03T12:00:00.000Z",
  until: null,
  targetType: "post",
  content: { excerpt: "My loud post", href: null },
  rule: "harassment",
  reason: "Insulting another member",
  state: "active",
  appeal: null,
  appealable: true,
  ...over,
});

/** The standing as the server keeps it: an appeal is stored on its action. */
function standingApi(standing: StandingActions, { fail = false } = {}): Route {
  return ({ method, path, body }) => {
    if (path === PATH && method === "GET") return fail ? apiError(503, "Resting.") : json(standing);
    const appealed = /^\/api\/safety\/actions\/([^/]+)\/appeal$/.exec(path);
    if (appealed && method === "POST") {
      const item = standing.items.find((i) => i.id === appealed[1]);
      if (!item) return apiError(404, "There is no such action on your account.");
      const appeal = {
        id: "a1",
        text: (body as { text: string }).text,
        status: "open" as const,
        createdAt: "2027-03-05T12:00:00.000Z",
        decisionReason: null,
        decidedAt: null,
      };
      Object.assign(item, { appeal, appealable: false });
      return json({ appeal }, 201);
    }
    return undefined;
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Settings: Account standing", () => {
  it("says the account is in good standing when nothing was done", async () => {
    renderSettings(accountState());
    const standing = within(section());
    expect(await standing.findByText("Your account is in good standing.")).toBeTruthy();
    expect(
      standing.getByText("The moderators have not taken any action on your account."),
    ).toBeTruthy();
  });

  it("lists each action with what, the rule, the note and its state, never the moderator", async () => {
    renderSettings(
      accountState(),
      standingApi({
        activeCount: 2,
        items: [
          action({
            id: "00000000-0000-4000-8000-000000000004",
            action: "restrict",
            targetType: "post",
            until: "2999-03-10T12:00:00.000Z",
            appealable: false,
          }),
          action({
            id: "00000000-0000-4000-8000-000000000003",
            action: "restrict",
            targetType: "profile",
            content: null,
            until: "2027-03-10T12:00:00.000Z",
            rule: null,
            reason: "Posting the same link",
            state: "lifted",
            appealable: false,
          }),
          action({
            id: "00000000-0000-4000-8000-000000000002",
            state: "expired",
            appealable: false,
            content: { excerpt: null, href: null },
            createdAt: "2025-01-02T12:00:00.000Z",
          }),
          action({}),
        ],
      }),
    );
    const standing = within(section());
    expect(await standing.findByText("2 active actions on your account.")).toBeTruthy();
    const [restricted, ...items] = within(
      standing.getByRole("list", { name: "Actions on your account" }),
    )
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    // A restriction taken over a post: the post is shown, and the end while it holds.
    expect(restricted).toContain("Your account was restricted");
    expect(restricted).toContain("Until March 10, 2999");
    expect(restricted).toContain("“My loud post”");
    expect(items[0]).toContain("Your account was restricted");
    expect(items[0]).not.toContain("March 10");
    expect(items[0]).toContain("Lifted by a moderator");
    expect(items[0]).toContain("Your account");
    expect(items[0]).toContain("None was named");
    expect(items[1]).toContain("Expired");
    expect(items[1]).toContain("No longer available");
    expect(items[2]).toContain("Your post was removed");
    expect(items[2]).toContain("“My loud post”");
    expect(items[2]).toContain("Harassment or bullying");
    expect(items[2]).toContain("Insulting another member");
    expect(items[2]).toContain("Active");
    expect(standing.getAllByRole("button", { name: /^Appeal/ })).toHaveLength(1);
  });

  it("appeals from a dialog, keeping the words if it is closed, and shows the appeal", async () => {
    const standing: StandingActions = { activeCount: 1, items: [action({})] };
    const { calls, user } = renderSettings(accountState(), standingApi(standing));
    const appeal = await within(section()).findByRole("button", {
      name: "Appeal the removal of your post on March 3, 2027",
    });
    await user.click(appeal);
    let dialog = await screen.findByRole("dialog", { name: "Appeal this action" });
    await user.click(within(dialog).getByRole("button", { name: "Send appeal" }));
    expect(within(dialog).getByText("Say why the action should be undone.")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Your appeal"), "It was a quote");
    expect(within(dialog).getByText("14 of 1,000 characters")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(appeal);
    dialog = await screen.findByRole("dialog", { name: "Appeal this action" });
    expect(within(dialog).getByLabelText("Your appeal")).toHaveProperty("value", "It was a quote");
    await user.click(within(dialog).getByRole("button", { name: "Send appeal" }));
    expect(
      await screen.findByText("Appeal sent. You will hear back here and by e-mail."),
    ).toBeTruthy();
    const sent = calls.find((c) => c.method === "POST");
    expect(sent).toMatchObject({
      path: "/api/safety/actions/00000000-0000-4000-8000-000000000001/appeal",
      body: { text: "It was a quote" },
    });
    expect(
      await within(section()).findByText(
        "You appealed on March 5, 2027. A moderator will review it.",
      ),
    ).toBeTruthy();
    expect(within(section()).queryByRole("button", { name: /^Appeal/ })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(section()).getByRole("heading", { name: "Your post was removed" }),
      ),
    );
  });

  it("shows a rejected appeal with its reason, and an approved one", async () => {
    renderSettings(
      accountState(),
      standingApi({
        activeCount: 1,
        items: [
          action({
            appealable: false,
            appeal: {
              id: "a1",
              text: "It was a quote",
              status: "rejected",
              createdAt: "2027-03-05T12:00:00.000Z",
              decisionReason: "Threats are not allowed, quoted or not.",
              decidedAt: "2027-03-06T12:00:00.000Z",
            },
          }),
          action({
            id: "00000000-0000-4000-8000-000000000002",
            state: "reversed",
            appealable: false,
            appeal: {
              id: "a2",
              text: "Sorry",
              status: "approved",
              createdAt: "2027-03-05T12:00:00.000Z",
              decisionReason: null,
              decidedAt: "2027-03-07T12:00:00.000Z",
            },
          }),
        ],
      }),
    );
    const standing = within(section());
    expect(await standing.findByText("Your appeal was rejected on March 6, 2027.")).toBeTruthy();
    expect(standing.getByText("Reason: Threats are not allowed, quoted or not.")).toBeTruthy();
    expect(standing.getByText("Your appeal was approved on March 7, 2027.")).toBeTruthy();
    expect(standing.getByText("Reversed on appeal")).toBeTruthy();
  });

  it("offers Retry when the list cannot be read", async () => {
    renderSettings(accountState(), standingApi({ activeCount: 0, items: [] }, { fail: true }));
    const standing = within(section());
    expect(await standing.findByText("Could not load your account standing.")).toBeTruthy();
    expect(standing.getByRole("button", { name: "Retry" })).toBeTruthy();
  });
});
