// The advanced search's filter object (spec-2 §3 "Search filter object", §5 ranges, §9 page size),
// under the spec's names in the URL and in the API, validated by one schema on both sides. Lists
// (zodiac, race) may be repeated or comma-separated. Beyond the spec: `withinMiles` of the chosen
// city, and the sort order.
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

export const SEARCH_PAGE_SIZE = 60;
export const DISTANCE_MIN_MILES = 5;
export const DISTANCE_MAX_MILES = 500;
export const SEARCH_SORTS = ["name", "distance", "newest"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** 'Found N user(s)' counts exactly up to this many, then says '1,000+'. */
export const SEARCH_COUNT_CAP = 1000;

/** Every key the filter object may hold, in the order the URL writes them. */
export const FILTER_KEYS = [
  "q",
  "country",
  "state",
  "county",
  "city",
  "withinMiles",
  "ageMin",
  "ageMax",
  "gender",
  "relationshipStatus",
  "bodyType",
  "sexuality",
  "heightMin",
  "heightMax",
  "zodiac",
  "race",
  "militaryBranch",
  "militaryBase",
  "university",
  "hbcu",
  "occupation",
  "kidsMin",
  "kidsMax",
  "networth",
  "salary",
  "greek",
  "religion",
  "education",
  "sort",
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export const LIST_FILTERS = ["zodiac", "race"] as const satisfies readonly FilterKey[];

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

export type SearchFilters = z.output<ReturnType<typeof searchFiltersSchema>>;

/** True when any filter is set (the text query and the sort order do not count). */
export const hasFilters = (filters: SearchFilters) =>
  FILTER_KEYS.some((key) => key !== "q" && key !== "sort" && filters[key] !== undefined);

/** The filter object as a query string: lists repeated, unset keys left out. */
export function filtersToQuery(filters: Partial<Record<FilterKey, unknown>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined || value === null || value === "") continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params;
}

/** A query string as the schema's input: list keys as arrays, the others as their last value. */
export function queryToFilterInput(params: URLSearchParams): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {};
  for (const key of FILTER_KEYS) {
    const values = params.getAll(key);
    if (values.length === 0) continue;
    input[key] = (LIST_FILTERS as readonly string[]).includes(key)
      ? values
      : (values.at(-1) as string);
  }
  return input;
}
