// Personal-detail choices of the profile editor and the search filters (spec-2 §3 Enumerations,
// §5 and §9 for the numeric ranges). Values are stored as shown, so their spelling is the contract.

export const BODY_TYPES = [
  "Slim",
  "Petite",
  "Average",
  "Fit",
  "Athletic",
  "Curvy",
  "Plus-sized",
] as const;

export const ZODIAC_SIGNS = [
  "Aries",
  "Taurus",
  "Gemini",
  "Cancer",
  "Leo",
  "Virgo",
  "Libra",
  "Scorpio",
  "Sagittarius",
  "Capricorn",
  "Aquarius",
  "Pisces",
] as const;

export const RACES = [
  "African-American",
  "Asian",
  "Caucasian",
  "Hispanic",
  "Chinese",
  "Middle-Eastern",
  "Indian",
  "African",
  "European",
  "South-American",
] as const;

export const RELATIONSHIP_STATUSES = [
  "Single",
  "In a Relationship",
  "Married",
  "Divorced",
  "Widowed",
  "It's Complicated",
] as const;

export const GENDERS = ["Male", "Female", "Other"] as const;

/** The profile editor's list (spec-2 §3). */
export const SEXUALITIES = [
  "Straight",
  "Gay",
  "Lesbian",
  "Bisexual",
  "Pansexual",
  "Other",
] as const;
export type Sexuality = (typeof SEXUALITIES)[number];

/** The search filter's list, spelled differently from the editor's (spec-2 §3). */
export const SEARCH_SEXUALITIES = ["Straight", "Bi-sexual", "Lesbian", "Gay", "Other"] as const;
export type SearchSexuality = (typeof SEARCH_SEXUALITIES)[number];

/**
 * Stored profile values a search-list choice matches: the search list says 'Bi-sexual' where
 * profiles say 'Bisexual', so a plain equality filter would never find anyone.
 */
export function sexualitiesMatching(choice: SearchSexuality): readonly Sexuality[] {
  return choice === "Bi-sexual" ? ["Bisexual"] : [choice];
}

export const KIDS = ["None", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10+"] as const;

/**
 * The number of children a kids value stands for ('None' → 0, '10+' → 10), for range filters.
 */
export function kidsCount(kids: string): number | null {
  if (kids === "None") return 0;
  const match = /^(\d{1,2})\+?$/.exec(kids.trim());
  return match ? Number(match[1]) : null;
}

const range = (min: number, max: number) =>
  Object.freeze(Array.from({ length: max - min + 1 }, (_, i) => min + i));

// spec-2 §5, §9
export const PROFILE_AGE_MIN = 16;
export const PROFILE_AGE_MAX = 100;
export const SEARCH_AGE_MIN = 18;
export const SEARCH_AGE_MAX = 100;
export const SEARCH_KIDS_MIN = 0;
export const SEARCH_KIDS_MAX = 20;

export const PROFILE_AGES: readonly number[] = range(PROFILE_AGE_MIN, PROFILE_AGE_MAX);
/** spec-2 §9: the age filter's choices. */
export const SEARCH_AGES: readonly number[] = range(SEARCH_AGE_MIN, SEARCH_AGE_MAX);
/** spec-2 §9: the kids filter's choices. */
export const SEARCH_KIDS_COUNTS: readonly number[] = range(SEARCH_KIDS_MIN, SEARCH_KIDS_MAX);
