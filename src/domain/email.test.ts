import { describe, expect, it } from "vitest";
import { emailRefusalMessage, isEmailShaped, isOwnDomainAddress, normalizeEmail } from "./email";

describe("normalizeEmail", () => {
  it.each([
    ["  Ada@Example.COM ", "ada@example.com"],
    ["bob@example.com", "bob@example.com"],
    ["\tMIXED.Case+tag@Mail.Example.org\n", "mixed.case+tag@mail.example.org"],
  ])("%j → %s", (raw, expected) => expect(normalizeEmail(raw)).toBe(expected));
});

describe("isEmailShaped", () => {
  it.each([
    ["ada@example.com", true],
    ["a.b+c@sub.example.co.uk", true],
    ["no-at-sign", false],
    ["two@@example.com", false],
    ["@example.com", false],
    ["ada@", false],
    ["ada@localhost", false],
    [`${"a".repeat(250)}@example.com`, false],
  ])("%s → %s", (email, expected) => expect(isEmailShaped(email)).toBe(expected));
});

describe("isOwnDomainAddress (spec-1 §1)", () => {
  it.each([
    ["ada@chtcht.local", "chtcht.local", true],
    [" Ada@CHTCHT.Local ", "chtcht.local", true],
    ["ada@chtcht.local", "Chtcht.Local", true],
    ["ada@mail.chtcht.local", "chtcht.local", false],
    ["ada@chtcht.local.example", "chtcht.local", false],
    ["ada@example.net", "chtcht.local", false],
  ])("%j on %s → %s", (address, domain, expected) =>
    expect(isOwnDomainAddress(address, domain)).toBe(expected),
  );
});

describe("emailRefusalMessage (spec-1 §5)", () => {
  it.each([
    [
      "blocked-domain",
      "This email provider is not supported. Please use a standard provider like Gmail, Outlook, or iCloud.",
    ],
    [
      "blocked-mx",
      "This email provider is not supported. Please use a standard provider like Gmail, Outlook, or iCloud.",
    ],
    ["invalid-email", "Please enter a valid email address."],
    ["not-allowed", "This email provider is not allowed."],
  ] as const)("%s", (reason, message) => expect(emailRefusalMessage(reason)).toBe(message));
});
