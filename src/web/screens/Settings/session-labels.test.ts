import { describe, expect, it } from "vitest";
import { lastActiveLabel, sessionName, signedOutMessage } from "./session-labels";

const NOW = new Date("2026-03-14T12:00:00.000Z");
const before = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("session labels", () => {
  it("names a session by browser and system", () => {
    expect(sessionName({ browser: "Chrome 131", system: "macOS 14.5" })).toBe(
      "Chrome 131 on macOS 14.5",
    );
  });

  it.each([
    [0, "just now"],
    [59 * 1000, "just now"],
    // A clock a little ahead of ours is still now.
    [-5 * 1000, "just now"],
    [MINUTE, "1 minute ago"],
    [59 * MINUTE, "59 minutes ago"],
    [HOUR, "1 hour ago"],
    [23 * HOUR, "23 hours ago"],
    [DAY, "yesterday"],
    [6 * DAY, "6 days ago"],
    [7 * DAY, "March 7, 2026"],
    [70 * DAY, "January 3, 2026"],
  ])("last active %i ms ago reads '%s'", (ago, label) => {
    expect(lastActiveLabel(before(ago), NOW)).toBe(label);
  });

  it.each([
    [1, false, "Signed out of 1 session."],
    [1, true, "Signed out of 1 other session."],
    [3, true, "Signed out of 3 other sessions."],
    [0, true, "No other session was signed in."],
  ])("%i ended (others: %s) reads '%s'", (ended, others, message) => {
    expect(signedOutMessage(ended, others)).toBe(message);
  });
});
