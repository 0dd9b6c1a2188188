// The privacy canary (docs/federation.md "What a remote server sees"): a person shows each detail
// to Everyone, Friends or Only me, turns on "Show these details on other servers", and is
// followed from an independent server; after a profile save, a post, a follow-list change and the
// account's deletion, nothing shown to Friends or Only me, and no sensitive detail, is in any byte
// that server received or could fetch, signed or not — while the Everyone details are.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import {
  AS,
  deleteAccount,
  eventually,
  startInstance,
} from "../../test-support/federation-instances";
import { type FedifyPeer, startFedifyPeer } from "../../test-support/fedify-peer";
import { type FediverseNet, installFediverseNet } from "../../test-support/fediverse-net";
import { inject, publish } from "../../test-support/social";
import type { TestApp } from "../../test-support/test-app";

/** Each detail's value and audience; the sensitive ones are shown to Everyone with consent and
 * must still never leave. */
const DETAILS = {
  zodiac: ["Capricorn", "everyone"],
  occupation: ["Cosmetologist", "everyone"],
  university: ["Canary Friends University 7q", "friends"],
  body_types: ["Petite", "friends"],
  relationship_status: ["In a Relationship", "friends"],
  gender: ["Female", "only_me"],
  education: ["Doctorate", "only_me"],
  causes: ["Autism Awareness", "only_me"],
  religion: ["Buddhist", "everyone"],
  race: ["Asian", "everyone"],
  salary: ["$100K - $250K", "everyone"],
  networth: ["$50K or more", "friends"],
  sexuality: ["Bisexual", "only_me"],
} as const;
const SENSITIVE = ["religion", "race", "salary", "networth", "sexuality"];
const LABELS: Record<string, string> = {
  university: "University",
  body_types: "Body Type",
  relationship_status: "Relationship Status",
  gender: "Gender",
  education: "Education",
  causes: "Causes",
  religion: "Religion",
  race: "Race",
  salary: "Salary",
  networth: "Net Worth",
  sexuality: "Sexuality",
};

let net: FediverseNet;
let a: TestApp;
let peer: FedifyPeer;
let pat: TestAccount;
/** Every document fetched from our instance, as the bytes answered. */
const fetched: string[] = [];

/** Fetches what a remote server may read of Pat: the actor (by id and by handle), their
 * followers collection, and WebFinger, unsigned and signed by the remote server. */
async function fetchAll(postId?: string) {
  const paths = [
    `/ap/users/${pat.userId}`,
    `/${pat.handle}`,
    `/ap/users/${pat.userId}/followers`,
    ...(postId ? [`/ap/posts/${postId}`] : []),
  ];
  for (const path of paths) {
    const plain = await a.app.inject({ url: path, headers: { accept: AS } });
    fetched.push(plain.body);
    const signed = await peer.sign(
      new Request(`https://a.test${path}`, { headers: { accept: AS } }),
    );
    const res = await a.app.inject({ url: path, headers: Object.fromEntries(signed.headers) });
    fetched.push(res.body);
  }
  const finger = await a.app.inject({
    url: `/.well-known/webfinger?resource=acct:${pat.handle}@a.test`,
  });
  fetched.push(finger.body);
}

const everything = () => [...peer.received.map((r) => JSON.stringify(r)), ...fetched].join("\n");

beforeAll(async () => {
  net = await installFediverseNet(["a.test", "c.test"]);
  a = await startInstance(net, "a.test");
  peer = await startFedifyPeer("c.test");
  await net.serve("c.test", peer.port);
  pat = await createAccount(a, { label: "pat", fullName: "Pat Canary" });
}, 60_000);

afterAll(async () => {
  await peer?.close();
  await a?.close();
  await net?.close();
});

describe("the privacy canary", () => {
  it("lets no Friends, Only-me or sensitive detail leave, through a save, a post, a list change and a deletion", async () => {
    const profile = (about: string) => ({
      fullName: "Pat Canary",
      emailAddress: pat.email,
      websiteUrl: "",
      about,
      city: "",
      details: Object.fromEntries(Object.entries(DETAILS).map(([key, [value]]) => [key, value])),
      audiences: Object.fromEntries(
        Object.entries(DETAILS).map(([key, [, audience]]) => [key, audience]),
      ),
      consent: SENSITIVE,
    });
    const first = await inject(a, pat, "PUT", `/api/profiles/${pat.userId}`, profile("First"));
    expect(first.statusCode, first.body).toBe(200);
    const privacy = await inject(a, pat, "PUT", "/api/account/privacy", { detailsElsewhere: true });
    expect(privacy.json().detailsElsewhere).toBe(true);

    await peer.follow(`https://a.test/ap/users/${pat.userId}`);
    await eventually(() => expect(peer.received.some((r) => r.type === "Accept")).toBe(true));
    // The profile save: an Update of the actor with its fields.
    await inject(a, pat, "PUT", `/api/profiles/${pat.userId}`, profile("Second"));
    await eventually(() => expect(peer.received.some((r) => r.type === "Update")).toBe(true));
    const post = await publish(a, pat, "A post to my followers");
    await eventually(() => expect(peer.received.some((r) => r.type === "Create")).toBe(true));
    await inject(a, pat, "PUT", "/api/account/privacy", { followersAudience: "everyone" });
    await fetchAll(post.id);

    const seen = everything();
    // The Everyone details are there, so the check below could fail.
    expect(seen).toContain("Capricorn");
    expect(seen).toContain("Cosmetologist");
    for (const [key, [value, audience]] of Object.entries(DETAILS)) {
      if (audience === "everyone" && !SENSITIVE.includes(key)) continue;
      expect(seen, `${key} (${audience})`).not.toContain(value);
      const label = LABELS[key];
      if (label) expect(seen, `${key}'s field`).not.toContain(`"name":"${label}"`);
    }

    expect((await deleteAccount(a, pat)).statusCode).toBe(200);
    await eventually(() => expect(peer.received.some((r) => r.type === "Delete")).toBe(true));
    await fetchAll();
    const after = everything();
    for (const [key, [value, audience]] of Object.entries(DETAILS)) {
      if (audience === "everyone" && !SENSITIVE.includes(key)) continue;
      expect(after, `${key} (${audience})`).not.toContain(value);
    }
  });
});
