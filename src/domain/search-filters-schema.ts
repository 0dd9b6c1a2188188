// The advanced search's filter object as one schema (spec-2 §3, §5 ranges), the same on the
// server, which validates every search with it, and in the page, which checks a URL's filters
// against it. Apart from search-filters.ts so that what needs only the keys and the query string
// does not load zod with them (docs/performance.md "Lighthouse").
import { z } from "zod";
import { findUsState } from "./enums/geography";
import { NOT_IN_LIST, oneOf } from "./enums/option-schema";
import type { LoadedProfileLists } from "./enums/profile-options";
import { SEARCH_LISTS, SEARCH_RANGES } from "./search-field-lists";
import { type FilterKey, SEARCH_FIELDS, SEARCH_SORTS } from "./search-fields";
import type { SearchFilters } from "./search-filters";

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

/** One of the fixed radii (docs/search.md "Distance"); any other number is refused. */
const radius = (radii: readonly number[]) => {
  const message = `Please choose ${radii.slice(0, -1).join(", ")} or ${radii.at(-1)} miles.`;
  return optional(
    z.coerce.number({ message }).refine((miles) => radii.includes(miles), { message }),
  );
};

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

/** The free-text fields' limit (spec-2 §3). */
const TEXT_MAX = 100;

/** One key's schema: what it accepts, and the value it leaves (search-fields.ts). */
type FieldSchemas = { [K in FilterKey]-?: z.ZodType<SearchFilters[K], unknown> };

/** Each field's schema from its row of the table, the ranges' two ends alike. */
function fieldSchemas(lists: LoadedProfileLists): Record<string, z.ZodType> {
  const allCounties = [...new Set(Object.values(lists.counties).flat())];
  const loaded = {
    countries: lists.countries,
    states: lists.states.map((s) => s.name),
    counties: allCounties,
  };
  const shape: Record<string, z.ZodType> = {};
  for (const field of SEARCH_FIELDS) {
    switch (field.kind) {
      case "query":
      case "city":
      case "contains":
        shape[field.key] = text(TEXT_MAX);
        break;
      case "choice":
        shape[field.key] = choice(
          field.list in loaded
            ? loaded[field.list as keyof typeof loaded]
            : SEARCH_LISTS[field.list as keyof typeof SEARCH_LISTS],
        );
        break;
      case "list":
        shape[field.key] = listOf(SEARCH_LISTS[field.list]);
        break;
      case "range": {
        const { min, max } = SEARCH_RANGES[field.bounds];
        shape[field.min] = whole(min, max);
        shape[field.max] = whole(min, max);
        break;
      }
      case "miles":
        shape[field.key] = radius(field.radii);
        break;
      case "sort":
        shape[field.key] = optional(z.enum(SEARCH_SORTS, { message: NOT_IN_LIST }));
        break;
    }
  }
  return shape;
}

const RANGES = SEARCH_FIELDS.flatMap((field) => (field.kind === "range" ? [field] : []));

export function searchFiltersSchema(lists: LoadedProfileLists) {
  return z.object(fieldSchemas(lists) as FieldSchemas).superRefine((f, ctx) => {
    for (const range of RANGES) rangeCheck(ctx, f[range.min], f[range.max], range.max);
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
