import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  EMAIL_PATTERN,
  emailRefusalMessage,
  isEmailShaped,
  isOwnDomainAddress,
  normalizeEmail,
} from "./email";

describe("normalizeEmail", () => {
  it.each([
    ["  Ada@Example.COM ", "ada@example.com"],
    ["bob@example.com", "bob@example.com"],
    ["\tMIXED.Case+tag@Mail.Example.org\n", "mixed.case+tag@mail.example.org"],
  ])("%j → %s", (raw, expected) => expect(normalizeEmail(raw)).toBe(expected));
});

describe("isEmailShaped", () => {
  it("checks zod's own pattern, the one z.email() checks on the server", () => {
    // The same pattern up to escaped hyphens, which match a hyphen either way.
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source.replaceAll("\\-", "-"));
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });

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
    [
      "own-domain",
      "Addresses on chtcht.local are mailboxes of this product; use an e-mail address elsewhere.",
    ],
    ["not-allowed", "This email provider is not allowed."],
  ] as const)("%s", (reason, message) =>
    expect(emailRefusalMessage(reason, "chtcht.local")).toBe(message),
  );
});
