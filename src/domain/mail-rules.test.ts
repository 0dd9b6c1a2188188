import { describe, expect, it } from "vitest";
import { normalizeSubject } from "./mail-rules";

describe("normalizeSubject (spec-1 §3, §5)", () => {
  it.each([
    [undefined, null],
    [null, null],
    ["", null],
    ["   ", null],
    ["empty", null],
    [" Empty ", null],
    ["  Lunch?  ", "Lunch?"],
    ["empty box", "empty box"],
  ])("%j → %j", (input, expected) => {
    expect(normalizeSubject(input)).toBe(expected);
  });
});
