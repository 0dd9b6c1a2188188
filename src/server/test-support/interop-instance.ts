// An instance of ours on the test net for the interoperability tests (docs/federation.md
// "Tests"): the app at https://{name}, mail domain {name}, private addresses allowed; and the waits
// those tests share.
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { queryRows } from "../db/client";
import type { FediverseNet } from "./fediverse-net";
import { createTestApp, type TestApp } from "./test-app";

export async function startInstance(net: FediverseNet, name: string): Promise<TestApp> {
  const t = await createTestApp({
    PUBLIC_URL: `https://${name}`,
    MAIL_DOMAIN: name,
    FEDERATION_ALLOW_PRIVATE: "true",
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  await net.serve(name, address.port);
  return t;
}

/** Waits until `check` passes (deliveries go through queues), or fails with its last error. */
export async function eventually<T>(check: () => Promise<T> | T, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Waits until Fedify's queue is empty: every activity received has been handled, every one sent
 * delivered (docs/federation.md "Storage"). */
export const queueDrained = (t: TestApp) =>
  eventually(async () => {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from fed_queue`,
    );
    expect(row?.n).toBe(0);
  });
