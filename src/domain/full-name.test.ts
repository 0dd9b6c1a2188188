import { describe, expect, it } from "vitest";
import { initials, isValidFullName, normalizeFullName } from "./full-name";

describe("full name (spec-1 §5: required, max 20; visible, no hidden characters)", () => {
  it.each([
    ["Ada Lovelace", true],
    ["A", true],
    ["x".repeat(20), true],
    ["x".repeat(21), false],
    ["", false],
    ["😀".repeat(20), true],
    ["Zoë", true],
    ["محمد", true],
    ["李小龍", true],
    ["👨‍👩‍👧", true],
    ["\u200b\u200b\u200b", false],
    ["\u3164", false],
    ["\u3164\u3164 \u3164", false],
    ["\u115f\u1160", false],
    ["\u2800\u2800", false],
    ["\u200d\u200c", false],
    ["\u202e\u202d", false],
    ["\ufe0f", false],
    ["\u0301\u0301", false],
    ["\u00ad", false],
  ])("%j valid: %s", (name, valid) => expect(isValidFullName(normalizeFullName(name))).toBe(valid));

  it.each([
    ["  Ada   Lovelace  ", "Ada Lovelace"],
    ["   ", ""],
    ["bob\u200b", "bob"],
    ["\u200bbob", "bob"],
    ["b\u200bob", "bob"],
    ["bob\u3164", "bob"],
    ["\u3164 bob \u2800", "bob"],
    ["\u202eevil\u202c", "evil"],
    ["abc\u202edcba", "abcdcba"],
    ["ab\u2066c\u2069", "abc"],
    ["Ana\u200d", "Ana"],
    ["Zoe\u0308", "Zoë"],
    ["Ada\u00a0\u3000Byron", "Ada Byron"],
    ["👨‍👩‍👧 family", "👨‍👩‍👧 family"],
    ["❤️ Ada", "❤️ Ada"],
  ])("normalizes %j to %j", (raw, expected) => expect(normalizeFullName(raw)).toBe(expected));
});

describe("initials an avatar shows without a picture", () => {
  it.each([
    ["Ada Lovelace", "AL"],
    ["Ada King Lovelace", "AL"],
    ["  grace  ", "GR"],
    ["X", "X"],
    ["", "?"],
  ])("%j shows %j", (name, expected) => expect(initials(name)).toBe(expected));
});
