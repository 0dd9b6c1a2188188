// What a toggle costs the database (docs/performance.md "Posts, likes and follows"): the statements
// one like, unlike, follow and unfollow issue, counted on the database's connections (BEGIN and
// COMMIT included), so the toggles cannot grow back unseen.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { inject, publish } from "../../test-support/social";
import { type CountedDatabase, countedTestApp } from "../../test-support/statement-count";
import type { TestApp } from "../../test-support/test-app";

let t: TestApp;
let counted: CountedDatabase;
let ann: TestAccount;
let bo: TestAccount;

beforeAll(async () => {
  ({ t, counted } = await countedTestApp());
  [ann, bo] = await Promise.all([
    createAccount(t, { fullName: "Ann" }),
    createAccount(t, { fullName: "Bo" }),
  ]);
  // Both sessions read once here, so they are not counted in the toggles.
  for (const who of [ann, bo]) {
    expect((await inject(t, who, "GET", "/api/activity/unread-count")).statusCode).toBe(200);
  }
});
afterAll(() => t.close());

/** Makes the request and answers its JSON and how many statements it issued. */
async function statementsOf(who: TestAccount, url: string, body?: object) {
  const before = counted.statements();
  const res = await counted.counting(() => inject(t, who, "POST", url, body));
  expect(res.statusCode).toBe(200);
  return { json: res.json(), statements: counted.statements() - before };
}

describe('statements per toggle (docs/performance.md "Posts, likes and follows")', () => {
  it("a like and an unlike", async () => {
    const post = await publish(t, ann, "something to like");
    // BEGIN, the toggle's one statement (with Ann's activity row and her browsers), COMMIT.
    const like = await statementsOf(bo, `/api/posts/${post.id}/like`);
    expect(like.json).toEqual({ liked: true, likesCount: 1 });
    expect(like.statements).toBe(3);
    // BEGIN, the toggle's one statement, COMMIT.
    const unlike = await statementsOf(bo, `/api/posts/${post.id}/like`);
    expect(unlike.json).toEqual({ liked: false, likesCount: 0 });
    expect(unlike.statements).toBe(3);
  });

  it("a follow and an unfollow", async () => {
    const toggle = () => statementsOf(bo, "/api/follows/toggle", { targetUserId: ann.userId });
    // BEGIN, the pair's lock, its state, the follow's one statement (with Ann's browsers),
    // COMMIT.
    const followed = await toggle();
    expect(followed.json.state).toBe("following");
    expect(followed.statements).toBe(5);
    // BEGIN, the pair's lock, its state, the unfollow's one statement, COMMIT.
    const unfollowed = await toggle();
    expect(unfollowed.json.state).toBe("none");
    expect(unfollowed.statements).toBe(5);
  });
});
