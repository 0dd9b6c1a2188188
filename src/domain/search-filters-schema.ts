// The advanced search's filter object as one schema (spec-2 §3, §5 ranges), the same on the
// server, which validates every search with it, and in the page, which checks a URL's filters
// against it. Apart from search-filters.ts so that what needs only the keys and the query string
// does not load zod with them (docs/performance.md "Lighthouse").
import { z } from "zod";
import {
  EDUCATION_LEVELS,
  GREEK_ORGANIZATIONS,
  NET_WORTHS,
  RELIGIONS,
  SALARIES,
} from "./enums/background";
import { findUsState } from "./enums/geography";
import { HBCUS } from "./enums/hbcus";
import { HEIGHT_MAX_INCHES, HEIGHT_MIN_INCHES } from "./enums/height";
import { MILITARY_BRANCHES } from "./enums/military";
import { OCCUPATIONS } from "./enums/occupations";
import { NOT_IN_LIST, oneOf } from "./enums/option-schema";
import {
  BODY_TYPES,
  GENDERS,
  RACES,
  RELATIONSHIP_STATUSES,
  SEARCH_AGE_MAX,
  SEARCH_AGE_MIN,
  SEARCH_KIDS_MAX,
  SEARCH_KIDS_MIN,
  SEARCH_SEXUALITIES,
  ZODIAC_SIGNS,
} from "./enums/personal";
import type { LoadedProfileLists } from "./enums/profile-options";
import { DISTANCE_MAX_MILES, DISTANCE_MIN_MILES, SEARCH_SORTS } from "./search-filters";

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (blank(value) ? undefined : value), schema.optional());

const choice = <const T extends string>(values: readonly T[]) => optional(oneOf(values));

const text = (max: number) =>
  optional(
    z
      .string()
      .trim()
      .max(max, { message: `At most ${max} characters.` }),
  );

const whole = (min: number, max: number) =>
  optional(
    z.coerce
      .number({ message: `Please choose a number from ${min} to ${max}.` })
      .int({ message: `Please choose a number from ${min} to ${max}.` })
      .min(min, { message: `Please choose a number from ${min} to ${max}.` })
      .max(max, { message: `Please choose a number from ${min} to ${max}.` }),
  );

/** A list filter: repeated keys or one comma-separated value, each one of `values`. */
const listOf = <const T extends string>(values: readonly T[]) =>
  z.preprocess((value) => {
    if (blank(value)) return undefined;
    const items = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(","));
    const kept = items.map((v) => v.trim()).filter(Boolean);
    return kept.length > 0 ? [...new Set(kept)] : undefined;
  }, z.array(oneOf(values)).max(values.length).optional());

function rangeCheck(
  ctx: z.RefinementCtx,
  low: number | undefined,
  high: number | undefined,
  path: string,
) {
  if (low !== undefined && high !== undefined && low > high) {
    ctx.addIssue({
      code: "custom",
      path: [path],
      message: "The lower end is above the higher end.",
    });
  }
}

export function searchFiltersSchema(lists: LoadedProfileLists) {
  const allCounties = [...new Set(Object.values(lists.counties).flat())];
  return z
    .object({
      q: text(100),
      country: choice(lists.countries),
      state: choice(lists.states.map((s) => s.name)),
      county: choice(allCounties),
      /** 'City, ST' from the US-city autocomplete (spec-2 §2). */
      city: text(100),
      withinMiles: whole(DISTANCE_MIN_MILES, DISTANCE_MAX_MILES),
      ageMin: whole(SEARCH_AGE_MIN, SEARCH_AGE_MAX),
      ageMax: whole(SEARCH_AGE_MIN, SEARCH_AGE_MAX),
      gender: choice(GENDERS),
      relationshipStatus: choice(RELATIONSHIP_STATUSES),
      bodyType: choice(BODY_TYPES),
      sexuality: choice(SEARCH_SEXUALITIES),
      heightMin: whole(HEIGHT_MIN_INCHES, HEIGHT_MAX_INCHES),
      heightMax: whole(HEIGHT_MIN_INCHES, HEIGHT_MAX_INCHES),
      zodiac: listOf(ZODIAC_SIGNS),
      race: listOf(RACES),
      militaryBranch: choice(MILITARY_BRANCHES),
      militaryBase: text(100),
      university: text(100),
      hbcu: choice(HBCUS),
      occupation: choice(OCCUPATIONS),
      kidsMin: whole(SEARCH_KIDS_MIN, SEARCH_KIDS_MAX),
      kidsMax: whole(SEARCH_KIDS_MIN, SEARCH_KIDS_MAX),
      networth: choice(NET_WORTHS),
      salary: choice(SALARIES),
      greek: choice(GREEK_ORGANIZATIONS),
      religion: choice(RELIGIONS),
      education: choice(EDUCATION_LEVELS),
      sort: optional(z.enum(SEARCH_SORTS, { message: NOT_IN_LIST })),
    })
    .superRefine((f, ctx) => {
      rangeCheck(ctx, f.ageMin, f.ageMax, "ageMax");
      rangeCheck(ctx, f.heightMin, f.heightMax, "heightMax");
      rangeCheck(ctx, f.kidsMin, f.kidsMax, "kidsMax");
      if (f.county && f.state) {
        const state = findUsState(lists.states, f.state);
        if (!state || !(lists.counties[state.code] ?? []).includes(f.county)) {
          ctx.addIssue({
            code: "custom",
            path: ["county"],
            message: "That county is not in the chosen state.",
          });
        }
      }
      if ((f.withinMiles !== undefined || f.sort === "distance") && !f.city) {
        ctx.addIssue({
          code: "custom",
          path: ["city"],
          message: "Choose a city to search around.",
        });
      }
    });
}
