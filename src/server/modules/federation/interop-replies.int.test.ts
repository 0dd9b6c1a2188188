// Replies from Mastodon to our posts, in Mastodon's own JSON (test-support/fediverse-fixtures),
// from people nobody here follows (docs/federation.md "Replies", "Identity"), and what a post's
// 'Who can reply' lets in of them and says in its Note's `interactionPolicy.canReply`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WhoMay } from "../../../domain/reply-controls";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { startInstance } from "../../test-support/federation-instances";
import { type FediverseNet, installFediverseNet } from "../../test-support/fediverse-net";
import { followFixturePerson } from "../../test-support/fixture-follow";
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

/** Ann's new post, with her 'Who can reply' when given. */
async function postOfAnn(text: string, replyPolicy?: WhoMay) {
  if (!replyPolicy) return publish(a, ann, text);
  const res = await inject(a, ann, "POST", "/api/posts", { content: text, replyPolicy });
  return res.json().post as { id: string; path: string };
}

/** A stranger's reply to Ann's new post, at our shared inbox as Mastodon delivers it (a mention
 * goes to the server's shared inbox), signed draft-cavage as Mastodon signs, behind a content
 * warning when given one; the answer, the post. Alice is the server's own person. */
async function replyFrom(username: string, warning?: string, replyPolicy?: WhoMay) {
  const post = await postOfAnn(`Who will answer, ${username}?`, replyPolicy);
  const actor = `https://mastodon.test/users/${username}`;
  if (username !== "alice" && !strangers.has(actor))
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

describe("a post's 'Who can reply', for replies from elsewhere", () => {
  const activity = async () =>
    JSON.stringify((await inject(a, ann, "GET", "/api/activity")).json().groups);
  const counted = async (postId: string) =>
    (await inject(a, ann, "GET", `/api/posts/${postId}`)).json().post.commentsCount;

  it("says who may reply in the Note, by the post's choice", async () => {
    const canReply = async (replyPolicy: WhoMay) => {
      const post = await postOfAnn("Who may answer?", replyPolicy);
      const served = await a.app.inject({
        url: `/ap/posts/${post.id}`,
        headers: { accept: "application/activity+json" },
      });
      return JSON.stringify(served.json().interactionPolicy.canReply);
    };
    const me = `https://a.test/ap/users/${ann.userId}`;
    expect(await canReply("everyone")).toMatch(
      /"automaticApproval":"(as:Public|https:\/\/www\.w3\.org\/ns\/activitystreams#Public)"/,
    );
    expect(await canReply("following")).toBe(
      JSON.stringify({ automaticApproval: [me, `${me}/following`] }),
    );
    for (const policy of ["friends", "nobody"] as const) {
      expect(await canReply(policy)).toBe(JSON.stringify({ automaticApproval: me }));
    }
    const following = await a.app.inject({
      url: `/ap/users/${ann.userId}/following`,
      headers: { accept: "application/activity+json" },
    });
    expect(following.json()).toMatchObject({ type: "OrderedCollection", totalItems: 0 });
  });

  it("drops a reply from someone it leaves out: no comment, no count, no notice", async () => {
    const before = await activity();
    const { res, post } = await replyFrom("gil", undefined, "nobody");
    expect(res.statusCode).toBe(202);
    // The inbox applies an activity before it answers (docs/federation.md "Safety").
    expect(await comments(post.id)).toEqual([]);
    expect(await counted(post.id)).toBe(0);
    expect(await activity()).toBe(before);
    expect(before).not.toContain("Me, gil!");
  });

  it("lets in the people Ann follows, then her friends, as she chose", async () => {
    const followed = await replyFrom("alice", undefined, "following");
    expect(await comments(followed.post.id)).toEqual([]);
    await followFixturePerson(a, { server: mastodon, who: ann, handle: "alice@mastodon.test" });
    const again = await replyFrom("alice", undefined, "following");
    expect(await comments(again.post.id)).toMatchObject([
      { content: `@${ann.handle} Me, alice!`, remote: { handle: "alice@mastodon.test" } },
    ]);
    const stranger = await replyFrom("hank", undefined, "following");
    expect(await comments(stranger.post.id)).toEqual([]);

    // Ann follows Alice, but Alice does not follow Ann: no friend yet.
    const friends = await replyFrom("alice", undefined, "friends");
    expect(await comments(friends.post.id)).toEqual([]);
    const follow = mastodon.activity("follow", {
      OUR_ACTOR: `https://a.test/ap/users/${ann.userId}`,
    });
    const signed = await mastodon.sign(
      follow,
      `https://a.test/ap/users/${ann.userId}/inbox`,
      "draft-cavage-http-signatures-12",
    );
    expect((await deliver(a, signed)).statusCode).toBe(202);
    const mutual = await replyFrom("alice", undefined, "friends");
    expect(await comments(mutual.post.id)).toHaveLength(1);
    expect(await counted(mutual.post.id)).toBe(1);
  });
});
