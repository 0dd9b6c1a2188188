// Deliveries per server (docs/federation.md "Deliveries per server"): Mastodon in miniature that
// answers 500 to a delivery and then takes its retry, Misskey in miniature that answers 410 and
// then goes away; the counters per server equal a recount of what each received, /metrics has the
// totals, and only moderators read the servers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { eventually, startInstance } from "../../test-support/federation-instances";
import { type FediverseNet, installFediverseNet } from "../../test-support/fediverse-net";
import {
  deliver,
  type FixtureServer,
  type Software,
  startFixtureServer,
} from "../../test-support/fixture-server";
import { queueDrained } from "../../test-support/interop-instance";
import { inject, publish } from "../../test-support/social";
import type { TestApp } from "../../test-support/test-app";

const MODERATOR = "moderator.deliveries@example.com";
const METRICS_TOKEN = "metrics-token-for-deliveries";

let net: FediverseNet;
let a: TestApp;
let ann: TestAccount;
let mod: TestAccount;
const servers = {} as Record<Software, FixtureServer>;

const actorOf = (who: TestAccount) => `https://a.test/ap/users/${who.userId}`;
type Server = {
  host: string;
  people: number;
  delivered: number;
  failing: number;
  failed: number;
  lastError: string | null;
  lastErrorAt: string | null;
  lastDeliveredAt: string | null;
  block: { severity: string } | null;
};
const serversSeen = async (): Promise<Server[]> => {
  const res = await inject(a, mod, "GET", "/api/federation/servers");
  expect(res.statusCode).toBe(200);
  return res.json().items;
};
const serverNamed = async (host: string) => (await serversSeen()).find((s) => s.host === host);
/** What a fixture server received by POST: taken (2xx) and refused. Fedify knocks twice on a
 * refusal (RFC 9421, then draft-cavage), so a failed attempt is two refused POSTs. */
const recount = (server: FixtureServer) => {
  const posts = server.received.filter((r) => r.method === "POST");
  return {
    taken: posts.filter((r) => r.status < 300).length,
    refused: posts.filter((r) => r.status >= 300).length,
  };
};
const scrape = async () => {
  const res = await a.app.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const total = (text: string, outcome: string) =>
  Number(
    text.match(
      new RegExp(`^chtcht_federation_deliveries_total\\{outcome="${outcome}"\\} (\\d+)`, "m"),
    )?.[1] ?? 0,
  );

beforeAll(async () => {
  net = await installFediverseNet(["a.test", "mastodon.test", "misskey.test"]);
  a = await startInstance(net, "a.test", { ADMIN_EMAILS: MODERATOR, METRICS_TOKEN });
  for (const software of ["mastodon", "misskey"] as const) {
    servers[software] = await startFixtureServer(software);
    await net.serve(servers[software].name, servers[software].port);
  }
  ann = await createAccount(a, { label: "ann", fullName: "Ann Here" });
  mod = await createAccount(a, { email: MODERATOR, fullName: "Mod" });
  // Each server's person follows Ann: our Accept is each server's first delivery.
  for (const server of Object.values(servers)) {
    const follow = server.activity("follow", { OUR_ACTOR: actorOf(ann) });
    const signed = await server.sign(follow, `${actorOf(ann)}/inbox`, "rfc9421");
    expect((await deliver(a, signed)).statusCode).toBe(202);
  }
  await eventually(() => {
    for (const server of Object.values(servers)) expect(recount(server).taken).toBe(1);
  });
  await queueDrained(a);
}, 60_000);

afterAll(async () => {
  for (const server of Object.values(servers)) await server.close();
  await a?.close();
  await net?.close();
});

describe("deliveries per server", () => {
  it("counts a retried failure once as failing and its retry as delivered, and a 410 as failed", async () => {
    const before = await scrape();
    servers.mastodon.answerPosts(500, 500);
    servers.misskey.answerPosts(410, 410);
    await publish(a, ann, "Hello to both servers");
    await eventually(() => expect(recount(servers.mastodon)).toEqual({ taken: 2, refused: 2 }));
    await eventually(() => expect(recount(servers.misskey)).toEqual({ taken: 1, refused: 2 }));
    await queueDrained(a);

    const mastodon = await serverNamed("mastodon.test");
    expect(mastodon).toMatchObject({
      people: 1,
      delivered: 2,
      failing: 1,
      failed: 0,
      lastError: "500 Internal Server Error",
      block: null,
    });
    expect(Date.parse(mastodon?.lastDeliveredAt ?? "")).toBeGreaterThanOrEqual(
      Date.parse(mastodon?.lastErrorAt ?? ""),
    );
    expect(await serverNamed("misskey.test")).toMatchObject({
      people: 1,
      delivered: 1,
      failing: 0,
      failed: 1,
      lastError: "410 Gone",
    });
    // Every attempt either server received is counted once, as it was answered.
    for (const [host, server] of [
      ["mastodon.test", servers.mastodon],
      ["misskey.test", servers.misskey],
    ] as const) {
      const row = await serverNamed(host);
      const { taken, refused } = recount(server);
      expect(row?.delivered).toBe(taken);
      expect(2 * ((row?.failing ?? 0) + (row?.failed ?? 0))).toBe(refused);
    }

    const after = await scrape();
    expect(after).toContain(
      "# HELP chtcht_federation_deliveries_total Deliveries to other servers",
    );
    expect(total(after, "delivered") - total(before, "delivered")).toBe(1);
    expect(total(after, "failing") - total(before, "failing")).toBe(1);
    expect(total(after, "failed") - total(before, "failed")).toBe(1);
    // The totals carry no host label: per-server figures are for moderators only.
    expect(after).not.toMatch(/deliveries_total\{[^}]*host=/);
  });

  it("counts a server that cannot be reached as failing, with what went wrong", async () => {
    await servers.misskey.close();
    await publish(a, ann, "Misskey is gone");
    await eventually(async () =>
      expect(await serverNamed("misskey.test")).toMatchObject({ failing: 1, failed: 1 }),
    );
    const misskey = await serverNamed("misskey.test");
    expect(misskey?.lastError).not.toBe("410 Gone");
    expect(misskey?.lastError).toBeTruthy();
    expect(misskey?.delivered).toBe(1);
  });

  it("shows each server's block beside its figures", async () => {
    const blocked = await inject(a, mod, "PUT", "/api/federation/domain-blocks/mastodon.test", {
      severity: "silence",
      note: "noisy",
    });
    expect(blocked.statusCode).toBe(200);
    await eventually(async () =>
      expect(await serverNamed("mastodon.test")).toMatchObject({
        block: { severity: "silence", note: "noisy" },
        delivered: 3,
      }),
    );
    await inject(a, mod, "DELETE", "/api/federation/domain-blocks/mastodon.test");
    expect((await serverNamed("mastodon.test"))?.block).toBeNull();
  });
});

describe("who reads the servers", () => {
  it("answers 404 to anyone but moderators, as the other moderation tools do, and 401 signed out", async () => {
    const refused = await inject(a, ann, "GET", "/api/federation/servers");
    expect(refused.statusCode).toBe(404);
    expect(JSON.stringify(refused.json())).not.toContain("mastodon.test");
    expect((await inject(a, null, "GET", "/api/federation/servers")).statusCode).toBe(401);
  });

  it("refuses a bad server name with 400 and changes nothing", async () => {
    const before = await serversSeen();
    const bad = await inject(a, mod, "PUT", "/api/federation/domain-blocks/not%20a%20host!", {
      severity: "suspend",
    });
    expect(bad.statusCode).toBe(400);
    expect(await serversSeen()).toEqual(before);
  });
});
