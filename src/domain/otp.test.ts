import { describe, expect, it } from "vitest";
import { digitsFromPaste, isOtpEntry } from "./otp";

describe("isOtpEntry (exactly six digits)", () => {
  it.each([
    ["123456", true],
    ["999999", true],
    ["100000", true],
    // Issued codes start at 100000; this one is wrong, not short (the server says so).
    ["099999", true],
    ["12345", false],
    ["1234567", false],
    ["12a456", false],
    [" 123456", false],
    ["", false],
  ])("%j → %s", (code, ok) => expect(isOtpEntry(code)).toBe(ok));
});

describe("digitsFromPaste keeps the first six digits", () => {
  it.each([
    ["123456", "123456"],
    ["123 456", "123456"],
    ["Your code: 987-654-321", "987654"],
    ["12", "12"],
    ["abc", ""],
  ])("%j → %j", (text, digits) => expect(digitsFromPaste(text)).toBe(digits));
});
