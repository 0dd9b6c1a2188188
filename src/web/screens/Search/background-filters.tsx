// Background (spec-2 §2, §3): the search fields' background rows (domain/search-fields.ts) in the
// table's order, a select for each choice and a text box for each "contains" field (military base
// and university, which the server matches as contains; the chosen branch's bases are offered as
// suggestions).
import { useId } from "react";
import { MILITARY_BASES } from "../../../domain/enums/military";
import { listOfField } from "../../../domain/search-field-options";
import { FILTER_LABELS, SEARCH_FIELDS } from "../../../domain/search-fields";
import type { SearchFilters } from "../../../domain/search-filters";
import { TextField } from "../../components/form/text-field";
import { FilterSelect } from "./filter-controls";
import type { FilterPatch } from "./use-search-filters";

/** The free-text filters' limit in the filter object (spec-2 §3). */
const TEXT_MAX = 100;

const text = (value: string) => (value === "" ? undefined : value);

/** The table's background fields in its order: choices and free text. */
const FIELDS = SEARCH_FIELDS.flatMap((field) =>
  "panel" in field &&
  field.panel === "background" &&
  (field.kind === "choice" || field.kind === "contains")
    ? [field]
    : [],
);

export function BackgroundFilters({
  draft,
  onChange,
}: {
  draft: SearchFilters;
  onChange: (patch: FilterPatch) => void;
}) {
  const basesId = useId();
  const bases = draft.militaryBranch ? MILITARY_BASES[draft.militaryBranch] : [];
  const values = draft as Record<string, string | undefined>;
  const textField = (key: string, list?: string) => (
    <TextField
      key={key}
      label={FILTER_LABELS[key as keyof typeof FILTER_LABELS]}
      value={values[key] ?? ""}
      maxLength={TEXT_MAX}
      autoComplete="off"
      list={list}
      onChange={(event) => onChange({ [key]: text(event.target.value) })}
    />
  );
  return (
    <>
      {FIELDS.map((field) => {
        if (field.kind === "choice") {
          return (
            <FilterSelect
              key={field.key}
              label={FILTER_LABELS[field.key]}
              value={values[field.key]}
              options={listOfField(field.key)}
              onChange={(value) => onChange({ [field.key]: value })}
            />
          );
        }
        if (field.key !== "militaryBase") return textField(field.key);
        // The chosen branch's bases are offered as suggestions.
        return (
          <div key={field.key}>
            {textField(field.key, bases.length > 0 ? basesId : undefined)}
            <datalist id={basesId}>
              {bases.map((base) => (
                <option key={base} value={base} />
              ))}
            </datalist>
          </div>
        );
      })}
    </>
  );
}
