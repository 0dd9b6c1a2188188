// The person (spec-2 §2, §3; ranges of §5 and §9): age 18–100, gender, relationship status, body
// type, sexuality (the search list, spelled as the spec's search lists it), height 48–84 inches
// shown in feet and inches, kids 0–20, and the zodiac and race checkboxes.

import { ATTRIBUTE_LABELS } from "../../../domain/attribute-labels";
import { HEIGHT_MAX_INCHES, HEIGHT_MIN_INCHES, inchesToHeight } from "../../../domain/enums/height";
import { SEARCH_AGES, SEARCH_KIDS_COUNTS } from "../../../domain/enums/personal";
import { optionsOf } from "../../../domain/search-field-options";
import { FILTER_LABELS } from "../../../domain/search-fields";
import type { SearchFilters } from "../../../domain/search-filters";
import { CheckboxGroup, FilterSelect, type NumberOption, RangeField } from "./filter-controls";
import type { FilterPatch } from "./use-search-filters";

const numbers = (values: readonly number[]): NumberOption[] =>
  values.map((value) => ({ value, label: String(value) }));

const AGES = numbers(SEARCH_AGES);
const KIDS = numbers(SEARCH_KIDS_COUNTS);
const HEIGHTS: NumberOption[] = Array.from(
  { length: HEIGHT_MAX_INCHES - HEIGHT_MIN_INCHES + 1 },
  (_, i) => ({ value: HEIGHT_MIN_INCHES + i, label: inchesToHeight(HEIGHT_MIN_INCHES + i) }),
);

export function PersonFilters({
  draft,
  onChange,
}: {
  draft: SearchFilters;
  onChange: (patch: FilterPatch) => void;
}) {
  return (
    <>
      <RangeField
        legend={ATTRIBUTE_LABELS.age}
        labels={[FILTER_LABELS.ageMin, FILTER_LABELS.ageMax]}
        options={AGES}
        min={draft.ageMin}
        max={draft.ageMax}
        onChange={({ min, max }) => onChange({ ageMin: min, ageMax: max })}
      />
      <FilterSelect
        label={FILTER_LABELS.gender}
        value={draft.gender}
        options={optionsOf("gender")}
        onChange={(gender) => onChange({ gender })}
      />
      <FilterSelect
        label={FILTER_LABELS.relationshipStatus}
        value={draft.relationshipStatus}
        options={optionsOf("relationshipStatus")}
        onChange={(relationshipStatus) => onChange({ relationshipStatus })}
      />
      <FilterSelect
        label={FILTER_LABELS.bodyType}
        value={draft.bodyType}
        options={optionsOf("bodyType")}
        onChange={(bodyType) => onChange({ bodyType })}
      />
      <FilterSelect
        label={FILTER_LABELS.sexuality}
        value={draft.sexuality}
        options={optionsOf("sexuality")}
        onChange={(sexuality) => onChange({ sexuality })}
      />
      <RangeField
        legend={ATTRIBUTE_LABELS.height}
        labels={[FILTER_LABELS.heightMin, FILTER_LABELS.heightMax]}
        options={HEIGHTS}
        min={draft.heightMin}
        max={draft.heightMax}
        onChange={({ min, max }) => onChange({ heightMin: min, heightMax: max })}
      />
      <RangeField
        legend={ATTRIBUTE_LABELS.kids}
        labels={[FILTER_LABELS.kidsMin, FILTER_LABELS.kidsMax]}
        options={KIDS}
        min={draft.kidsMin}
        max={draft.kidsMax}
        onChange={({ min, max }) => onChange({ kidsMin: min, kidsMax: max })}
      />
      <CheckboxGroup
        legend={FILTER_LABELS.zodiac}
        options={optionsOf("zodiac")}
        value={draft.zodiac}
        onChange={(zodiac) => onChange({ zodiac })}
      />
      <CheckboxGroup
        legend={FILTER_LABELS.race}
        options={optionsOf("race")}
        value={draft.race}
        onChange={(race) => onChange({ race })}
      />
    </>
  );
}
