// What a home feed read costs the database (docs/performance.md "Feed"): the statements of a
// reader's first page with a repost on it, and of the same page read again from memory, counted on
// the database's connections, so the read cannot grow back unseen.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { follow, inject, publish } from "../../test-support/social";
import { type CountedDatabase, countedTestApp } from "../../test-support/statement-count";
import type { TestApp } from "../../test-support/test-app";

let t: TestApp;
let counted: CountedDatabase;
let reader: TestAccount;

beforeAll(async () => {
  ({ t, counted } = await countedTestApp());
  const [author, reposter, other] = await Promise.all([
    createAccount(t, { fullName: "Ann Author" }),
    createAccount(t, { fullName: "Rob Reposter" }),
    createAccount(t, { fullName: "Otto Other" }),
  ]);
  reader = await createAccount(t, { fullName: "Rita Reader" });
  await follow(t, reader, author);
  await follow(t, reader, reposter);
  const shared = await publish(t, other, "A post Rob shares");
  await publish(t, author, "A post of Ann's");
  expect((await inject(t, reposter, "PUT", `/api/posts/${shared.id}/repost`)).statusCode).toBe(200);
  // Both authors rename themselves: their posts leave the post cache, so the first read loads them.
  for (const [who, fullName] of [
    [author, "Ann A. Author"],
    [other, "Otto O. Other"],
  ] as const) {
    const res = await inject(t, who, "PUT", `/api/profiles/${who.userId}`, {
      fullName,
      emailAddress: who.email,
      websiteUrl: "",
      about: "",
      city: "",
      details: {},
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  // The reader's session is read once here, so it is not counted in the reads.
  expect((await inject(t, reader, "GET", "/api/activity/unread-count")).statusCode).toBe(200);
});
afterAll(() => t.close());

/** Reads the reader's feed and answers how many statements the request issued. */
async function statementsOfFeed() {
  const before = counted.statements();
  const res = await counted.counting(() => inject(t, reader, "GET", "/api/feed"));
  expect(res.statusCode).toBe(200);
  const items = res.json().items as { id: string; repostedBy?: { person: { fullName: string } } }[];
  expect(items.map((i) => i.repostedBy?.person.fullName ?? null)).toEqual(["Rob Reposter", null]);
  return counted.statements() - before;
}

describe('statements per feed read (docs/performance.md "Feed")', () => {
  it("loads a first page's own and reposted posts in one statement, and sends none to read it again", async () => {
    // The first page's keys from the timelines; as they do not fill the page, the merge per
    // followee of our posts, of posts from elsewhere and of reposts; the muted words; both posts
    // in one load, beside the reposts the rule lets through (posts/key-page.ts).
    expect(await statementsOfFeed()).toBe(7);
    // The page, its posts, the reposts shown and the muted words are kept (docs/feed.md).
    expect(await statementsOfFeed()).toBe(0);
  });
});
