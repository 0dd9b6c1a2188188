import { describe, expect, it } from "vitest";
import { digitsFromPaste, isOtpCode } from "./otp";

describe("isOtpCode (six digits, 100000–999999)", () => {
  it.each([
    ["123456", true],
    ["999999", true],
    ["100000", true],
    ["099999", false],
    ["12345", false],
    ["1234567", false],
    ["12a456", false],
    [" 123456", false],
    ["", false],
  ])("%j → %s", (code, ok) => expect(isOtpCode(code)).toBe(ok));
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
