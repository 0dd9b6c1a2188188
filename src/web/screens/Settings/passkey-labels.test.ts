import { describe, expect, it } from "vitest";
import { lastUsedLabel, suggestedPasskeyName } from "./passkey-labels";

describe("suggestedPasskeyName", () => {
  it.each([
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome on macOS",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari on iOS",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox on Linux"],
    ["curl/8.0", "My passkey"],
    ["", "My passkey"],
  ])("%s → %s", (userAgent, name) => {
    expect(suggestedPasskeyName(userAgent)).toBe(name);
  });
});

describe("lastUsedLabel", () => {
  const now = new Date("2026-03-10T12:00:00.000Z");
  it.each([
    [null, "Never used"],
    ["2026-03-10T11:55:00.000Z", "Last used 5 minutes ago"],
    ["2026-03-01T12:00:00.000Z", "Last used March 1, 2026"],
  ])("%s → %s", (lastUsedAt, label) => {
    expect(lastUsedLabel(lastUsedAt, now)).toBe(label);
  });
});
