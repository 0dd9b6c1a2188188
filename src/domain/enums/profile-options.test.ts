import { beforeAll, describe, expect, it } from "vitest";
import {
  type LoadedProfileLists,
  loadProfileLists,
  PROFILE_ATTRIBUTES,
  PROFILE_OPTIONS,
  profileDetailsSchema,
  profileOptionValues,
} from "./profile-options";

let lists: LoadedProfileLists;
let schema: ReturnType<typeof profileDetailsSchema>;
beforeAll(async () => {
  lists = await loadProfileLists();
  schema = profileDetailsSchema(lists);
});

describe("PROFILE_OPTIONS", () => {
  it("covers every attribute of the Details grid (spec-2 §3)", () => {
    expect(PROFILE_ATTRIBUTES.sort()).toEqual(
      [
        "country",
        "state",
        "county",
        "age",
        "gender",
        "race",
        "sexuality",
        "zodiac",
        "body_types",
        "height",
        "relationship_status",
        "kids",
        "occupation",
        "military_branch",
        "military_base",
        "university",
        "hbcu",
        "salary",
        "networth",
        "greek",
        "religion",
        "education",
        "causes",
      ].sort(),
    );
  });

  const parents: Record<string, string> = { county: "Texas", military_base: "Army" };
  it.each(PROFILE_ATTRIBUTES.filter((key) => PROFILE_OPTIONS[key].kind !== "text"))(
    "%s has a non-empty list without duplicates",
    async (attribute) => {
      const values = await profileOptionValues(attribute, parents[attribute]);
      expect(values.length).toBeGreaterThan(0);
      expect(new Set(values).size).toBe(values.length);
    },
  );

  it("dependent lists follow their parent", async () => {
    expect(await profileOptionValues("county", "TX")).toHaveLength(254);
    expect(await profileOptionValues("county", "District of Columbia")).toEqual([
      "District of Columbia",
    ]);
    expect(await profileOptionValues("county", null)).toEqual([]);
    expect(await profileOptionValues("military_base", "Space Force")).toContain("Patrick SFB");
    expect(await profileOptionValues("military_base", "Navy")).not.toContain("Patrick SFB");
  });
});

describe("profileDetailsSchema", () => {
  it("accepts a full set of valid details and trims them", () => {
    const parsed = schema.parse({
      country: "United States",
      state: "Louisiana",
      county: " Orleans Parish ",
      age: "34",
      gender: "Female",
      race: "African-American",
      sexuality: "Bisexual",
      zodiac: "Leo",
      body_types: "Athletic",
      height: "5'7\"",
      relationship_status: "It's Complicated",
      kids: "10+",
      occupation: "Nurse",
      military_branch: "Army",
      military_base: "Fort Bragg",
      university: "  Tulane University ",
      hbcu: "Dillard University",
      salary: "$50K - $100K",
      networth: "$1M or more",
      greek: "Delta Sigma Theta",
      religion: "Christian",
      education: "Master's",
      causes: "Sickle Cell Awareness",
    });
    expect(parsed).toMatchObject({
      county: "Orleans Parish",
      age: 34,
      university: "Tulane University",
    });
  });

  it.each([
    ["", null],
    ["Select", null],
    ["  ", null],
    [null, null],
  ])("saves %j as null (spec-2 §5)", (blank, expected) => {
    const parsed = schema.parse({ gender: blank, age: blank, university: blank });
    expect(parsed).toMatchObject({ gender: expected, age: expected, university: expected });
  });

  it.each([
    ["gender", "Unknown"],
    ["sexuality", "Bi-sexual"], // the search list's spelling is not a profile value
    ["state", "Discrict of Columbia"],
    ["country", "Vatican City"],
    ["height", "7'1\""],
    ["age", 15],
    ["age", 101],
    ["age", "12.5"],
    ["kids", "11"],
    ["hbcu", "Harvard University"],
    ["university", "x".repeat(101)],
  ])("rejects %s = %j", (field, value) => {
    const result = schema.safeParse({ [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it.each([
    [{ state: "Texas", county: "Orleans Parish" }, false],
    [{ county: "Orleans Parish" }, false],
    [{ state: "Texas", county: "Harris County" }, true],
    [{ state: "Virginia", county: "Bedford city" }, false],
    [{ military_branch: "Navy", military_base: "Fort Hood" }, false],
    [{ military_base: "Fort Hood" }, false],
    [{ military_branch: "Army", military_base: "Fort Hood" }, true],
  ])("checks the dependent value of %j → %s", (input, ok) => {
    expect(schema.safeParse(input).success).toBe(ok);
  });
});
