// The moderation screen's Servers tab (docs/federation.md "Moderation"): the reports that cross
// servers with Close, and the servers we know of with our deliveries to each and their blocks,
// blocked, changed and lifted through a dialog that says what each level does.
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FederationServerView } from "../../../domain/contracts/federation";
import {
  ADA,
  apiError,
  type Call,
  json,
  type Route,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import { AdminReportsScreen } from "./admin-reports-screen";

const HOUR_AGO = new Date(Date.now() - 3_600_000).toISOString();

function server(overrides: Partial<FederationServerView>): FederationServerView {
  return {
    host: "social.example",
    people: 3,
    delivered: 120,
    failing: 0,
    failed: 0,
    lastDeliveredAt: HOUR_AGO,
    lastError: null,
    lastErrorAt: null,
    block: null,
    ...overrides,
  };
}

const SOCIAL = server({});
const BROKEN = server({
  host: "broken.example",
  people: 1,
  delivered: 4,
  failing: 6,
  failed: 2,
  lastError: "410 Gone",
  lastErrorAt: HOUR_AGO,
  block: { host: "broken.example", severity: "silence", note: "flaky", createdAt: HOUR_AGO },
});

const FLAG = {
  id: "0b7e2f7a-5a86-4d34-9a0c-3a1a3e9c4c11",
  direction: "in" as const,
  reporter: "https://social.example/users/mod",
  host: "social.example",
  objects: ["https://a.example/ap/users/u1"],
  content: "Spam in every reply",
  createdAt: HOUR_AGO,
};

/** A moderator's screen: no local reports; `servers` and `flags` as the API holds them, blocks
 * written through PUT and DELETE and read back. */
function serversApi(servers: FederationServerView[], flags = [FLAG]): Route {
  let held = servers;
  let open = flags;
  return ({ method, path, body }) => {
    if (method === "GET" && path.startsWith("/api/admin/reports?")) {
      return json({ items: [], nextCursor: null });
    }
    if (method === "GET" && path === "/api/federation/servers") return json({ items: held });
    if (method === "GET" && path === "/api/federation/reports") return json({ items: open });
    if (method === "POST" && path.startsWith("/api/federation/reports/")) {
      open = open.filter((flag) => !path.includes(flag.id));
      return json({ items: open });
    }
    const blocked = path.match(/^\/api\/federation\/domain-blocks\/(.+)$/);
    if (blocked) {
      const host = decodeURIComponent(blocked[1] as string);
      const block =
        method === "PUT"
          ? { host, ...(body as { severity: "suspend"; note: string }), createdAt: HOUR_AGO }
          : null;
      const known = held.some((s) => s.host === host);
      held = known
        ? held.map((s) => (s.host === host ? { ...s, block } : s))
        : [...held, server({ host, people: 0, delivered: 0, block })];
      return json({ items: held.flatMap((s) => (s.block ? [s.block] : [])) });
    }
    return undefined;
  };
}

async function openServersTab(route: Route) {
  const calls = stubFetch(route);
  const rendered = renderWithRoutes([{ path: "/admin/reports", element: <AdminReportsScreen /> }], {
    url: "/admin/reports",
    viewer: ADA,
  });
  await rendered.user.click(await screen.findByRole("tab", { name: "Servers" }));
  return { ...rendered, calls };
}

const writes = (calls: Call[]) => calls.filter((c) => c.path.startsWith("/api/federation/domain"));

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Servers tab", () => {
  it("lists each server with its people, deliveries, last error and block", async () => {
    await openServersTab(serversApi([BROKEN, SOCIAL]));
    const table = await screen.findByRole("table", { name: /Servers/ });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual([
      "broken.example",
      "social.example",
    ]);
    const broken = within(rows[0] as HTMLElement).getAllByRole("cell");
    expect(broken.slice(0, 4).map((cell) => cell.textContent)).toEqual(["1", "4", "6", "2"]);
    expect(within(broken[4] as HTMLElement).getByText("410 Gone")).toBeTruthy();
    expect(broken[4]?.querySelector("time")?.getAttribute("dateTime")).toBe(HOUR_AGO);
    expect(broken[5]?.textContent).toBe("Silence");
    // No error, no block.
    expect(within(rows[1] as HTMLElement).getAllByText("None")).toHaveLength(2);
    expect(
      within(rows[1] as HTMLElement).getByRole("button", { name: "Block social.example" }),
    ).toBeTruthy();
    expect(
      within(rows[0] as HTMLElement).getByRole("button", {
        name: "Change the block on broken.example",
      }),
    ).toBeTruthy();
  });

  it("blocks a server after the moderator picks a level the dialog explains", async () => {
    const { user, calls } = await openServersTab(serversApi([SOCIAL]));
    await user.click(await screen.findByRole("button", { name: "Block social.example" }));
    const dialog = await screen.findByRole("dialog", { name: "Block social.example" });
    expect(within(dialog).getByText(/Everything of theirs here goes at once/)).toBeTruthy();
    expect(within(dialog).getByText(/Their replies are hidden on our posts/)).toBeTruthy();
    expect(within(dialog).getByText(/No image of theirs is fetched/)).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "Block" }));
    expect(within(dialog).getByText("Choose what happens to this server.")).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    await user.click(within(dialog).getByRole("radio", { name: /^Suspend/ }));
    await user.type(within(dialog).getByRole("textbox", { name: /Note/ }), "spam wave");
    await user.click(within(dialog).getByRole("button", { name: "Block" }));
    expect(await screen.findByText("social.example: suspend")).toBeTruthy();
    expect(writes(calls)).toEqual([
      {
        method: "PUT",
        path: "/api/federation/domain-blocks/social.example",
        body: { severity: "suspend", note: "spam wave" },
      },
    ]);
    const row = (await screen.findByRole("rowheader", { name: "social.example" })).closest("tr");
    await waitFor(() => expect(within(row as HTMLElement).getByText("Suspend")).toBeTruthy());
  });

  it("changes a block's level and lifts it", async () => {
    const { user, calls } = await openServersTab(serversApi([BROKEN]));
    await user.click(
      await screen.findByRole("button", { name: "Change the block on broken.example" }),
    );
    let dialog = await screen.findByRole("dialog", { name: "Change the block on broken.example" });
    expect(within(dialog).getByRole("radio", { name: /^Silence/ })).toHaveProperty("checked", true);
    await user.click(within(dialog).getByRole("radio", { name: /^Reject media/ }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(screen.getByRole("button", { name: "Change the block on broken.example" }));
    dialog = await screen.findByRole("dialog", { name: "Change the block on broken.example" });
    await user.click(within(dialog).getByRole("button", { name: "Lift block" }));
    expect(await screen.findByText("broken.example is no longer blocked")).toBeTruthy();
    expect(writes(calls).map((c) => [c.method, c.body])).toEqual([
      ["PUT", { severity: "reject_media", note: "flaky" }],
      ["DELETE", undefined],
    ]);
    expect(await screen.findByRole("button", { name: "Block broken.example" })).toBeTruthy();
  });

  it("blocks a server not listed by its name, refusing what is no server name", async () => {
    const { user, calls } = await openServersTab(serversApi([]));
    const field = await screen.findByRole("textbox", { name: "Block a server" });
    await user.type(field, "not a server!");
    await user.click(screen.getByRole("button", { name: "Block…" }));
    expect(screen.getByText("Write a server name such as social.example.")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.clear(field);
    await user.type(field, "Spam.Example");
    await user.click(screen.getByRole("button", { name: "Block…" }));
    const dialog = await screen.findByRole("dialog", { name: "Block spam.example" });
    await user.click(within(dialog).getByRole("radio", { name: /^Silence/ }));
    await user.click(within(dialog).getByRole("button", { name: "Block" }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.path).toBe("/api/federation/domain-blocks/spam.example");
  });

  it("says so when there are no servers and no reports across servers", async () => {
    await openServersTab(serversApi([], []));
    expect(await screen.findByText(/No other servers yet\./)).toBeTruthy();
    expect(await screen.findByText("No open reports across servers.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("shows a report from another server and closes it", async () => {
    const { user, calls } = await openServersTab(serversApi([SOCIAL]));
    const card = await screen.findByRole("article", { name: "Report from social.example" });
    expect(within(card).getByText("Spam in every reply")).toBeTruthy();
    expect(within(card).getByRole("link", { name: /a\.example\/ap\/users\/u1/ })).toBeTruthy();
    await user.click(within(card).getByRole("button", { name: "Close" }));
    expect(await screen.findByText("No open reports across servers.")).toBeTruthy();
    expect(calls.some((c) => c.path === `/api/federation/reports/${FLAG.id}/close`)).toBe(true);
  });

  it("offers Retry when the servers cannot be loaded", async () => {
    let refused = true;
    const { user } = await openServersTab((call) =>
      call.path === "/api/federation/servers" && refused
        ? apiError(403, "Only moderators see the servers.")
        : serversApi([SOCIAL])(call),
    );
    expect(await screen.findByText("Could not load the servers.")).toBeTruthy();
    refused = false;
    await user.click(screen.getByRole("button", { name: /Retry/ }));
    expect(await screen.findByRole("rowheader", { name: "social.example" })).toBeTruthy();
  });
});
