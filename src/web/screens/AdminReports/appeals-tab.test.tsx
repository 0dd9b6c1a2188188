import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { QueuedAppeal } from "../../../domain/contracts/appeals";
import {
  ADA,
  apiError,
  type Call,
  GRACE,
  json,
  type Route,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import { makeReportGroup } from "../../test-support/safety";
import { AdminReportsScreen } from "./admin-reports-screen";

const LIN = {
  ...GRACE,
  userId: "u-lin",
  fullName: "Lin Appellant",
  handle: "lin",
  username: "lin",
};

const appealOf = (over: Partial<QueuedAppeal>): QueuedAppeal => ({
  id: "00000000-0000-4000-8000-00000000ap01",
  text: "It was a quote from a film",
  status: "open",
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  person: LIN,
  action: {
    id: "00000000-0000-4000-8000-00000000ac01",
    action: "remove",
    targetType: "post",
    targetId: "00000000-0000-4000-8000-00000000a001",
    rule: "violence",
    reason: "A threat",
    until: null,
    createdAt: "2027-03-03T12:00:00.000Z",
    moderator: GRACE,
    reversedAt: null,
  },
  content: {
    text: "I'll get you, my pretty",
    imageUrl: null,
    context: null,
    href: null,
    removed: true,
  },
  decision: null,
  ...over,
});

/** The appeals as the server keeps them: a decision moves one to the decided list. */
function appealsApi(open: QueuedAppeal[]): Route {
  let waiting = open;
  const decided: QueuedAppeal[] = [];
  return ({ method, path, body }) => {
    if (method === "GET" && path.startsWith("/api/admin/reports")) {
      return json({ items: [makeReportGroup()], nextCursor: null });
    }
    if (method === "GET" && path.startsWith("/api/admin/appeals?status=open")) {
      return json({ items: waiting, nextCursor: null });
    }
    if (method === "GET" && path.startsWith("/api/admin/appeals?status=decided")) {
      return json({ items: decided, nextCursor: null });
    }
    const decision = /^\/api\/admin\/appeals\/([^/]+)\/decision$/.exec(path);
    if (method === "POST" && decision) {
      const { decision: choice, reason } = body as { decision: string; reason?: string };
      const appeal = waiting.find((a) => a.id === decision[1]);
      if (!appeal) return apiError(409, "This appeal was already decided.");
      waiting = waiting.filter((a) => a !== appeal);
      const status = choice === "approve" ? "approved" : "rejected";
      decided.push({
        ...appeal,
        status,
        decision: { by: ADA, reason: reason ?? null, at: "2027-03-06T12:00:00.000Z" },
      });
      return json({ status, undone: status === "approved" });
    }
    return undefined;
  };
}

function renderAppeals(route: Route) {
  const calls = stubFetch(route);
  const rendered = renderWithRoutes([{ path: "/admin/reports", element: <AdminReportsScreen /> }], {
    url: "/admin/reports",
    viewer: ADA,
  });
  return { ...rendered, calls };
}

const decisions = (calls: Call[]) => calls.filter((c) => c.path.endsWith("/decision"));

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Moderation: Appeals", () => {
  it("shows each appeal with the action's whole record and the appeal's words", async () => {
    const { user } = renderAppeals(appealsApi([appealOf({})]));
    await user.click(await screen.findByRole("tab", { name: "Appeals" }));
    const card = await screen.findByRole("article", { name: "Appeal by @lin" });
    const record = within(within(card).getByRole("region", { name: "The action" }));
    expect(record.getByText("Removed a post")).toBeTruthy();
    expect(record.getByText("Violence or threats")).toBeTruthy();
    expect(record.getByText("A threat")).toBeTruthy();
    expect(record.getByText("@grace on March 3, 2027")).toBeTruthy();
    expect(record.getByText("I'll get you, my pretty")).toBeTruthy();
    expect(record.getByText("Removed")).toBeTruthy();
    expect(
      within(within(card).getByRole("region", { name: "Their appeal" })).getByText(
        "It was a quote from a film",
      ),
    ).toBeTruthy();
  });

  it("rejects only with a reason, and lists the appeal as decided", async () => {
    const { user, calls } = renderAppeals(appealsApi([appealOf({})]));
    await user.click(await screen.findByRole("tab", { name: "Appeals" }));
    const card = await screen.findByRole("article", { name: "Appeal by @lin" });
    await user.click(within(card).getByRole("button", { name: "Reject" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject this appeal?" });
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(within(dialog).getByText("Give the reason the person is told.")).toBeTruthy();
    expect(decisions(calls)).toHaveLength(0);
    await user.type(
      within(dialog).getByRole("textbox", { name: "Reason" }),
      "Threats are not allowed",
    );
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await screen.findByText("Appeal rejected")).toBeTruthy();
    expect(decisions(calls)[0]?.body).toEqual({
      decision: "reject",
      reason: "Threats are not allowed",
    });
    expect(await screen.findByText("No appeals waiting. All caught up.")).toBeTruthy();
    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "Decided");
    const decided = await screen.findByRole("article", { name: "Appeal by @lin" });
    expect(within(decided).getByText("Rejected", { selector: "span" })).toBeTruthy();
    expect(
      within(decided).getByText(/Rejected by @ada on March 6, 2027/).parentElement?.textContent,
    ).toContain("Threats are not allowed");
    expect(within(decided).queryByRole("button", { name: "Approve" })).toBeNull();
  });

  it("approves with an optional note, saying the action is undone", async () => {
    const { user, calls } = renderAppeals(appealsApi([appealOf({})]));
    await user.click(await screen.findByRole("tab", { name: "Appeals" }));
    const card = await screen.findByRole("article", { name: "Appeal by @lin" });
    await user.click(within(card).getByRole("button", { name: "Approve" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve this appeal?" });
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Appeal approved: the action is undone")).toBeTruthy();
    await waitFor(() => expect(decisions(calls)[0]?.body).toEqual({ decision: "approve" }));
  });

  it("leaves the decision to another moderator on one's own action", async () => {
    const { user } = renderAppeals(
      appealsApi([appealOf({ action: { ...appealOf({}).action, moderator: ADA } })]),
    );
    await user.click(await screen.findByRole("tab", { name: "Appeals" }));
    const card = await screen.findByRole("article", { name: "Appeal by @lin" });
    expect(
      within(card).getByText("You took this action, so another moderator decides its appeal."),
    ).toBeTruthy();
    expect(within(card).queryByRole("button", { name: "Approve" })).toBeNull();
  });
});
