import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReportGroup } from "../../../domain/contracts/safety";
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
import { makeReportGroup, routes } from "../../test-support/safety";
import { makeTransparencyReport } from "../../test-support/transparency";
import { AdminReportsScreen } from "./admin-reports-screen";

/** A moderator's queue holding `open`; an action closes the group it was taken on. */
function queueApi(open: ReportGroup[]): Route {
  let groups = open;
  return ({ method, path, body }) => {
    if (method === "GET" && path.startsWith("/api/admin/reports?status=open")) {
      return json({ items: groups, nextCursor: null });
    }
    if (method === "GET" && path.startsWith("/api/admin/reports?status=closed")) {
      return json({ items: [], nextCursor: null });
    }
    if (method === "POST" && path === "/api/admin/actions") {
      const { targetId } = body as { targetId: string };
      groups = groups.filter((g) => g.targetId !== targetId);
      return json({ ok: true });
    }
    return undefined;
  };
}

function renderQueue(route: Route) {
  const calls = stubFetch(route);
  const rendered = renderWithRoutes([{ path: "/admin/reports", element: <AdminReportsScreen /> }], {
    url: "/admin/reports",
    viewer: ADA,
  });
  return { ...rendered, calls };
}

const actions = (calls: Call[]) => calls.filter((c) => c.path === "/api/admin/actions");
const queueLoads = (calls: Call[]) =>
  calls.filter((c) => c.path.startsWith("/api/admin/reports?status=open"));

