// sendOnce (docs/outbox.md "Answered once"): one Idempotency-Key per request, kept while its answer
// is unknown and new once it was answered.
import { describe, expect, it } from "vitest";
import { ApiRequestError } from "../lib/api";
import { sendOnce } from "./once-key";

/** Sends `path` once through sendOnce, failing with `failure` when given; the key it carried. */
async function keyOf(path: string, body: unknown, failure?: unknown): Promise<string> {
  let key = "";
  await sendOnce(path, body, async (headers) => {
    key = headers["idempotency-key"] ?? "";
    if (failure) throw failure;
    return null;
  }).catch(() => null);
  return key;
}

const refusal = new ApiRequestError({ status: 404, code: "not_found", message: "Post not found" });
const unavailable = new ApiRequestError({ status: 503, code: "unavailable", message: "" });

describe("sendOnce", () => {
  it("sends the same key again after a lost answer or a 503, and a new one once answered", async () => {
    const first = await keyOf("/api/posts/p1/like", {}, new TypeError("Failed to fetch"));
    expect(first).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(await keyOf("/api/posts/p1/like", {}, unavailable)).toBe(first);
    expect(await keyOf("/api/posts/p1/like", {})).toBe(first);
    // Answered: the next press is a new request.
    const next = await keyOf("/api/posts/p1/like", {});
    expect(next).not.toBe(first);
    expect(await keyOf("/api/posts/p1/like", {})).not.toBe(next);
  });

  it("gives a refused request's retry a new key, and another request its own", async () => {
    const refused = await keyOf("/api/follows/toggle", { targetUserId: "u1" }, refusal);
    expect(await keyOf("/api/follows/toggle", { targetUserId: "u1" })).not.toBe(refused);
    const lost = await keyOf("/api/follows/toggle", { targetUserId: "u2" }, new TypeError("x"));
    expect(await keyOf("/api/follows/toggle", { targetUserId: "u3" })).not.toBe(lost);
  });

  it("forgets a lost request once its place sends another, so a message written anew is new", async () => {
    const lost = await keyOf("/api/mail/send", { body: "Hello" }, new TypeError("x"));
    expect(await keyOf("/api/mail/send", { body: "Hello there" })).not.toBe(lost);
    expect(await keyOf("/api/mail/send", { body: "Hello" })).not.toBe(lost);
  });

  it("tells forms apart by their fields and files", async () => {
    const form = (text: string, size: number) => {
      const data = new FormData();
      data.append("content", text);
      data.append("image", new File([new Uint8Array(size)], "a.png", { type: "image/png" }));
      return data;
    };
    const lost = new TypeError("Failed to fetch");
    const first = await keyOf("/api/posts", form("Hi", 10), lost);
    expect(await keyOf("/api/posts", form("Hi", 10), lost)).toBe(first);
    const otherFile = await keyOf("/api/posts", form("Hi", 11), lost);
    expect(otherFile).not.toBe(first);
    expect(await keyOf("/api/posts", form("Hi!", 11))).not.toBe(otherFile);
  });
});
