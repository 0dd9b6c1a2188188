// Instances of ours on the test fediverse (docs/federation.md "Tests"): each named (a.test, …),
// serving https://{name} through the net's TLS front, with its mail domain the same name.
import { expect } from "vitest";
import type { TestAccount } from "./accounts";
import type { FediverseNet } from "./fediverse-net";
import { eventually } from "./interop-instance";
import { inject } from "./social";
import { createTestApp, type TestApp } from "./test-app";

export { eventually };

export const AS = "application/activity+json";

export async function startInstance(
  net: FediverseNet,
  name: string,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const t = await createTestApp({
    PUBLIC_URL: `https://${name}`,
    MAIL_DOMAIN: name,
    FEDERATION_ALLOW_PRIVATE: "true",
    ...env,
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  await net.serve(name, address.port);
  return t;
}

/** The person's follow counters as their profile shows them. */
export const counts = async (t: TestApp, who: TestAccount) =>
  (await inject(t, who, "GET", `/api/profiles/${who.handle}`)).json().profile.counts;

/** Deletes the person's account through the API, with the code mailed to them. */
export async function deleteAccount(t: TestApp, who: TestAccount) {
  await inject(t, who, "POST", "/api/account/deletion/code");
  const mail = t.mailbox
    .all()
    .filter((m) => m.to.includes(who.email) && m.subject.includes("delete your"))
    .at(-1);
  const code = mail?.subject.match(/^(\d{6}) /)?.[1] ?? "";
  return inject(t, who, "POST", "/api/account/deletion", { code });
}

/**
 * `who` on `from` follows `whom` on `to` (named `toName`), and both sides know it: `to` counts the
 * follower and `from` has had its Accept. Only then is what `whom` sends kept on `from`: an
 * activity handled there before the Accept comes from someone nobody there follows yet
 * (docs/federation.md "Follows").
 */
export async function followAcross(
  from: TestApp,
  who: TestAccount,
  to: { app: TestApp; name: string; whom: TestAccount },
) {
  const handle = `${to.whom.handle}@${to.name}`;
  const found = await inject(from, who, "GET", `/api/federation/lookup?handle=${handle}`);
  if (found.statusCode !== 200) throw new Error(`${handle} not found: ${found.body}`);
  const id = found.json().person.id as string;
  await inject(from, who, "POST", `/api/federation/people/${id}/follow`);
  await eventually(async () => {
    const person = await inject(from, who, "GET", `/api/federation/people/${id}`);
    expect(person.json().person.follow).toBe("following");
  });
  return id;
}
