// New accounts over the real HTTP API (docs/safety.md "New accounts"), with the clock injected:
// each of the four hourly budgets refuses a day-old account with a 429 that says when to try
// again, and lets an account made at the same moment write freely on day 8; a message to someone
// who follows the writer, or who wrote in the thread, spends nothing; a new author's links are
// inert in the API and in the page the server renders, no card is read for them, and they become
// links on day 8 without anything being written.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { pageDataOf } from "../../test-support/page-data";
import {
  html,
  type PageServer,
  selfSignedCertificate,
  startPageServer,
} from "../../test-support/page-server";
import { follow, inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let site: PageServer;
let host: TestAccount;
let hostPost: { id: string; path: string };

beforeAll(async () => {
  const tls = selfSignedCertificate(["127.0.0.1"]);
  site = await startPageServer(tls);
  site.route("/article", html(`<meta property="og:title" content="An article">`));
  t = await createTestApp(
    { NEW_ACCOUNT_DAYS: "7", LINK_CHECK_ALLOW_PRIVATE: "127.0.0.1", LINK_CHECK_ANY_PORT: "true" },
    { linkCheckCa: tls.cert },
  );
  host = await createAccount(t, { fullName: "Hal Host" });
  hostPost = await publish(t, host, "Say hello below");
}, 60_000);
afterAll(async () => {
  await Promise.all([t?.close(), site?.close()]);
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock `days` on from now (sessions last 30 days, so cookies stay good). */
const daysLater = (days: number) =>
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + days * DAY_MS });

/** `times` writes in a row, each answered 2xx. */
async function allPass(
  times: number,
  write: (n: number) => Promise<{ statusCode: number; body: string }>,
) {
  for (let n = 0; n < times; n++) {
    const res = await write(n);
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
}

function expectRefused(
  res: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
  message: RegExp,
) {
  expect(res.statusCode).toBe(429);
  const { error } = res.json() as { error: { code: string; message: string; retryAfter: number } };
  expect(error.code).toBe("rate_limited");
  expect(error.message).toMatch(message);
  expect(error.retryAfter).toBeGreaterThan(3000);
  expect(error.retryAfter).toBeLessThanOrEqual(3600);
  expect(Number(res.headers["retry-after"])).toBe(error.retryAfter);
}

const post = (who: TestAccount, n: number) =>
  inject(t, who, "POST", "/api/posts", { content: `Post number ${n}` });
const comment = (who: TestAccount, n: number) =>
  inject(t, who, "POST", `/api/posts/${hostPost.id}/comments`, { content: `Comment ${n}` });
const toggleFollow = (who: TestAccount, target: TestAccount) =>
  inject(t, who, "POST", "/api/follows/toggle", { targetUserId: target.userId });

async function threadWith(who: TestAccount, other: TestAccount): Promise<string> {
  const res = await inject(t, who, "POST", "/api/mail/threads/direct", { userId: other.userId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().thread.id;
}
const message = (who: TestAccount, threadId: string, n: number) =>
  inject(t, who, "POST", `/api/mail/threads/${threadId}/messages`, {
    subject: null,
    body: `Hi ${n}`,
  });

describe("a new account's hourly budgets", () => {
  it("posts: 10 an hour on day 0; an account as old posts freely on day 8", async () => {
    const [fresh, later] = await Promise.all([createAccount(t), createAccount(t)]);
    await allPass(10, (n) => post(fresh, n));
    expectRefused(
      await post(fresh, 10),
      /new, so it can publish 10 posts an hour.*post again in (60|59) minutes/,
    );
    daysLater(8);
    await allPass(11, (n) => post(later, n));
  });

  it("comments: 30 an hour on day 0; freely on day 8", async () => {
    const [fresh, later] = await Promise.all([createAccount(t), createAccount(t)]);
    await allPass(30, (n) => comment(fresh, n));
    expectRefused(await comment(fresh, 30), /new, so it can write 30 comments an hour/);
    daysLater(8);
    await allPass(31, (n) => comment(later, n));
  });

  it("follows: 30 an hour on day 0, unfollowing spending none; freely on day 8", async () => {
    const [fresh, later] = await Promise.all([createAccount(t), createAccount(t)]);
    // Follow, unfollow: 30 follows in 60 toggles.
    await allPass(60, () => toggleFollow(fresh, host));
    expectRefused(await toggleFollow(fresh, host), /new, so it can follow 30 people an hour/);
    daysLater(8);
    await allPass(62, () => toggleFollow(later, host));
  });

  it("messages to people who do not follow them: 10 an hour on day 0; freely on day 8", async () => {
    const [fresh, later, stranger] = await Promise.all([
      createAccount(t),
      createAccount(t),
      createAccount(t),
    ]);
    const thread = await threadWith(fresh, stranger);
    await allPass(10, (n) => message(fresh, thread, n));
    expectRefused(
      await message(fresh, thread, 10),
      /new, so it can send 10 messages an hour to people who don't follow you/,
    );
    daysLater(8);
    const laterThread = await threadWith(later, stranger);
    await allPass(11, (n) => message(later, laterThread, n));
  });

  it("spends nothing on a message to a follower, or in a thread the other has written in", async () => {
    const [fresh, fan, friend] = await Promise.all([
      createAccount(t),
      createAccount(t),
      createAccount(t),
    ]);
    await follow(t, fan, fresh);
    const toFan = await threadWith(fresh, fan);
    await allPass(12, (n) => message(fresh, toFan, n));
    const withFriend = await threadWith(friend, fresh);
    await allPass(1, (n) => message(friend, withFriend, n));
    await allPass(12, (n) => message(fresh, withFriend, n));
  });
});

describe("a new author's links", () => {
  const link = () => `https://127.0.0.1:${site.port}/article`;

  it("are inert with no card read on day 0, and links on day 8 without a write", async () => {
    const author = await createAccount(t, { fullName: "Nia New" });
    const preview = await inject(t, author, "POST", "/api/link-previews", { url: link() });
    expect(preview.statusCode).toBe(204);
    expect(site.total()).toBe(0);

    const written = await publish(t, author, `Read ${link()} today`);
    const read = async () => (await inject(t, null, "GET", `/api/posts/${written.id}`)).json().post;
    expect(await read()).toMatchObject({ linksInert: true });
    const listed = (await inject(t, host, "GET", `/api/users/${author.userId}/posts`)).json();
    expect(listed.items[0]).toMatchObject({ id: written.id, linksInert: true });
    const page = (await inject(t, null, "GET", written.path)).body;
    expect(page).toContain(`Read ${link()} today`);
    expect(page).not.toContain(`href="${link()}"`);
    expect(pageDataOf(page)).toMatchObject({ post: { linksInert: true } });

    daysLater(8);
    const later = await read();
    expect(later.linksInert).toBeUndefined();
    const relisted = (await inject(t, host, "GET", `/api/users/${author.userId}/posts`)).json();
    expect(relisted.items[0].linksInert).toBeUndefined();
    const laterPage = (await inject(t, null, "GET", written.path)).body;
    expect(laterPage).toContain(
      `<a href="${link()}" target="_blank" rel="nofollow ugc noopener noreferrer"`,
    );
    // Now its card is read, for the next post.
    expect(
      (await inject(t, author, "POST", "/api/link-previews", { url: link() })).statusCode,
    ).toBe(200);
    expect(site.total()).toBe(1);
  });

  it("of an account made 8 days ago are links from the first post", async () => {
    daysLater(8);
    const author = await createAccount(t);
    vi.setSystemTime(Date.now() + 8 * DAY_MS);
    const written = await publish(t, author, `See ${link()}`);
    const res = await inject(t, null, "GET", `/api/posts/${written.id}`);
    expect(res.json().post.linksInert).toBeUndefined();
  });
});
