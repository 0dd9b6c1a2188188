import { describe, expect, it } from "vitest";
import { isValidFullName, normalizeFullName } from "./full-name";

describe("full name (spec-1 §5: required, max 20)", () => {
  it.each([
    ["Ada Lovelace", true],
    ["A", true],
    ["x".repeat(20), true],
    ["x".repeat(21), false],
    ["", false],
    ["😀".repeat(20), true],
  ])("%j valid: %s", (name, valid) => expect(isValidFullName(normalizeFullName(name))).toBe(valid));

  it.each([
    ["  Ada   Lovelace  ", "Ada Lovelace"],
    ["   ", ""],
  ])("normalizes %j to %j", (raw, expected) => expect(normalizeFullName(raw)).toBe(expected));
});
