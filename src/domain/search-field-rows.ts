// The kinds of row in the search fields' table (search-fields.ts; spec-2 §3 "Search filter
// object", docs/search.md "Advanced search"): what each kind of field names — its key or keys,
// its panel, the list or bounds it takes, the profile attribute and the index's column.
import type { AttributeKey } from "./audiences";
import type { SearchLists, SearchRanges } from "./search-field-lists";

/** The filter panel's group a field is drawn in (spec-2 §2); the text query has its own box. */
type Panel = "place" | "person" | "background";

/** A choice matched by equality, from a fixed list or from the loaded place lists. */
interface ChoiceField {
  kind: "choice";
  key: string;
  panel: Panel;
  list: keyof SearchLists | "countries" | "states" | "counties";
  attribute: AttributeKey;
  column: string;
}

/** Several values of a list, repeated or comma-separated; a person matches any of them. */
interface ListField {
  kind: "list";
  key: string;
  panel: Panel;
  list: keyof SearchLists;
  attribute: AttributeKey;
  column: string;
}

/** Free text matched as case-insensitive "contains". */
interface ContainsField {
  kind: "contains";
  key: string;
  panel: Panel;
  attribute: AttributeKey;
  column: string;
}

/** Two whole numbers, each optional, matched against the column's number. */
interface RangeField {
  kind: "range";
  min: string;
  max: string;
  panel: Panel;
  labels: readonly [string, string];
  bounds: keyof SearchRanges;
  attribute: AttributeKey;
  column: string;
}

/** The name and handles' text query, the city (contains, or the place for a radius), the radius
 * (one of `radii`) and the order: matched by the index's own rules, not by a column's codes. */
interface OwnField {
  kind: "query" | "city" | "miles" | "sort";
  key: string;
  panel?: Panel;
  label?: string;
  attribute?: AttributeKey;
  column?: string;
  radii?: readonly number[];
}

export type SearchField = ChoiceField | ListField | ContainsField | RangeField | OwnField;
