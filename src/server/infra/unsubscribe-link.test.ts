import { describe, expect, it } from "vitest";
import { readUnsubscribeToken, unsubscribeHeaders, unsubscribeToken } from "./unsubscribe-link";

const key = { secret: "the session secret" };

describe("unsubscribe tokens", () => {
  it.each([
    ["a plain id", "u_123"],
    ["dots and slashes", "a.b/c+d"],
  ])("name the person and the kind they were made for (%s)", (_label, userId) => {
    for (const kind of ["digest", "messages"] as const) {
      const token = unsubscribeToken(key, { userId, kind });
      expect(token).toMatch(/^(digest|messages)\.[\w-]+\.[\w-]+$/);
      expect(readUnsubscribeToken(key, token)).toEqual({ userId, kind });
    }
  });

  it("read nothing from a token signed with another secret, altered, or not one at all", () => {
    const token = unsubscribeToken(key, { userId: "u_1", kind: "messages" });
    const [, user, mac] = token.split(".");
    const other = unsubscribeToken({ secret: "another" }, { userId: "u_1", kind: "messages" });
    const someoneElse = Buffer.from("u_2").toString("base64url");
    for (const bad of [
      other,
      `digest.${user}.${mac}`,
      `weekly.${user}.${mac}`,
      `messages.${someoneElse}.${mac}`,
      `${token}x`,
      `${token}.more`,
      "messages..",
      "",
    ]) {
      expect(readUnsubscribeToken(key, bad), bad).toBeNull();
    }
  });

  it("give the RFC 8058 header pair", () => {
    expect(unsubscribeHeaders("https://x.example/settings/unsubscribe/t")).toEqual({
      "List-Unsubscribe": "<https://x.example/settings/unsubscribe/t>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});
