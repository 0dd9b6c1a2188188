// How each action on a person stands (docs/safety.md "Account standing"): a year counting, an
// approved appeal reversing, a moderator's later restore lifting what it undoes and nothing else.
import { describe, expect, it } from "vitest";
import { STANDING_YEAR_MS, type StandingEntry, standingStates } from "./moderation-standing";

const now = new Date("2027-06-01T12:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const DAY = 24 * 3600 * 1000;

const entry = (over: Partial<StandingEntry> & Pick<StandingEntry, "id">): StandingEntry => ({
  action: "remove",
  targetType: "post",
  targetId: "p1",
  createdAt: ago(DAY),
  reversedAt: null,
  ...over,
});

describe("standingStates", () => {
  it.each<[string, StandingEntry, string | null]>([
    ["a recent removal counts", entry({ id: "a" }), "active"],
    [
      "a second before a year it still counts",
      entry({ id: "a", createdAt: ago(STANDING_YEAR_MS - 1000) }),
      "active",
    ],
    ["at a year it has expired", entry({ id: "a", createdAt: ago(STANDING_YEAR_MS) }), "expired"],
    ["an approved appeal reversed it", entry({ id: "a", reversedAt: ago(1000) }), "reversed"],
    [
      "reversed wins over expired",
      entry({ id: "a", createdAt: ago(2 * STANDING_YEAR_MS), reversedAt: ago(DAY) }),
      "reversed",
    ],
    ["a restore is told, not counted", entry({ id: "a", action: "restore" }), null],
  ])("%s", (_, subject, state) => {
    expect(standingStates([subject], now).get("a")).toBe(state);
  });

  it.each<[string, StandingEntry, StandingEntry, string]>([
    [
      "a later restore of the same post lifts its removal",
      entry({ id: "a" }),
      entry({ id: "r", action: "restore", createdAt: ago(1000) }),
      "lifted",
    ],
    [
      "a restore of another post does not",
      entry({ id: "a" }),
      entry({ id: "r", action: "restore", targetId: "p2", createdAt: ago(1000) }),
      "active",
    ],
    [
      "an earlier restore does not",
      entry({ id: "a" }),
      entry({ id: "r", action: "restore", createdAt: ago(2 * DAY) }),
      "active",
    ],
    [
      "a restore of the account lifts a restriction taken from a post's reports",
      entry({ id: "a", action: "restrict" }),
      entry({
        id: "r",
        action: "restore",
        targetType: "profile",
        targetId: "u",
        createdAt: ago(1),
      }),
      "lifted",
    ],
    [
      "a restore of a post does not lift a suspension",
      entry({ id: "a", action: "suspend", targetType: "profile", targetId: "u" }),
      entry({ id: "r", action: "restore", createdAt: ago(1) }),
      "active",
    ],
    [
      "a restore of the account does not bring back a removed post",
      entry({ id: "a" }),
      entry({
        id: "r",
        action: "restore",
        targetType: "profile",
        targetId: "u",
        createdAt: ago(1),
      }),
      "active",
    ],
  ])("%s", (_, subject, restore, state) => {
    expect(standingStates([restore, subject], now).get("a")).toBe(state);
  });
});
