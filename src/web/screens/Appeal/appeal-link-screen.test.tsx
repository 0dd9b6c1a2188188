import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StandingActionView } from "../../../domain/contracts/appeals";
import { apiError, json, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { AppealLinkScreen } from "./appeal-link-screen";

afterEach(() => vi.unstubAllGlobals());

const TOKEN = "YWN0aW9u.dXNlcg.mac";
const PATH = `/api/safety/appeal-links/${TOKEN}`;

const suspension = (over: Partial<StandingActionView> = {}): StandingActionView => ({
  id: "00000000-0000-4000-8000-000000000001",
  action: "suspend",
  createdAt: "2027-03-03T12:00:00.000Z",
  until: null,
  targetType: "profile",
  content: null,
  rule: "impersonation",
  reason: "Pretending to be someone",
  state: "active",
  appeal: null,
  appealable: true,
  ...over,
});

/** The link's action as the server keeps it: the appeal is stored on it. */
function renderLink(action: StandingActionView | null) {
  const calls = stubFetch(({ method, path, body }) => {
    if (path === PATH && method === "GET") {
      return action
        ? json({ action })
        : apiError(
            404,
            "This appeal link is not valid. Use the link in the e-mail that told you of the decision.",
          );
    }
    if (path === `${PATH}/appeal` && method === "POST" && action) {
      const appeal = {
        id: "a1",
        text: (body as { text: string }).text,
        status: "open" as const,
        createdAt: "2027-03-05T12:00:00.000Z",
        decisionReason: null,
        decidedAt: null,
      };
      Object.assign(action, { appeal, appealable: false });
      return json({ appeal }, 201);
    }
    return undefined;
  });
  const rendered = renderWithRoutes(
    [{ path: "/settings/appeal/:token", element: <AppealLinkScreen /> }],
    { url: `/settings/appeal/${TOKEN}`, viewer: null },
  );
  return { ...rendered, calls };
}

describe("AppealLinkScreen", () => {
  it("shows the suspension signed out and takes one appeal through the link", async () => {
    const { user, calls } = renderLink(suspension());
    expect(
      await screen.findByRole("heading", { name: "Appeal a decision", level: 1 }),
    ).toBeTruthy();
    const decision = within(await screen.findByRole("list", { name: "The decision" }));
    expect(decision.getByText("Your account was suspended")).toBeTruthy();
    expect(decision.getByText("Your account")).toBeTruthy();
    expect(decision.getByText("Pretending to be someone")).toBeTruthy();
    await user.click(decision.getByRole("button", { name: /^Appeal/ }));
    const dialog = await screen.findByRole("dialog", { name: "Appeal this action" });
    await user.type(within(dialog).getByLabelText("Your appeal"), "That account is my namesake");
    await user.click(within(dialog).getByRole("button", { name: "Send appeal" }));
    expect(
      await decision.findByText("You appealed on March 5, 2027. A moderator will review it."),
    ).toBeTruthy();
    expect(decision.queryByRole("button", { name: /^Appeal/ })).toBeNull();
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      path: `${PATH}/appeal`,
      body: { text: "That account is my namesake" },
    });
  });

  it("shows the decision once made", async () => {
    renderLink(
      suspension({
        state: "reversed",
        appealable: false,
        appeal: {
          id: "a1",
          text: "Not me",
          status: "approved",
          createdAt: "2027-03-05T12:00:00.000Z",
          decisionReason: "Sorry: we confused the two of you.",
          decidedAt: "2027-03-06T12:00:00.000Z",
        },
      }),
    );
    expect(await screen.findByText("Your appeal was approved on March 6, 2027.")).toBeTruthy();
    expect(screen.getByText("Note: Sorry: we confused the two of you.")).toBeTruthy();
  });

  it("says a link we did not sign is not valid, with nothing to retry", async () => {
    renderLink(null);
    expect(await screen.findByText(/This appeal link is not valid\./)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
  });
});