const post = makeReportGroup({
  reportCount: 3,
  reasons: [
    { reason: "spam", count: 2 },
    { reason: "other", count: 1 },
  ],
  reports: [
    {
      id: "r1",
      reporter: ADA,
      reason: "other",
      details: "Links to a scam shop",
      createdAt: new Date(Date.now() - 60_000).toISOString(),
    },
  ],
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Moderation queue", () => {
  it("is the normal 'Page not found' for anyone the server answers 404", async () => {
    renderQueue(({ path }) =>
      path.startsWith("/api/admin/") ? apiError(404, "Not found") : undefined,
    );
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(screen.queryByRole("tab")).toBeNull();
  });

  it("shows each reported target: whose, what, how often, why, and the reports", async () => {
    renderQueue(queueApi([post]));
    const card = await screen.findByRole("article", { name: "Post of @grace, 3 reports" });
    expect(within(card).getByText("Grace Hopper")).toBeTruthy();
    expect(within(card).getByText("Buy cheap watches at example.com")).toBeTruthy();
    expect(within(card).getByRole("link", { name: "See it in place" }).getAttribute("href")).toBe(
      "/grace/buy-cheap-watches",
    );
    expect(
      within(within(card).getByRole("list", { name: "Reasons" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Spam × 2", "Something else × 1"]);
    const reports = within(card).getByRole("region", { name: "Reports" });
    expect(within(reports).getByText("Ada Lovelace")).toBeTruthy();
    expect(within(reports).getByText("Links to a scam shop")).toBeTruthy();
    expect(
      within(card)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Dismiss", "Remove content", "Restrict", "Suspend"]);
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "Open",
      "Closed",
      "Appeals",
      "Badges",
      "Servers",
      "Audit log",
      "Transparency",
    ]);
  });

  it("removes content after asking for the rule and a reason, with a note to the reporters", async () => {
    const { user, calls } = renderQueue(queueApi([post]));
    const card = await screen.findByRole("article", { name: /^Post of @grace/ });
    await user.click(within(card).getByRole("button", { name: "Remove content" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove this post?" });

    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(within(dialog).getByText("Give a reason.")).toBeTruthy();
    expect(within(dialog).getByText("Choose the rule this action enforces.")).toBeTruthy();
    expect(actions(calls)).toHaveLength(0);

    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Rule broken" }), "Spam");
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Spam link");
    await user.type(
      within(dialog).getByRole("textbox", {
        name: "Note to the people who reported (optional)",
      }),
      "Thanks for the report",
    );
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("The post was removed")).toBeTruthy();
    expect(actions(calls)[0]?.body).toEqual({
      targetType: "post",
      targetId: post.targetId,
      action: "remove",
      rule: "spam",
      reason: "Spam link",
      reporterNote: "Thanks for the report",
    });
    expect(await screen.findByText("No open reports. All caught up.")).toBeTruthy();
    expect(queueLoads(calls)).toHaveLength(2);
  });

  it("dismisses without a rule", async () => {
    const { user, calls } = renderQueue(queueApi([post]));
    const card = await screen.findByRole("article", { name: /^Post of @grace/ });
    await user.click(within(card).getByRole("button", { name: "Dismiss" }));
    const dialog = await screen.findByRole("dialog", { name: "Dismiss these reports?" });
    expect(within(dialog).queryByRole("combobox", { name: "Rule broken" })).toBeNull();
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Not spam");
    await user.click(within(dialog).getByRole("button", { name: "Dismiss" }));
    await waitFor(() =>
      expect(actions(calls)[0]?.body).toEqual({
        targetType: "post",
        targetId: post.targetId,
        action: "dismiss",
        reason: "Not spam",
      }),
    );
  });

  it("restricts for the days given, 7 unless changed, within 1–365", async () => {
    const { user, calls } = renderQueue(queueApi([post]));
    const card = await screen.findByRole("article", { name: /^Post of @grace/ });
    await user.click(within(card).getByRole("button", { name: "Restrict" }));
    const dialog = await screen.findByRole("dialog", { name: "Restrict @grace" });
    const days = within(dialog).getByRole("spinbutton", { name: "Days" });
    expect((days as HTMLInputElement).value).toBe("7");
    await user.clear(days);
    await user.type(days, "400");
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Repeated spam");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Rule broken" }), "Spam");
    await user.click(within(dialog).getByRole("button", { name: "Restrict" }));
    expect(within(dialog).getByText("Enter a number of days from 1 to 365.")).toBeTruthy();
    await user.clear(days);
    await user.type(days, "30");
    await user.click(within(dialog).getByRole("button", { name: "Restrict" }));
    expect(await screen.findByText("@grace is restricted for 30 days")).toBeTruthy();
    expect(actions(calls)[0]?.body).toEqual({
      targetType: "post",
      targetId: post.targetId,
      action: "restrict",
      reason: "Repeated spam",
      rule: "spam",
      days: 30,
    });
  });

  it("keeps a refusal in the dialog", async () => {
    const { user } = renderQueue(
      routes(
        ({ path }) =>
          path === "/api/admin/actions" ? apiError(409, "Already suspended.") : undefined,
        queueApi([post]),
      ),
    );
    const card = await screen.findByRole("article", { name: /^Post of @grace/ });
    await user.click(within(card).getByRole("button", { name: "Suspend" }));
    const dialog = await screen.findByRole("dialog", { name: "Suspend @grace?" });
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Scam ring");
    await user.selectOptions(
      within(dialog).getByRole("combobox", { name: "Rule broken" }),
      "Impersonation",
    );
    await user.click(within(dialog).getByRole("button", { name: "Suspend" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Already suspended.");
    expect(screen.getByRole("dialog", { name: "Suspend @grace?" })).toBeTruthy();
  });

  it("offers no Remove for a profile, and Restore for a suspended person", async () => {
    const profile = makeReportGroup({
      targetType: "profile",
      targetId: GRACE.userId,
      content: null,
      targetUserStanding: { restrictedUntil: null, suspended: true },
    });
    const { user, calls } = renderQueue(queueApi([profile]));
    const card = await screen.findByRole("article", { name: "Profile of @grace, 1 report" });
    expect(within(card).getByText("Suspended")).toBeTruthy();
    expect(
      within(card)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Dismiss", "Restore"]);
    await user.click(within(card).getByRole("button", { name: "Restore" }));
    const dialog = await screen.findByRole("dialog", { name: "Restore @grace?" });
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Appeal accepted");
    await user.click(within(dialog).getByRole("button", { name: "Restore" }));
    await waitFor(() =>
      expect(actions(calls)[0]?.body).toMatchObject({
        action: "restore",
        reason: "Appeal accepted",
      }),
    );
  });

  it("lists the audit log with who, what, why and when, page by page", async () => {
    const entry = (id: string, action: string, reason: string) => ({
      id,
      moderator: ADA,
      action,
      targetType: "post",
      targetId: "x",
      targetUser: GRACE,
      reason,
      until: null,
      createdAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const { user } = renderQueue(
      routes(({ path }) => {
        if (path === "/api/admin/audit") {
          const restrict = { ...entry("a0", "restrict", "Again"), until: "2026-03-21T12:00:00Z" };
          return json({ items: [restrict, entry("a1", "remove", "Spam link")], nextCursor: "c2" });
        }
        if (path === "/api/admin/audit?cursor=c2") {
          return json({ items: [entry("a2", "dismiss", "Not a problem")], nextCursor: null });
        }
        return undefined;
      }, queueApi([])),
    );
    await user.click(await screen.findByRole("tab", { name: "Audit log" }));
    const log = await screen.findByRole("list", { name: "Audit log" });
    expect(within(log).getByText("Restricted @grace until March 21, 2026")).toBeTruthy();
    expect(within(log).getByText("Removed a post by @grace")).toBeTruthy();
    expect(within(log).getByText("Spam link")).toBeTruthy();
    expect(within(log).getAllByText("Ada Lovelace")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await within(log).findByText("Dismissed the reports on a post by @grace")).toBeTruthy();
  });

  it("lets an admin add a moderator by address, and shows the server's refusal", async () => {
    const standing = (admin: boolean) => ({
      moderator: true,
      admin,
      restrictedUntil: null,
      notices: [],
    });
    const granted: string[] = [];
    const { user } = renderQueue((call) => {
      if (call.path === "/api/safety/standing") return json(standing(true));
      if (call.method === "POST" && call.path === "/api/admin/moderators") {
        const { email } = call.body as { email: string };
        if (email === "nobody@example.com") return apiError(404, "No account uses that address.");
        granted.push(email);
        return json({ ok: true });
      }
      return queueApi([post])(call);
    });
    const form = await screen.findByRole("form", { name: "Add a moderator" });
    const field = within(form).getByRole("textbox", { name: "Their sign-up e-mail" });
    await user.click(within(form).getByRole("button", { name: "Make moderator" }));
    expect(await within(form).findByText("Enter the address they signed up with.")).toBeTruthy();
    await user.type(field, "nobody@example.com");
    await user.click(within(form).getByRole("button", { name: "Make moderator" }));
    expect(await within(form).findByText("No account uses that address.")).toBeTruthy();
    await user.clear(field);
    await user.type(field, "helper@example.com");
    await user.click(within(form).getByRole("button", { name: "Make moderator" }));
    await waitFor(() => expect(granted).toEqual(["helper@example.com"]));
    expect((field as HTMLInputElement).value).toBe("");
  });

  it("shows no moderator form to moderators who are not admins", async () => {
    renderQueue((call) =>
      call.path === "/api/safety/standing"
        ? json({ moderator: true, admin: false, restrictedUntil: null, notices: [] })
        : queueApi([post])(call),
    );
    await screen.findByRole("article", { name: /^Post of @grace/ });
    expect(screen.queryByRole("form", { name: "Add a moderator" })).toBeNull();
  });

  it("keeps a draft statement while another tab is open", async () => {
    const { user } = renderQueue((call) => {
      if (call.path === "/api/transparency") return json({ years: [2025], latest: 2025 });
      if (call.path === "/api/transparency/2025") return json(makeTransparencyReport(2025));
      return queueApi([post])(call);
    });
    await user.click(await screen.findByRole("tab", { name: "Transparency" }));
    await user.type(
      await screen.findByRole("textbox", { name: "Statement for 2025" }),
      "Half a thought",
    );
    await user.click(screen.getByRole("tab", { name: "Open" }));
    await user.click(screen.getByRole("tab", { name: "Transparency" }));
    expect(
      (screen.getByRole("textbox", { name: "Statement for 2025" }) as HTMLTextAreaElement).value,
    ).toBe("Half a thought");
  });
});
