// The option lists and bounds the search fields (search-fields.ts) name, by name. Apart from the
// table so that the keys and labels load without the lists: the schema and the filter panel, which
// load with the panel, read them (docs/performance.md "Lighthouse").
import {
  EDUCATION_LEVELS,
  GREEK_ORGANIZATIONS,
  NET_WORTHS,
  RELIGIONS,
  SALARIES,
} from "./enums/background";
import { HBCUS } from "./enums/hbcus";
import { HEIGHT_MAX_INCHES, HEIGHT_MIN_INCHES } from "./enums/height";
import { MILITARY_BRANCHES } from "./enums/military";
import { OCCUPATIONS } from "./enums/occupations";
import {
  BODY_TYPES,
  GENDERS,
  RACES,
  RELATIONSHIP_STATUSES,
  SEARCH_AGE_MAX,
  SEARCH_AGE_MIN,
  SEARCH_AGES,
  SEARCH_KIDS_COUNTS,
  SEARCH_KIDS_MAX,
  SEARCH_KIDS_MIN,
  SEARCH_SEXUALITIES,
  ZODIAC_SIGNS,
} from "./enums/personal";

export const SEARCH_LISTS = {
  GENDERS,
  RELATIONSHIP_STATUSES,
  BODY_TYPES,
  SEARCH_SEXUALITIES,
  ZODIAC_SIGNS,
  RACES,
  MILITARY_BRANCHES,
  HBCUS,
  OCCUPATIONS,
  NET_WORTHS,
  SALARIES,
  GREEK_ORGANIZATIONS,
  RELIGIONS,
  EDUCATION_LEVELS,
} as const;
export type SearchLists = typeof SEARCH_LISTS;

const SEARCH_INCHES: readonly number[] = Array.from(
  { length: HEIGHT_MAX_INCHES - HEIGHT_MIN_INCHES + 1 },
  (_, i) => HEIGHT_MIN_INCHES + i,
);

/** spec-2 §5, §9: ages 18–100, heights 48–84 inches, kids 0–20; each with the numbers the panel
 * offers. */
export const SEARCH_RANGES = {
  age: { min: SEARCH_AGE_MIN, max: SEARCH_AGE_MAX, values: SEARCH_AGES },
  height: { min: HEIGHT_MIN_INCHES, max: HEIGHT_MAX_INCHES, values: SEARCH_INCHES },
  kids: { min: SEARCH_KIDS_MIN, max: SEARCH_KIDS_MAX, values: SEARCH_KIDS_COUNTS },
} as const;
export type SearchRanges = typeof SEARCH_RANGES;
