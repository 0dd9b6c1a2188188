// A repost here reaches other servers as an Announce, and its undoing as Undo(Announce)
// (docs/federation.md "Reposts going out"): a second instance of ours, where someone follows the
// reposter, shows the post in their home feed as a boost, and takes it away again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostView } from "../../../domain/contracts/posts";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import {
  counts,
  eventually,
  followAcross,
  startInstance,
} from "../../test-support/federation-instances";
import { type FediverseNet, installFediverseNet } from "../../test-support/fediverse-net";
import { inject, publish } from "../../test-support/social";
import type { TestApp } from "../../test-support/test-app";

let net: FediverseNet;
let a: TestApp;
let b: TestApp;
let ann: TestAccount;
let rex: TestAccount;
let bea: TestAccount;

beforeAll(async () => {
  net = await installFediverseNet(["a.test", "b.test"]);
  a = await startInstance(net, "a.test");
  b = await startInstance(net, "b.test");
  ann = await createAccount(a, { label: "ann", fullName: "Ann Author" });
  rex = await createAccount(a, { label: "rex", fullName: "Rex Reposter" });
  bea = await createAccount(b, { label: "bea", fullName: "Bea Elsewhere" });
}, 60_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await net?.close();
});

const feedOf = async (t: TestApp, who: TestAccount) =>
  (await inject(t, who, "GET", "/api/feed")).json().items as PostView[];

describe("reposts going out", () => {
  it("sends a repost as Announce, shown as a boost on the other side, and its undoing as Undo", async () => {
    await followAcross(b, bea, { app: a, name: "a.test", whom: rex });
    expect((await counts(a, rex)).followers).toBe(1);

    const post = await publish(a, ann, "A post Rex shares with Bea's server");
    expect((await inject(a, rex, "PUT", `/api/posts/${post.id}/repost`)).statusCode).toBe(200);
    await eventually(async () => {
      const [boost] = await feedOf(b, bea);
      expect(boost?.content).toBe("A post Rex shares with Bea's server");
      expect(boost?.remote?.boostedBy).toMatchObject({ name: "Rex Reposter" });
      expect(boost?.remote?.boostedBy?.handle).toBe(`${rex.handle}@a.test`);
    });

    // Reposting again sends nothing more: still one boost there.
    expect((await inject(a, rex, "PUT", `/api/posts/${post.id}/repost`)).statusCode).toBe(200);
    expect((await inject(a, rex, "DELETE", `/api/posts/${post.id}/repost`)).statusCode).toBe(200);
    await eventually(async () => expect(await feedOf(b, bea)).toEqual([]));
  });
});
