import { describe, expect, it } from "vitest";
import { clipText } from "./graphemes";

describe("clipText: at most max UTF-16 units, never inside a grapheme", () => {
  it.each([
    ["short", 10, "short"],
    ["exactly10!", 10, "exactly10!"],
    ["abcdefghijk", 10, "abcdefghi…"],
    [`${"a".repeat(8)}😀😀`, 10, `${"a".repeat(8)}…`],
    [`${"a".repeat(7)}😀😀`, 10, `${"a".repeat(7)}😀…`],
    [`${"a".repeat(6)}👍🏽x`, 10, `${"a".repeat(6)}…`],
    [`${"a".repeat(5)}👍🏽xyz`, 10, `${"a".repeat(5)}👍🏽…`],
    [`${"a".repeat(5)}🇫🇷🇫🇷`, 10, `${"a".repeat(5)}🇫🇷…`],
    ["e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301", 10, "e\u0301e\u0301e\u0301e\u0301…"],
  ])("%j cut at %i is %j", (text, max, expected) => {
    const clipped = clipText(text, max);
    expect(clipped).toBe(expected);
    expect(clipped.length).toBeLessThanOrEqual(max);
    expect(clipped).not.toContain("\ufffd");
    expect(Buffer.from(clipped).toString()).toBe(clipped);
  });
});
