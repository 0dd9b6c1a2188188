// One map from each attribute of the profile editor's Details grid (spec-2 §2, §3) to where its
// choices come from, plus the zod schema built from it, so the edit form and the server validate
// against the same lists. Generated lists (countries, states, counties) load lazily.
import { z } from "zod";
import {
  EDUCATION_LEVELS,
  GREEK_ORGANIZATIONS,
  NET_WORTHS,
  RELIGIONS,
  SALARIES,
} from "./background";
import { CAUSES } from "./causes";
import { findUsState, loadCountries, loadUsCounties, loadUsStates } from "./geography";
import { HBCUS } from "./hbcus";
import { HEIGHTS } from "./height";
import { isMilitaryBranch, MILITARY_BASES, MILITARY_BRANCHES } from "./military";
import { OCCUPATIONS } from "./occupations";
import { NOT_IN_LIST, optionalIntIn, optionalOneOf, optionalText } from "./option-schema";
import {
  BODY_TYPES,
  GENDERS,
  KIDS,
  PROFILE_AGE_MAX,
  PROFILE_AGE_MIN,
  PROFILE_AGES,
  RACES,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  ZODIAC_SIGNS,
} from "./personal";

export const UNIVERSITY_MAX = 100;

export type ProfileOptionSource =
  /** A fixed list, shipped with the code. */
  | { kind: "list"; values: readonly string[] }
  /** Whole numbers; `values` lists them for a select. */
  | { kind: "number"; min: number; max: number; values: readonly number[] }
  /** A generated list fetched on first use. */
  | { kind: "lazy"; load: () => Promise<readonly string[]> }
  /** A list that depends on the value of another attribute (county on state, base on branch). */
  | {
      kind: "dependent";
      parent: "state" | "military_branch";
      load: (parent: string) => Promise<readonly string[]>;
    }
  /** Free text. */
  | { kind: "text"; maxLength: number };

const list = (values: readonly string[]): ProfileOptionSource => ({ kind: "list", values });

export const PROFILE_OPTIONS = {
  country: { kind: "lazy", load: loadCountries },
  state: { kind: "lazy", load: async () => (await loadUsStates()).map((s) => s.name) },
  county: {
    kind: "dependent",
    parent: "state",
    load: async (state) => {
      const [states, counties] = await Promise.all([loadUsStates(), loadUsCounties()]);
      const found = findUsState(states, state);
      return found ? (counties[found.code] ?? []) : [];
    },
  },
  age: { kind: "number", min: PROFILE_AGE_MIN, max: PROFILE_AGE_MAX, values: PROFILE_AGES },
  gender: list(GENDERS),
  race: list(RACES),
  sexuality: list(SEXUALITIES),
  zodiac: list(ZODIAC_SIGNS),
  body_types: list(BODY_TYPES),
  height: list(HEIGHTS),
  relationship_status: list(RELATIONSHIP_STATUSES),
  kids: list(KIDS),
  occupation: list(OCCUPATIONS),
  military_branch: list(MILITARY_BRANCHES),
  military_base: {
    kind: "dependent",
    parent: "military_branch",
    load: async (branch) => (isMilitaryBranch(branch) ? MILITARY_BASES[branch] : []),
  },
  university: { kind: "text", maxLength: UNIVERSITY_MAX },
  hbcu: list(HBCUS),
  salary: list(SALARIES),
  networth: list(NET_WORTHS),
  greek: list(GREEK_ORGANIZATIONS),
  religion: list(RELIGIONS),
  education: list(EDUCATION_LEVELS),
  causes: list(CAUSES),
} as const satisfies Record<string, ProfileOptionSource>;

export type ProfileAttribute = keyof typeof PROFILE_OPTIONS;
export const PROFILE_ATTRIBUTES = Object.keys(PROFILE_OPTIONS) as ProfileAttribute[];

/** Every generated list, loaded: what the synchronous schema below needs. */
export interface LoadedProfileLists {
  countries: readonly string[];
  states: readonly { code: string; name: string }[];
  counties: Readonly<Record<string, readonly string[]>>;
}

export async function loadProfileLists(): Promise<LoadedProfileLists> {
  const [countries, states, counties] = await Promise.all([
    loadCountries(),
    loadUsStates(),
    loadUsCounties(),
  ]);
  return { countries, states, counties };
}

/** The Details grid's fields: each optional, blank or 'Select' → null, checked against its list;
 * the county must belong to the chosen state and the base to the chosen branch. */
export function profileDetailsSchema(lists: LoadedProfileLists) {
  return z
    .object({
      country: optionalOneOf(lists.countries),
      state: optionalOneOf(lists.states.map((s) => s.name)),
      county: optionalText(100),
      age: optionalIntIn(PROFILE_AGE_MIN, PROFILE_AGE_MAX),
      gender: optionalOneOf(GENDERS),
      race: optionalOneOf(RACES),
      sexuality: optionalOneOf(SEXUALITIES),
      zodiac: optionalOneOf(ZODIAC_SIGNS),
      body_types: optionalOneOf(BODY_TYPES),
      height: optionalOneOf(HEIGHTS),
      relationship_status: optionalOneOf(RELATIONSHIP_STATUSES),
      kids: optionalOneOf(KIDS),
      occupation: optionalOneOf(OCCUPATIONS),
      military_branch: optionalOneOf(MILITARY_BRANCHES),
      military_base: optionalText(100),
      university: optionalText(UNIVERSITY_MAX),
      hbcu: optionalOneOf(HBCUS),
      salary: optionalOneOf(SALARIES),
      networth: optionalOneOf(NET_WORTHS),
      greek: optionalOneOf(GREEK_ORGANIZATIONS),
      religion: optionalOneOf(RELIGIONS),
      education: optionalOneOf(EDUCATION_LEVELS),
      causes: optionalOneOf(CAUSES),
    })
    .superRefine((details, ctx) => {
      if (details.county) {
        const state = details.state ? findUsState(lists.states, details.state) : null;
        const counties = state ? (lists.counties[state.code] ?? []) : [];
        if (!counties.includes(details.county)) {
          ctx.addIssue({ code: "custom", path: ["county"], message: NOT_IN_LIST });
        }
      }
      if (details.military_base) {
        const branch = details.military_branch;
        if (!branch || !MILITARY_BASES[branch].includes(details.military_base)) {
          ctx.addIssue({ code: "custom", path: ["military_base"], message: NOT_IN_LIST });
        }
      }
    });
}

/** The choices of one attribute for a select; dependent lists need their parent's value. */
export async function profileOptionValues(
  attribute: ProfileAttribute,
  parentValue?: string | null,
): Promise<readonly (string | number)[]> {
  const source: ProfileOptionSource = PROFILE_OPTIONS[attribute];
  switch (source.kind) {
    case "list":
    case "number":
      return source.values;
    case "lazy":
      return source.load();
    case "dependent":
      return parentValue ? source.load(parentValue) : [];
    case "text":
      return [];
  }
}
