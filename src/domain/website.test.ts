import { describe, expect, it } from "vitest";
import { normalizeWebsite, websiteHref, websiteLabel } from "./website";

describe("normalizeWebsite (spec-2 §5)", () => {
  it.each([
    ["https://www.example.com/", "example.com"],
    ["http://example.com///", "example.com"],
    ["WWW.Example.com/about/", "Example.com/about"],
    ["  example.org/path?q=1  ", "example.org/path?q=1"],
    ["", null],
    ["   ", null],
    ["javascript:alert(1)", undefined],
    ["data:text/html,hi", undefined],
    ["ftp://example.com", undefined],
    ["not a site", undefined],
    ["localhost", undefined],
    ["https://user:pw@example.com", undefined],
  ])("%j → %j", (raw, stored) => expect(normalizeWebsite(raw)).toBe(stored));
});

describe("websiteHref (only http(s) links)", () => {
  it.each([
    ["example.com", "https://example.com/"],
    ["example.com/a b", "https://example.com/a%20b"],
    ["http://example.com", "http://example.com/"],
    [null, null],
    ["", null],
  ])("%j → %j", (stored, href) => expect(websiteHref(stored)).toBe(href));
});

describe("websiteLabel", () => {
  it.each([
    ["https://www.example.com/", "example.com"],
    ["example.com/me", "example.com/me"],
  ])("%j → %j", (stored, label) => expect(websiteLabel(stored)).toBe(label));
});
