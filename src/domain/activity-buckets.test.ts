import { describe, expect, it } from "vitest";
import { activityBucket, badgeCount, warnedSnippet } from "./activity-buckets";

const now = new Date("2026-11-21T12:00:00Z");
const H = 60 * 60 * 1000;

describe("activityBucket (spec-2 §9)", () => {
  it.each([
    [0, "New"],
    [23.9 * H, "New"],
    [24 * H, "Yesterday"],
    [47.9 * H, "Yesterday"],
    [48 * H, "Last 7 days"],
    [7 * 24 * H - 1, "Last 7 days"],
    [7 * 24 * H, "Last 30 days"],
    [30 * 24 * H - 1, "Last 30 days"],
    [30 * 24 * H, "Older"],
  ])("%i ms old → %s", (age, bucket) =>
    expect(activityBucket(new Date(now.getTime() - age), now)).toBe(bucket),
  );
});

describe("warnedSnippet without a warning (cut at 50)", () => {
  it.each([
    [null, null],
    ["", null],
    ["short", "short"],
    ["x".repeat(50), "x".repeat(50)],
    ["x".repeat(51), `${"x".repeat(50)}…`],
    ["line\nbreaks   and  spaces", "line breaks and spaces"],
    ["🎉".repeat(51), `${"🎉".repeat(50)}…`],
  ])("%j → %j", (text, cut) => expect(warnedSnippet(text, null)).toBe(cut));
});

describe("badgeCount", () => {
  it.each([
    [0, "0"],
    [99, "99"],
    [100, "99+"],
  ])("%i → %s", (n, label) => expect(badgeCount(n)).toBe(label));
});

describe("warnedSnippet", () => {
  it("quotes the warning instead of the words, cut like any snippet", () => {
    expect(warnedSnippet("The butler did it", "Spoilers")).toBe("Content warning: Spoilers");
    expect(warnedSnippet("The butler did it", null)).toBe("The butler did it");
    expect(warnedSnippet("words", "w".repeat(60))).toBe(`Content warning: ${"w".repeat(33)}…`);
  });
});
