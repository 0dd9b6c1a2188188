// Whether an account is new (docs/safety.md "New accounts"): the day it stops being so, and the
// moment a new author's links become links.
import { describe, expect, it } from "vitest";
import { isNewAccount, linksInert, newAccountsSince } from "./new-accounts";

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-11-29T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe("new accounts", () => {
  it.each([
    ["made a minute ago", ago(60_000), true],
    ["one millisecond short of 7 days", ago(7 * DAY - 1), true],
    ["exactly 7 days old", ago(7 * DAY), false],
    ["8 days old", ago(8 * DAY), false],
    ["gone", null, true],
  ])("%s: new is %s", (_, createdAt, young) => {
    expect(isNewAccount(createdAt, NOW, 7)).toBe(young);
    if (createdAt) expect(linksInert(createdAt, newAccountsSince(NOW, 7))).toBe(young);
  });

  it("has no new accounts while the limits are off (NEW_ACCOUNT_DAYS=0)", () => {
    expect(newAccountsSince(NOW, 0)).toBeNull();
    expect(linksInert(ago(60_000), null)).toBe(false);
  });
});
