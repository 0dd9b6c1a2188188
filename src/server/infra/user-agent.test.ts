import { describe, expect, it } from "vitest";
import { describeAgent } from "./user-agent";

describe("describeAgent", () => {
  it.each([
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      { browser: "Chrome 131", system: "macOS" },
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      { browser: "Safari 17", system: "iOS 17.5" },
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
      { browser: "Firefox 128", system: "Windows" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
      { browser: "Chrome 126", system: "Android 14" },
    ],
  ])("names %s", (ua, expected) => {
    expect(describeAgent(ua)).toEqual(expected);
  });

  it("says what it does not know", () => {
    expect(describeAgent(null)).toEqual({ browser: "Unknown browser", system: "Unknown system" });
    expect(describeAgent("curl/8.0")).toEqual({
      browser: "Unknown browser",
      system: "Unknown system",
    });
  });
});
