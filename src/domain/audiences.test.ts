import { describe, expect, it } from "vitest";
import {
  AUDIENCES,
  type Audience,
  attributeBit,
  audienceMasks,
  audiencesOf,
  effectiveAudiences,
  strictest,
  visibleAttributes,
} from "./audiences";
import type { ProfileAttributes } from "./contracts/profile-attributes";

const stored = (choices: Partial<Record<string, Audience>>) => audiencesOf(choices);

describe("strictest", () => {
  it.each([
    ["everyone", "everyone", "everyone"],
    ["everyone", "friends", "friends"],
    ["friends", "everyone", "friends"],
    ["everyone", "only_me", "only_me"],
    ["only_me", "friends", "only_me"],
    ["friends", "friends", "friends"],
  ] as const)("of %s and %s is %s", (a, b, expected) => {
    expect(strictest(a, b)).toBe(expected);
  });
});

describe("effectiveAudiences: the county is shown to no more people than the city", () => {
  const cases = AUDIENCES.flatMap((city) =>
    AUDIENCES.map((county) => ({ city, county, expected: strictest(city, county) })),
  );
  it.each(cases)("city $city, county $county → $expected", ({ city, county, expected }) => {
    const effective = effectiveAudiences(stored({ city, county }), { city: "Austin, TX" });
    expect(effective.county).toBe(expected);
    // The sources keep their own choices.
    expect(effective.city).toBe(city);
  });

  it.each(AUDIENCES)("without a city the county keeps its own audience (%s)", (county) => {
    for (const city of [null, ""]) {
      expect(effectiveAudiences(stored({ city: "only_me", county }), { city }).county).toBe(county);
    }
  });

  it("leaves the state, and every attribute not derived, as chosen", () => {
    const chosen = stored({ city: "only_me", state: "everyone", height: "friends" });
    const effective = effectiveAudiences(chosen, { city: "Austin, TX" });
    expect({ ...effective, county: chosen.county }).toEqual(chosen);
    expect(effective.state).toBe("everyone");
  });
});

describe("visibleAttributes applies the effective audiences", () => {
  const values: Pick<ProfileAttributes, "state" | "county" | "city"> = {
    state: "Texas",
    county: "Travis County",
    city: "Austin, TX",
  };

  it.each([
    ["friends", "other", { state: "Texas", county: null, city: null }],
    ["friends", "friend", values],
    ["only_me", "friend", { state: "Texas", county: null, city: null }],
    ["only_me", "owner", values],
    ["everyone", "other", values],
  ] as const)("city %s, seen by %s", (city, standing, expected) => {
    expect(visibleAttributes(values, stored({ city }), standing)).toEqual(expected);
  });
});

describe("audienceMasks: the county bit follows the city", () => {
  const county = attributeBit("county");

  it.each([
    ["everyone", "Austin, TX", true, true],
    ["friends", "Austin, TX", false, true],
    ["only_me", "Austin, TX", false, false],
    ["only_me", null, true, true],
  ] as const)("city %s (%s): everyone %s, friends %s", (city, value, everyone, friends) => {
    const masks = audienceMasks(stored({ city }), { city: value }, true);
    expect((masks.everyone & county) !== 0).toBe(everyone);
    expect((masks.friends & county) !== 0).toBe(friends);
  });

  it("sets no bit out of demographic search", () => {
    expect(audienceMasks(stored({}), { city: "Austin, TX" }, false)).toEqual({
      everyone: 0,
      friends: 0,
    });
  });
});
