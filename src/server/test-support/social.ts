// Test helpers for the social features: follow, post, like and comment through the real API.
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
