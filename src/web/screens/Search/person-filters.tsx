// The person (spec-2 §2, §3; ranges of §5 and §9): the search fields' person rows
// (domain/search-fields.ts) in the table's order, a pair of number selects for each range (age
// 18–100, height 48–84 inches shown in feet and inches, kids 0–20), a select for each choice
// (sexuality from the search list, spelled as the spec's search lists it), and the lists (zodiac,
// race) last as checkbox groups, which take the whole row.

import { ATTRIBUTE_LABELS } from "../../../domain/attribute-labels";
import { inchesToHeight } from "../../../domain/enums/height";
import { SEARCH_RANGES } from "../../../domain/search-field-lists";
import { listOfField } from "../../../domain/search-field-options";
import { FILTER_LABELS, SEARCH_FIELDS } from "../../../domain/search-fields";
import type { SearchFilters } from "../../../domain/search-filters";
import { CheckboxGroup, FilterSelect, type NumberOption, RangeField } from "./filter-controls";
import type { FilterPatch } from "./use-search-filters";

/** A range's choices, each number shown as the page writes it (heights in feet and inches). */
const rangeOptions = (bounds: keyof typeof SEARCH_RANGES): NumberOption[] =>
  SEARCH_RANGES[bounds].values.map((value) => ({
    value,
    label: bounds === "height" ? inchesToHeight(value) : String(value),
  }));

const PERSON = SEARCH_FIELDS.flatMap((field) =>
  "panel" in field && field.panel === "person" ? [field] : [],
);
const FIELDS = [
  ...PERSON.filter((field) => field.kind !== "list"),
  ...PERSON.filter((field) => field.kind === "list"),
];
const OPTIONS = Object.fromEntries(
  PERSON.flatMap((field) =>
    field.kind === "range" ? [[field.min, rangeOptions(field.bounds)]] : [],
  ),
);

export function PersonFilters({
  draft,
  onChange,
}: {
  draft: SearchFilters;
  onChange: (patch: FilterPatch) => void;
}) {
  const values = draft as Record<string, never>;
  return (
    <>
      {FIELDS.map((field) => {
        if (field.kind === "range") {
          return (
            <RangeField
              key={field.min}
              legend={ATTRIBUTE_LABELS[field.attribute]}
              labels={[FILTER_LABELS[field.min], FILTER_LABELS[field.max]]}
              options={OPTIONS[field.min] ?? []}
              min={values[field.min]}
              max={values[field.max]}
              onChange={({ min, max }) => onChange({ [field.min]: min, [field.max]: max })}
            />
          );
        }
        if (field.kind === "list") {
          return (
            <CheckboxGroup
              key={field.key}
              legend={FILTER_LABELS[field.key]}
              options={listOfField(field.key)}
              value={values[field.key]}
              onChange={(value) => onChange({ [field.key]: value })}
            />
          );
        }
        return (
          <FilterSelect
            key={field.key}
            label={FILTER_LABELS[field.key]}
            value={values[field.key]}
            options={listOfField(field.key)}
            onChange={(value) => onChange({ [field.key]: value })}
          />
        );
      })}
    </>
  );
}
