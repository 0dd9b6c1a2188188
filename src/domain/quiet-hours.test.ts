// Quiet hours (docs/notifications.md "Quiet hours"): whether an instant is inside a person's daily
// window and when the window ends, across midnight and summer-time changes.
import { describe, expect, it } from "vitest";
import { clockOf, minutesOf, quietUntil } from "./quiet-hours";

const night = (timeZone: string) => ({
  start: minutesOf("22:00"),
  end: minutesOf("07:00"),
  timeZone,
});

describe("quietUntil", () => {
  it.each([
    // UTC, a window past midnight.
    ["2026-11-30T21:59:59Z", "UTC", null],
    ["2026-11-30T22:00:00Z", "UTC", "2026-12-01T07:00:00.000Z"],
    ["2026-11-30T23:30:10Z", "UTC", "2026-12-01T07:00:00.000Z"],
    ["2026-12-01T06:59:59Z", "UTC", "2026-12-01T07:00:00.000Z"],
    ["2026-12-01T07:00:00Z", "UTC", null],
    ["2026-12-01T12:00:00Z", "UTC", null],
    // New York in winter is UTC−5: 22:00 there is 03:00 UTC.
    ["2026-12-01T02:59:00Z", "America/New_York", null],
    ["2026-12-01T03:00:00Z", "America/New_York", "2026-12-01T12:00:00.000Z"],
    // Tokyo, UTC+9, no summer time.
    ["2026-11-30T14:00:00Z", "Asia/Tokyo", "2026-11-30T22:00:00.000Z"],
  ])("at %s in %s → %s", (at, zone, until) => {
    expect(quietUntil(new Date(at), night(zone))?.toISOString() ?? null).toBe(until);
  });

  it("ends when the local clock reads the end across the spring change (Berlin, 29 March 2026)", () => {
    // 22:00 CET on the 28th is 21:00Z; clocks go 02:00 → 03:00 CEST, so 07:00 is 05:00Z.
    expect(
      quietUntil(new Date("2026-03-28T21:30:00Z"), night("Europe/Berlin"))?.toISOString(),
    ).toBe("2026-03-29T05:00:00.000Z");
  });

  it("ends when the local clock reads the end across the autumn change (Berlin, 25 October 2026)", () => {
    // Clocks go 03:00 → 02:00 CET, so 07:00 is 06:00Z.
    expect(
      quietUntil(new Date("2026-10-24T21:00:00Z"), night("Europe/Berlin"))?.toISOString(),
    ).toBe("2026-10-25T06:00:00.000Z");
  });

  it("ends at the first minute after an end the spring change skips", () => {
    const window = {
      start: minutesOf("01:00"),
      end: minutesOf("02:30"),
      timeZone: "Europe/Berlin",
    };
    // 01:30 CET on 29 March is 00:30Z; 02:30 does not exist that night, 03:30 CEST is 01:30Z.
    expect(quietUntil(new Date("2026-03-29T00:30:00Z"), window)?.toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
  });

  it("holds a window within one day", () => {
    const window = { start: minutesOf("13:00"), end: minutesOf("14:00"), timeZone: "UTC" };
    expect(quietUntil(new Date("2026-11-30T13:15:00Z"), window)?.toISOString()).toBe(
      "2026-11-30T14:00:00.000Z",
    );
    expect(quietUntil(new Date("2026-11-30T22:15:00Z"), window)).toBeNull();
  });
});

describe("minutesOf and clockOf", () => {
  it.each([
    ["00:00", 0],
    ["07:05", 425],
    ["23:59", 1439],
  ])("%s is minute %i", (clock, minutes) => {
    expect(minutesOf(clock)).toBe(minutes);
    expect(clockOf(minutes)).toBe(clock);
  });
});
