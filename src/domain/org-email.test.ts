import { describe, expect, it } from "vitest";
import { isAtDomainOfLinks } from "./org-email";

describe("isAtDomainOfLinks", () => {
  it.each([
    ["press@acme.org", ["https://acme.org"], true],
    ["press@acme.org", ["https://www.acme.org/about"], true],
    ["press@acme.org", ["https://shop.acme.org"], true],
    ["press@news.acme.org", ["https://acme.org"], true],
    ["PRESS@ACME.ORG", ["https://Acme.org"], true],
    ["press@acme.org", ["https://example.com", "https://acme.org/x"], true],
    ["press@gmail.com", ["https://acme.org"], false],
    ["press@notacme.org", ["https://acme.org"], false],
    ["press@acme.org", ["https://acme.org.evil.com"], false],
    ["press@acme.org", ["not a link"], false],
    ["press@localhost", ["https://localhost"], false],
  ])("%s with %j → %s", (email, links, expected) => {
    expect(isAtDomainOfLinks(email, links)).toBe(expected);
  });
});
