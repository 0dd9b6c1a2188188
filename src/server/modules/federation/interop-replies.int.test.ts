// Replies from Mastodon to our posts, in Mastodon's own JSON (test-support/fediverse-fixtures),
// from people nobody here follows (docs/federation.md "Replies", "Identity").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { startInstance } from "../../test-support/federation-instances";
import { type FediverseNet, installFediverseNet } from "../../test-support/fediverse-net";
import { deliver, type FixtureServer, startFixtureServer } from "../../test-support/fixture-server";
import { eventually } from "../../test-support/interop-instance";
import { inject, publish } from "../../test-support/social";
import type { TestApp } from "../../test-support/test-app";

let net: FediverseNet;
let a: TestApp;
let mastodon: FixtureServer;
let ann: TestAccount;
/** The people the Mastodon server serves besides Alice. */
const strangers = new Set<string>();

beforeAll(async () => {
  net = await installFediverseNet(["a.test", "mastodon.test"]);
  a = await startInstance(net, "a.test");
  mastodon = await startFixtureServer("mastodon");
  await net.serve(mastodon.name, mastodon.port);
  ann = await createAccount(a, { label: "ann", fullName: "Ann Here" });
}, 60_000);

afterAll(async () => {
  await mastodon?.close();
  await a?.close();
  await net?.close();
});

/** A stranger's reply to Ann's new post, at our shared inbox as Mastodon delivers it (a mention
 * goes to the server's shared inbox), signed draft-cavage as Mastodon signs, behind a content
 * warning when given one; the answer, the post. */
async function replyFrom(username: string, warning?: string) {
  const post = await publish(a, ann, `Who will answer, ${username}?`);
  const actor = `https://mastodon.test/users/${username}`;
  if (!strangers.has(actor))
    strangers.add(await mastodon.addActor("stranger", { USERNAME: username }));
  const reply = mastodon.activity("reply", {
    USERNAME: username,
    OUR_ACTOR: `https://a.test/ap/users/${ann.userId}`,
    OUR_POST: `https://a.test/ap/posts/${post.id}`,
    OUR_PAGE: `https://a.test${post.path}`,
    OUR_HANDLE: ann.handle,
    TEXT: `Me, ${username}!`,
  });
  const object = reply.object as object;
  const signed = await mastodon.sign(
    warning ? { ...reply, object: { ...object, summary: warning, sensitive: true } } : reply,
    "https://a.test/ap/inbox",
    "draft-cavage-http-signatures-12",
  );
  return { res: await deliver(a, signed), post };
}

const comments = async (postId: string) =>
  (await inject(a, ann, "GET", `/api/posts/${postId}/comments`)).json().items;

describe("a reply from someone on Mastodon whom nobody here follows", () => {
  // docs/federation.md "Replies": a reply to one of our public posts is kept "whoever follows its
  // author": a stranger is fetched from their server and stored.
  it("is a comment on our post", async () => {
    const { res, post } = await replyFrom("carl");
    expect(res.statusCode).toBe(202);
    await eventually(async () => {
      expect(await comments(post.id)).toMatchObject([
        {
          content: `@${ann.handle} Me, carl!`,
          contentWarning: null,
          remote: { handle: "carl@mastodon.test" },
        },
      ]);
    }, 5_000);
  });

  // docs/federation.md "Content warnings": a reply's `summary` is its warning here too.
  it("keeps its content warning, shown on the comment", async () => {
    const { res, post } = await replyFrom("fern", "Spoilers for the answer");
    expect(res.statusCode).toBe(202);
    await eventually(async () => {
      expect(await comments(post.id)).toMatchObject([
        { content: `@${ann.handle} Me, fern!`, contentWarning: "Spoilers for the answer" },
      ]);
    }, 5_000);
  });

  // docs/federation.md "Identity": the instance actor signs the fetches no person makes, so that a
  // server requiring signed fetches (Mastodon's secure mode) answers them, the fetch of a sender's
  // key for a delivery to the shared inbox among them.
  it("signs the fetch of their key, which their server in secure mode requires", async () => {
    mastodon.requireSignedFetches(true);
    try {
      const before = mastodon.received.length;
      const { res } = await replyFrom("dana");
      const fetches = mastodon.received
        .slice(before)
        .filter((r) => r.method === "GET" && r.url === "https://mastodon.test/users/dana");
      expect(fetches.length).toBeGreaterThan(0);
      for (const fetch of fetches) expect(fetch.headers.signature).toBeDefined();
      expect(res.statusCode).toBe(202);
    } finally {
      mastodon.requireSignedFetches(false);
    }
  });

  it("is kept once its author is known here: their Follow of Ann stores them", async () => {
    const follow = mastodon.activity("follow", {
      OUR_ACTOR: `https://a.test/ap/users/${ann.userId}`,
    });
    const eric = await mastodon.addActor("stranger", { USERNAME: "eric" });
    strangers.add(eric);
    const signed = await mastodon.sign(
      { ...follow, actor: eric },
      `https://a.test/ap/users/${ann.userId}/inbox`,
      "draft-cavage-http-signatures-12",
    );
    expect((await deliver(a, signed)).statusCode).toBe(202);
    await eventually(async () => {
      const profile = await inject(a, ann, "GET", `/api/profiles/${ann.handle}`);
      expect(profile.json().profile.counts.followers).toBe(1);
    });
    const { res, post } = await replyFrom("eric");
    expect(res.statusCode).toBe(202);
    await eventually(async () => {
      expect(await comments(post.id)).toMatchObject([
        { content: `@${ann.handle} Me, eric!`, remote: { handle: "eric@mastodon.test" } },
      ]);
    });
  });
});
