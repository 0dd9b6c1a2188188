import { describe, expect, it } from "vitest";
import {
  EDUCATION_LEVELS,
  GREEK_ORGANIZATIONS,
  NET_WORTHS,
  RELIGIONS,
  SALARIES,
} from "./background";
import { CAUSES } from "./causes";
import { HBCUS } from "./hbcus";
import { HEIGHTS } from "./height";
import { MILITARY_BASES, MILITARY_BRANCHES } from "./military";
import { OCCUPATIONS } from "./occupations";
import {
  BODY_TYPES,
  GENDERS,
  KIDS,
  kidsCount,
  PROFILE_AGES,
  RACES,
  RELATIONSHIP_STATUSES,
  SEARCH_AGES,
  SEARCH_KIDS_COUNTS,
  SEARCH_SEXUALITIES,
  SEXUALITIES,
  sexualitiesMatching,
  ZODIAC_SIGNS,
} from "./personal";

const LISTS: [string, readonly (string | number)[]][] = [
  ["body types", BODY_TYPES],
  ["zodiac", ZODIAC_SIGNS],
  ["race", RACES],
  ["relationship status", RELATIONSHIP_STATUSES],
  ["gender", GENDERS],
  ["sexuality (editor)", SEXUALITIES],
  ["sexuality (search)", SEARCH_SEXUALITIES],
  ["kids", KIDS],
  ["net worth", NET_WORTHS],
  ["salary", SALARIES],
  ["education", EDUCATION_LEVELS],
  ["religion", RELIGIONS],
  ["greek", GREEK_ORGANIZATIONS],
  ["heights", HEIGHTS],
  ["profile ages", PROFILE_AGES],
  ["search ages", SEARCH_AGES],
  ["search kids", SEARCH_KIDS_COUNTS],
  ["HBCUs", HBCUS],
  ["occupations", OCCUPATIONS],
  ["causes", CAUSES],
  ["military branches", MILITARY_BRANCHES],
  ...Object.entries(MILITARY_BASES).map(([branch, bases]): [string, readonly string[]] => [
    `${branch} bases`,
    bases,
  ]),
];

describe.each(LISTS)("%s", (_name, values) => {
  it("is non-empty, with no duplicates and no blank or padded entries", () => {
    expect(values.length).toBeGreaterThan(0);
    expect(new Set(values).size).toBe(values.length);
    for (const value of values) {
      if (typeof value === "string") expect(value).toBe(value.trim());
      expect(value).not.toBe("");
    }
  });
});

