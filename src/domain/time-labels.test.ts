import { describe, expect, it } from "vitest";
import {
  calendarDateLabel,
  clockTime,
  longDateLabel,
  postDateLabel,
  shortDateLabel,
  threadTimeLabel,
  timeStamp,
} from "./time-labels";

const now = new Date(2026, 10, 21, 15, 0, 0);
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe("timeStamp's shown text: s, m, h, d under a week, then the day", () => {
  it.each([
    [0, "0s"],
    [59 * S, "59s"],
    [59 * S + 999, "59s"],
    [60 * S, "1m"],
    [59 * M, "59m"],
    [60 * M - 1, "59m"],
    [60 * M, "1h"],
    [23 * H, "23h"],
    [24 * H - 1, "23h"],
    [24 * H, "1d"],
    [6 * D, "6d"],
    [7 * D - 1, "6d"],
    // A week ago to the millisecond: the day (November 14 of this year).
    [7 * D, "Nov 14"],
    [30 * D, "Oct 22"],
    [-5 * S, "0s"],
  ])("%i ms ago → %s", (ms, label) => expect(timeStamp(ago(ms), now).short).toBe(label));

  it.each([
    // The year changes the label, not the distance: a week into January, December 31 has its year.
    [new Date(2026, 11, 31, 23, 59), new Date(2027, 0, 8, 0, 0), "Dec 31, 2026"],
    [new Date(2026, 11, 31, 23, 59), new Date(2027, 0, 1, 0, 1), "2m"],
    [new Date(2027, 0, 1, 0, 0), new Date(2027, 0, 8, 0, 0), "Jan 1"],
    [new Date(2025, 10, 3, 9, 0), now, "Nov 3, 2025"],
  ])("%s seen at %s → %s", (at, seenAt, label) => expect(timeStamp(at, seenAt).short).toBe(label));
});

describe("threadTimeLabel (spec-1 §2)", () => {
  it.each([
    [new Date(2026, 10, 21, 9, 5), "9:05 AM"],
    [new Date(2026, 10, 20, 23, 59), "Yesterday"],
    [new Date(2026, 10, 17, 12, 0), "Tuesday"],
    [new Date(2026, 10, 14, 12, 0), "Nov 14"],
    [new Date(2025, 0, 2, 12, 0), "Jan 2"],
  ])("%s → %s", (at, label) => expect(threadTimeLabel(at, now)).toBe(label));
});

describe("postDateLabel (numeric date, 12-hour time)", () => {
  it("formats like 11/21/2026, 3:00 PM", () => {
    expect(postDateLabel(now)).toBe("11/21/2026, 3:00 PM");
  });
});

describe("the written-out en-US words equal Intl's", () => {
  // Every month, every weekday, every hour, both sides of noon and midnight, single and double
  // digit days and minutes, a leap day.
  const dates = Array.from(
    { length: 400 },
    (_, i) => new Date(2024, 0, 1 + i * 3, i % 24, (i * 7) % 60),
  );
  dates.push(
    new Date(2024, 1, 29, 0, 0),
    new Date(2026, 11, 31, 12, 5),
    new Date(2027, 0, 1, 23, 59),
  );

  it.each(dates.map((at) => [at.toISOString(), at]))("%s", (_, at) => {
    expect(clockTime(at)).toBe(
      at.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" }),
    );
    expect(postDateLabel(at)).toBe(
      at.toLocaleString("en-US", {
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        hour12: true,
      }),
    );
    expect(longDateLabel(at)).toBe(
      at.toLocaleDateString("en-US", {
        year: "numeric",
        month: "long",
        day: "numeric",
        timeZone: "UTC",
      }),
    );
    const nextYear = new Date(at.getFullYear() + 1, 5, 1);
    expect(shortDateLabel(at, at)).toBe(
      at.toLocaleDateString("en-US", { month: "short", day: "numeric" }),
    );
    expect(shortDateLabel(at, nextYear)).toBe(
      at.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" }),
    );
    expect(calendarDateLabel(at)).toBe(
      at.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" }),
    );
    const weekAgo = new Date(at.getTime() + 3 * 24 * 3600_000);
    expect(threadTimeLabel(at, weekAgo)).toBe(at.toLocaleDateString("en-US", { weekday: "long" }));
    const later = new Date(at.getTime() + 30 * 24 * 3600_000);
    expect(threadTimeLabel(at, later)).toBe(
      at.toLocaleDateString("en-US", { month: "short", day: "numeric" }),
    );
  });
});

describe("timeStamp: the relative form shown, the full local date and time as its tooltip", () => {
  it.each([
    [ago(7 * M), "7m", "11/21/2026, 2:53 PM"],
    [ago(15 * H), "15h", "11/21/2026, 12:00 AM"],
    [ago(8 * D), "Nov 13", "11/13/2026, 3:00 PM"],
  ])("%s → %s, %s", (at, short, full) => expect(timeStamp(at, now)).toMatchObject({ short, full }));

  it("tells whether the shown text is relative (a sentence says 'ago' only then)", () => {
    expect(timeStamp(ago(6 * D), now).relative).toBe(true);
    expect(timeStamp(ago(7 * D), now).relative).toBe(false);
  });
});
