// The advanced search's filter fields as one table (spec-2 §3 "Search filter object", §5 ranges,
// §7 matching; docs/search.md "Advanced search"): for each field its key (two for a range), how it
// is matched, the option list or bounds it takes (named here, held in search-field-lists.ts), the
// profile attribute whose label and audience it uses, and the profile column the in-memory index
// codes it from. The filter keys, the schema, the page's labels and lists, the index's columns and
// its matching are all read from this table. Zod-free and free of the option lists, so the search
// page's first chunk carries neither (docs/performance.md "Lighthouse").
// The kinds of row the table holds are search-field-rows.ts.
import { ATTRIBUTE_LABELS } from "./attribute-labels";
import type { SearchLists } from "./search-field-lists";
import type { SearchField } from "./search-field-rows";

/** The only radii a search may ask (docs/search.md "Distance"): a free radius would let a binary
 * search over radii measure anyone's distance to the mile. */
export const DISTANCE_RADII = [10, 25, 50, 100, 250, 500] as const;
export const SEARCH_SORTS = ["name", "distance", "newest"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Every filter field, in the order the URL writes them. */
export const SEARCH_FIELDS = [
  { kind: "query", key: "q", label: "Name, username or about" },
  {
    kind: "choice",
    key: "country",
    panel: "place",
    list: "countries",
    attribute: "country",
    column: "country",
  },
  {
    kind: "choice",
    key: "state",
    panel: "place",
    list: "states",
    attribute: "state",
    column: "state",
  },
  {
    kind: "choice",
    key: "county",
    panel: "place",
    list: "counties",
    attribute: "county",
    column: "county",
  },
  /** 'City, ST' from the US-city autocomplete (spec-2 §2). */
  { kind: "city", key: "city", panel: "place", attribute: "city", column: "city" },
  { kind: "miles", key: "withinMiles", panel: "place", label: "Within", radii: DISTANCE_RADII },
  {
    kind: "range",
    min: "ageMin",
    panel: "person",
    max: "ageMax",
    labels: ["Min age", "Max age"],
    bounds: "age",
    attribute: "age",
    column: "age",
  },
  {
    kind: "choice",
    key: "gender",
    panel: "person",
    list: "GENDERS",
    attribute: "gender",
    column: "gender",
  },
  {
    kind: "choice",
    key: "relationshipStatus",
    panel: "person",
    list: "RELATIONSHIP_STATUSES",
    attribute: "relationship_status",
    column: "relationshipStatus",
  },
  {
    kind: "choice",
    key: "bodyType",
    panel: "person",
    list: "BODY_TYPES",
    attribute: "body_types",
    column: "bodyTypes",
  },
  /** The search list: 'Bi-sexual' finds the profiles' 'Bisexual' (spec-2 §3). */
  {
    kind: "choice",
    key: "sexuality",
    panel: "person",
    list: "SEARCH_SEXUALITIES",
    attribute: "sexuality",
    column: "sexuality",
  },
  {
    kind: "range",
    min: "heightMin",
    panel: "person",
    max: "heightMax",
    labels: ["Min height", "Max height"],
    bounds: "height",
    attribute: "height",
    column: "heightInches",
  },
  {
    kind: "list",
    key: "zodiac",
    panel: "person",
    list: "ZODIAC_SIGNS",
    attribute: "zodiac",
    column: "zodiac",
  },
  { kind: "list", key: "race", panel: "person", list: "RACES", attribute: "race", column: "race" },
  {
    kind: "choice",
    key: "militaryBranch",
    panel: "background",
    list: "MILITARY_BRANCHES",
    attribute: "military_branch",
    column: "militaryBranch",
  },
  {
    kind: "contains",
    key: "militaryBase",
    panel: "background",
    attribute: "military_base",
    column: "militaryBase",
  },
  {
    kind: "contains",
    key: "university",
    panel: "background",
    attribute: "university",
    column: "university",
  },
  {
    kind: "choice",
    key: "hbcu",
    panel: "background",
    list: "HBCUS",
    attribute: "hbcu",
    column: "hbcu",
  },
  {
    kind: "choice",
    key: "occupation",
    panel: "background",
    list: "OCCUPATIONS",
    attribute: "occupation",
    column: "occupation",
  },
  {
    kind: "range",
    min: "kidsMin",
    panel: "person",
    max: "kidsMax",
    labels: ["Min kids", "Max kids"],
    bounds: "kids",
    attribute: "kids",
    column: "kidsCount",
  },
  {
    kind: "choice",
    key: "networth",
    panel: "background",
    list: "NET_WORTHS",
    attribute: "networth",
    column: "networth",
  },
  {
    kind: "choice",
    key: "salary",
    panel: "background",
    list: "SALARIES",
    attribute: "salary",
    column: "salary",
  },
  {
    kind: "choice",
    key: "greek",
    panel: "background",
    list: "GREEK_ORGANIZATIONS",
    attribute: "greek",
    column: "greek",
  },
  {
    kind: "choice",
    key: "religion",
    panel: "background",
    list: "RELIGIONS",
    attribute: "religion",
    column: "religion",
  },
  {
    kind: "choice",
    key: "education",
    panel: "background",
    list: "EDUCATION_LEVELS",
    attribute: "education",
    column: "education",
  },
  { kind: "sort", key: "sort", panel: "place", label: "Sort by" },
] as const satisfies readonly SearchField[];

type Field = (typeof SEARCH_FIELDS)[number];
type KeysOf<F> = F extends { min: infer A; max: infer B }
  ? A | B
  : F extends { key: infer K }
    ? K
    : never;

/** Every key the filter object may hold. */
export type FilterKey = KeysOf<Field>;

/** Every key the filter object may hold, in the order the URL writes them. */
export const FILTER_KEYS: readonly FilterKey[] = SEARCH_FIELDS.flatMap((field): FilterKey[] =>
  field.kind === "range" ? [field.min, field.max] : [field.key],
);

/** The keys whose value is a list. */
export const LIST_FILTERS: readonly FilterKey[] = SEARCH_FIELDS.flatMap((field) =>
  field.kind === "list" ? [field.key] : [],
);

type ListValue<L> = L extends keyof SearchLists ? SearchLists[L][number] : string;
type ValueOf<F> = F extends { kind: "choice"; list: infer L }
  ? ListValue<L>
  : F extends { kind: "list"; list: infer L }
    ? ListValue<L>[]
    : F extends { kind: "range" | "miles" }
      ? number
      : F extends { kind: "sort" }
        ? SearchSort
        : string;

/** The filter object, as the schema (search-filters-schema.ts) leaves it: unset keys absent. */
export type FilterValues = { [F in Field as KeysOf<F>]?: ValueOf<F> };

/** The profile columns the in-memory index codes as text (equality, lists, "contains") and as
 * numbers (ranges): modules/search/index/profile-index.ts. */
export type TextColumn = Exclude<Extract<Field, { column: string }>, { kind: "range" }>["column"];
export type NumberColumn = Extract<Field, { kind: "range" }>["column"];

/** What the page calls each filter (the panel's fields, the lines naming a refused value): the
 * profile's words for a profile attribute. */
export const FILTER_LABELS = Object.fromEntries(
  SEARCH_FIELDS.flatMap((field): [FilterKey, string][] => {
    if (field.kind === "range") {
      return [
        [field.min, field.labels[0]],
        [field.max, field.labels[1]],
      ];
    }
    return [[field.key, "label" in field ? field.label : ATTRIBUTE_LABELS[field.attribute]]];
  }),
) as Record<FilterKey, string>;
