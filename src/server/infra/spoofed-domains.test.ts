import { describe, expect, it } from "vitest";
import { isHeavilySpoofed } from "./spoofed-domains";

describe("heavily spoofed domains", () => {
  it.each([
    ["paypal.com", true],
    ["PayPal.COM", true],
    ["paypal.com.", true],
    ["mail.paypal.com", true],
    ["a.b.chase.com", true],
    ["gmail.com", true],
    ["paypal.com.evil.example", false],
    ["notpaypal.com", false],
    ["paypal.co", false],
    ["com", false],
    ["outside.example", false],
  ])("%s: %s", (domain, expected) => {
    expect(isHeavilySpoofed(domain)).toBe(expected);
  });
});
