// Test helpers for the social features: follow, post, like and comment through the real API.
import { sql } from "drizzle-orm";
import { queryRows } from "../db/client";
import type { TestAccount } from "./accounts";
import type { TestApp } from "./test-app";

export async function follow(t: TestApp, who: TestAccount, target: TestAccount) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/follows/toggle",
    headers: { cookie: who.cookie },
    payload: { targetUserId: target.userId },
  });
  if (res.json().following !== true) throw new Error(`follow did not follow: ${res.body}`);
}

export async function publish(
  t: TestApp,
  who: TestAccount,
  content: string,
): Promise<{ id: string; path: string }> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/posts",
    headers: { cookie: who.cookie },
    payload: { content },
  });
  if (res.statusCode !== 201) throw new Error(`post failed: ${res.body}`);
  return res.json().post;
}

export function inject(
  t: TestApp,
  who: TestAccount | null,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
}

/** A post's stored quote count beside a recount of its live, attached quotes
 * (docs/feed.md "Reposts and quotes"): the two must agree. */
export async function quoteCounts(t: TestApp, postId: string) {
  const [row] = await queryRows<{ stored: number; counted: number }>(
    t.database.db,
    sql`select quotes_count as stored,
          (select count(*) from posts q where q.quote_of = ${postId}
            and q.deleted_at is null and not q.quote_detached)::int as counted
        from posts where id = ${postId}`,
  );
  return row;
}
