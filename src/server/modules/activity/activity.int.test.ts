// Activity (spec-2 §2, §3, §4): rows written with the action, never for one's own; grouped; mark read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { follow, inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
let ada: TestAccount;
let ben: TestAccount;
let cy: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  ada = await createAccount(t, { fullName: "Ada" });
  ben = await createAccount(t, { fullName: "Ben" });
  cy = await createAccount(t, { fullName: "Cy" });
});
afterAll(async () => {
  await t.close();
});

const groups = async (who: TestAccount) =>
  (await inject(t, who, "GET", "/api/activity")).json().groups as Record<string, unknown>[];
const unread = async (who: TestAccount) =>
  (await inject(t, who, "GET", "/api/activity/unread-count")).json().count as number;

describe("activity", () => {
  it("groups likes per post, comments per post, follows together; newest first; snippets cut at 50", async () => {
    const long = `${"word ".repeat(20)}end`;
    const post = await publish(t, ada, long);
    await inject(t, ada, "POST", `/api/posts/${post.id}/like`);
    await inject(t, ben, "POST", `/api/posts/${post.id}/like`);
    await inject(t, cy, "POST", `/api/posts/${post.id}/like`);
    await follow(t, ben, ada);
    await inject(t, cy, "POST", `/api/posts/${post.id}/comments`, { content: "Lovely" });

    const list = await groups(ada);
    expect(list.map((g) => g.groupType)).toEqual(["COMMENT", "FOLLOW", "LIKE"]);
    const likes = list.find((g) => g.groupType === "LIKE") as Record<string, unknown>;
    expect(likes).toMatchObject({
      actorCount: 2,
      unread: true,
      postId: post.id,
      target: post.path,
      postDeleted: false,
    });
    expect((likes.actorsRecent as { fullName: string }[]).map((a) => a.fullName)).toEqual([
      "Cy",
      "Ben",
    ]);
    expect(likes.postSnippet).toBe(`${long.slice(0, 50)}…`);
    expect(list[0]).toMatchObject({ commentSnippet: "Lovely" });
    expect(list.find((g) => g.groupType === "FOLLOW")).toMatchObject({
      postId: null,
      target: `/${ben.handle}`,
    });
    expect(await unread(ada)).toBe(3);
  });

  it("marks one group read, then all; the badge count follows", async () => {
    const post = (await groups(ada)).find((g) => g.groupType === "LIKE")?.postId as string;
    await inject(t, ada, "POST", "/api/activity/read", { groupType: "LIKE", postId: post });
    expect((await groups(ada)).find((g) => g.groupType === "LIKE")?.unread).toBe(false);
    expect(await unread(ada)).toBe(2);
    await inject(t, ada, "POST", "/api/activity/read-all");
    expect(await unread(ada)).toBe(0);
  });

  it("tells when the post behind a group was deleted, and records nothing for one's own actions", async () => {
    const post = await publish(t, ben, "short lived");
    await inject(t, cy, "POST", `/api/posts/${post.id}/like`);
    await inject(t, ben, "POST", `/api/posts/${post.id}/like`);
    await inject(t, ben, "DELETE", `/api/posts/${post.id}`);
    const like = (await groups(ben)).find((g) => g.postId === post.id);
    // The words it had when it went (a like's notice keeps none of its own).
    expect(like).toMatchObject({
      actorCount: 1,
      postDeleted: true,
      target: null,
      postSnippet: "short lived",
    });
  });

  it("quotes a liked post's current text after its author edits it", async () => {
    const post = await publish(t, cy, "Before the edit");
    await inject(t, ben, "POST", `/api/posts/${post.id}/like`);
    const edit = await inject(t, cy, "PATCH", `/api/posts/${post.id}`, {
      content: "After the edit",
    });
    expect(edit.statusCode).toBe(200);
    const like = (await groups(cy)).find((g) => g.postId === post.id);
    expect(like).toMatchObject({ groupType: "LIKE", postSnippet: "After the edit" });
  });

  it("requires a session", async () => {
    expect((await inject(t, null, "GET", "/api/activity")).statusCode).toBe(401);
  });
});
