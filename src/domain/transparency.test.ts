import { describe, expect, it } from "vitest";
import { durationLabel, yearRange } from "./transparency";

describe("durationLabel", () => {
  it.each([
    [0, "under a minute"],
    [59.999, "under a minute"],
    [60, "1 minute"],
    [89, "1 minute"],
    [90.5, "2 minutes"],
    [3599, "1 hour"],
    [47 * 3600 + 59 * 60 + 30, "2 days"],
    [3600, "1 hour"],
    [5400, "1 hour 30 minutes"],
    [7260, "2 hours 1 minute"],
    [47 * 3600 + 59 * 60, "47 hours 59 minutes"],
    [2 * 86400, "2 days"],
    [2 * 86400 + 3600, "2 days 1 hour"],
    [3 * 86400 + 4 * 3600 + 1200, "3 days 4 hours"],
    [400 * 86400, "400 days"],
  ])("reads %d seconds as '%s'", (seconds, label) => {
    expect(durationLabel(seconds)).toBe(label);
  });
});

describe("yearRange", () => {
  it("is the UTC calendar year, its last millisecond inside and the next year's first outside", () => {
    const { from, to } = yearRange(2025);
    expect(from.toISOString()).toBe("2025-01-01T00:00:00.000Z");
    expect(to.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    const last = new Date("2025-12-31T23:59:59.999Z");
    expect(last >= from && last < to).toBe(true);
  });
});
