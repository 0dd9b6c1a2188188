// A post, a comment, a like and a follow with an Idempotency-Key (docs/outbox.md "Answered once"):
// the request sent again, as a client does when its answer was lost, changes nothing more and is
// answered as the first one was; without a key a toggle toggles; the same key with another request
// is 422 and changes nothing; a request refused keeps nothing, so its retry is judged afresh.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/client";
import { createAccount, type TestAccount } from "../test-support/accounts";
import { publish } from "../test-support/social";
import { createTestApp, type TestApp } from "../test-support/test-app";

let t: TestApp;
let ann: TestAccount;
let bo: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  [ann, bo] = await Promise.all([
    createAccount(t, { fullName: "Ann" }),
    createAccount(t, { fullName: "Bo" }),
  ]);
});
afterAll(() => t.close());

let keys = 0;
const newKey = () => `once-${Date.now()}-${++keys}`;

const send = (who: TestAccount, url: string, payload: object | undefined, key?: string) =>
  t.app.inject({
    method: "POST",
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: { cookie: who.cookie, ...(key === undefined ? {} : { "idempotency-key": key }) },
  });

const count = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(t.database.db, query))[0]?.n;

describe("a write sent again with its Idempotency-Key", () => {
  it("stores one post and answers the repeat with it", async () => {
    const key = newKey();
    const payload = { content: "A post sent twice, stored once" };
    const first = await send(ann, "/api/posts", payload, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const repeat = await send(ann, "/api/posts", payload, `"${key}"`);
    expect(repeat.statusCode, repeat.body).toBe(201);
    expect(repeat.headers["idempotent-replayed"]).toBe("true");
    expect(repeat.json().post).toMatchObject({
      id: first.json().post.id,
      content: payload.content,
    });
    expect(
      await count(sql`select count(*)::int as n from posts where content = ${payload.content}`),
    ).toBe(1);

    const other = await send(ann, "/api/posts", { content: "Another post, same key" }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe("idempotency_key_reused");
    expect(
      await count(
        sql`select count(*)::int as n from posts where content = 'Another post, same key'`,
      ),
    ).toBe(0);
  });

  it("stores one comment and answers the repeat with it", async () => {
    const post = await publish(t, bo, "Bo's post, commented once");
    const key = newKey();
    const url = `/api/posts/${post.id}/comments`;
    const first = await send(ann, url, { content: "Once only" }, key);
    const repeat = await send(ann, url, { content: "Once only" }, key);
    expect([first.statusCode, repeat.statusCode]).toEqual([201, 201]);
    expect(repeat.json()).toEqual(first.json());
    expect(repeat.headers["idempotent-replayed"]).toBe("true");
    expect(await count(sql`select comments_count::int as n from posts where id = ${post.id}`)).toBe(
      1,
    );
  });

  it("likes once: the repeat of a like does not take it back", async () => {
    const post = await publish(t, bo, "Bo's post, liked once");
    const url = `/api/posts/${post.id}/like`;
    const key = newKey();
    const first = await send(ann, url, undefined, key);
    const repeat = await send(ann, url, undefined, key);
    expect(first.json()).toEqual({ liked: true, likesCount: 1 });
    expect(repeat.json()).toEqual({ liked: true, likesCount: 1 });
    expect(repeat.headers["idempotent-replayed"]).toBe("true");
    expect(await count(sql`select likes_count::int as n from posts where id = ${post.id}`)).toBe(1);
    // A new key is a new press of the button: it takes the like back.
    expect((await send(ann, url, undefined, newKey())).json()).toEqual({
      liked: false,
      likesCount: 0,
    });
  });

  it("follows once: the repeat of a follow does not unfollow", async () => {
    const target = await createAccount(t, { fullName: "Cy" });
    const body = { targetUserId: target.userId };
    const key = newKey();
    const first = await send(ann, "/api/follows/toggle", body, key);
    const repeat = await send(ann, "/api/follows/toggle", body, key);
    expect(first.json()).toMatchObject({ following: true, state: "following" });
    expect(repeat.json()).toEqual(first.json());
    expect(repeat.headers["idempotent-replayed"]).toBe("true");
    expect(
      await count(
        sql`select count(*)::int as n from followers where following_id = ${target.userId}`,
      ),
    ).toBe(1);
    // Without a key, each request toggles.
    expect((await send(ann, "/api/follows/toggle", body)).json().following).toBe(false);
    expect((await send(ann, "/api/follows/toggle", body)).json().following).toBe(true);
  });

  it("keeps nothing for a refused request: its retry is judged afresh", async () => {
    const key = newKey();
    const missing = await send(
      ann,
      "/api/posts/00000000-0000-4000-8000-000000000000/like",
      undefined,
      key,
    );
    expect(missing.statusCode).toBe(404);
    const post = await publish(t, bo, "Bo's post, liked on the second try");
    // The key was not spent on the refusal: used again for another request it is not 422.
    const liked = await send(ann, `/api/posts/${post.id}/like`, undefined, key);
    expect(liked.statusCode).toBe(200);
    expect(liked.json().liked).toBe(true);
  });

  it("refuses a key longer than 255 characters with 400, changing nothing", async () => {
    const refused = await send(ann, "/api/posts", { content: "Long key" }, "k".repeat(256));
    expect(refused.statusCode).toBe(400);
    expect(await count(sql`select count(*)::int as n from posts where content = 'Long key'`)).toBe(
      0,
    );
  });
});