describe("spec-2 §3 lists, exact values and order", () => {
  it.each([
    [BODY_TYPES, ["Slim", "Petite", "Average", "Fit", "Athletic", "Curvy", "Plus-sized"]],
    [GENDERS, ["Male", "Female", "Other"]],
    [SEXUALITIES, ["Straight", "Gay", "Lesbian", "Bisexual", "Pansexual", "Other"]],
    [SEARCH_SEXUALITIES, ["Straight", "Bi-sexual", "Lesbian", "Gay", "Other"]],
    [
      RELATIONSHIP_STATUSES,
      ["Single", "In a Relationship", "Married", "Divorced", "Widowed", "It's Complicated"],
    ],
    [KIDS, ["None", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10+"]],
    [
      SALARIES,
      ["$0 - $50K", "$50K - $100K", "$100K - $250K", "$250K - $500K", "$500K - $1M", "$1M+"],
    ],
    [
      EDUCATION_LEVELS,
      ["Associate's", "Bachelor's", "Doctorate", "High School Diploma", "JD", "Master's"],
    ],
    [MILITARY_BRANCHES, ["Air Force", "Space Force", "Army", "Marines", "Navy", "Coast Guard"]],
  ] as const)("%j", (actual, expected) => expect(actual).toEqual(expected));

  it.each([
    ["zodiac signs", ZODIAC_SIGNS, 12],
    ["races", RACES, 10],
    ["net worths", NET_WORTHS, 9],
    ["religions", RELIGIONS, 11],
    ["Greek organizations", GREEK_ORGANIZATIONS, 9],
    ["causes", CAUSES, 26],
    ["heights", HEIGHTS, 37],
  ] as const)("%s: exact count", (_name, values, count) => expect(values).toHaveLength(count));

  it("numeric ranges: profile ages 16–100, search ages 18–100, kids 0–20", () => {
    expect([PROFILE_AGES[0], PROFILE_AGES.at(-1), PROFILE_AGES.length]).toEqual([16, 100, 85]);
    expect([SEARCH_AGES[0], SEARCH_AGES.at(-1), SEARCH_AGES.length]).toEqual([18, 100, 83]);
    expect([SEARCH_KIDS_COUNTS[0], SEARCH_KIDS_COUNTS.at(-1)]).toEqual([0, 20]);
  });
});

describe("unshown lists written from public facts", () => {
  it("HBCUs: about 100 operating schools, sorted, with the well-known names", () => {
    expect(HBCUS.length).toBeGreaterThanOrEqual(95);
    expect(HBCUS.length).toBeLessThanOrEqual(105);
    expect([...HBCUS].sort((a, b) => a.localeCompare(b, "en"))).toEqual(HBCUS);
    for (const name of [
      "Howard University",
      "Spelman College",
      "Florida A&M University",
      "North Carolina A&T State University",
      "Morehouse College",
      "Tuskegee University",
    ]) {
      expect(HBCUS).toContain(name);
    }
    for (const closed of [
      "Barber-Scotia College",
      "Concordia College Alabama",
      "Saint Paul's College",
    ]) {
      expect(HBCUS).not.toContain(closed);
    }
  });

  it("occupations: about 65, ending in Other", () => {
    expect(OCCUPATIONS.length).toBeGreaterThanOrEqual(60);
    expect(OCCUPATIONS.length).toBeLessThanOrEqual(70);
    expect(OCCUPATIONS.at(-1)).toBe("Other");
  });

  it("causes: 26 awareness causes", () => {
    for (const cause of CAUSES) expect(cause).toMatch(/ Awareness$/);
    expect(CAUSES).toContain("Alzheimer's Awareness");
    expect(CAUSES).toContain("Breast Cancer Awareness");
  });

  it.each(MILITARY_BRANCHES)("%s: 10 to 40 installations", (branch) => {
    expect(MILITARY_BASES[branch].length).toBeGreaterThanOrEqual(10);
    expect(MILITARY_BASES[branch].length).toBeLessThanOrEqual(40);
  });

  it.each([
    ["Army", "Fort Bragg"],
    ["Army", "Fort Hood"],
    ["Space Force", "Patrick SFB"],
    ["Space Force", "Vandenberg SFB"],
    ["Navy", "Naval Station Norfolk"],
    ["Marines", "Marine Corps Base Camp Lejeune"],
    ["Coast Guard", "U.S. Coast Guard Academy"],
    ["Air Force", "Wright-Patterson AFB"],
  ] as const)("%s includes %s", (branch, base) => expect(MILITARY_BASES[branch]).toContain(base));
});

describe("kidsCount", () => {
  it.each([
    ["None", 0],
    ["1", 1],
    ["9", 9],
    ["10+", 10],
    ["many", null],
  ])("%s → %s", (kids, count) => expect(kidsCount(kids)).toBe(count));
});

describe("sexualitiesMatching (search list → stored profile values)", () => {
  it.each([
    ["Bi-sexual", ["Bisexual"]],
    ["Straight", ["Straight"]],
    ["Other", ["Other"]],
  ] as const)("%s → %j", (choice, stored) => expect(sexualitiesMatching(choice)).toEqual(stored));

  it("maps every search choice to editor values", () => {
    for (const choice of SEARCH_SEXUALITIES) {
      for (const value of sexualitiesMatching(choice)) expect(SEXUALITIES).toContain(value);
    }
  });
});
