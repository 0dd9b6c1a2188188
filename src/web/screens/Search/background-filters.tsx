// Background (spec-2 §2, §3): military branch, military base and university as free text (the
// server matches them as contains; the branch's bases are offered as suggestions), HBCU,
// occupation, net worth, salary, Greek organization, religion and education.
import { useId } from "react";
import { MILITARY_BASES } from "../../../domain/enums/military";
import { optionsOf } from "../../../domain/search-field-options";
import { FILTER_LABELS } from "../../../domain/search-fields";
import type { SearchFilters } from "../../../domain/search-filters";
import { TextField } from "../../components/form/text-field";
import { FilterSelect } from "./filter-controls";
import type { FilterPatch } from "./use-search-filters";

/** The free-text filters' limit in the filter object (spec-2 §3). */
const TEXT_MAX = 100;

const text = (value: string) => (value === "" ? undefined : value);

export function BackgroundFilters({
  draft,
  onChange,
}: {
  draft: SearchFilters;
  onChange: (patch: FilterPatch) => void;
}) {
  const basesId = useId();
  const bases = draft.militaryBranch ? MILITARY_BASES[draft.militaryBranch] : [];
  return (
    <>
      <FilterSelect
        label={FILTER_LABELS.militaryBranch}
        value={draft.militaryBranch}
        options={optionsOf("militaryBranch")}
        onChange={(militaryBranch) => onChange({ militaryBranch })}
      />
      <div>
        <TextField
          label={FILTER_LABELS.militaryBase}
          value={draft.militaryBase ?? ""}
          maxLength={TEXT_MAX}
          autoComplete="off"
          list={bases.length > 0 ? basesId : undefined}
          onChange={(event) => onChange({ militaryBase: text(event.target.value) })}
        />
        <datalist id={basesId}>
          {bases.map((base) => (
            <option key={base} value={base} />
          ))}
        </datalist>
      </div>
      <TextField
        label={FILTER_LABELS.university}
        value={draft.university ?? ""}
        maxLength={TEXT_MAX}
        autoComplete="off"
        onChange={(event) => onChange({ university: text(event.target.value) })}
      />
      <FilterSelect
        label={FILTER_LABELS.hbcu}
        value={draft.hbcu}
        options={optionsOf("hbcu")}
        onChange={(hbcu) => onChange({ hbcu })}
      />
      <FilterSelect
        label={FILTER_LABELS.occupation}
        value={draft.occupation}
        options={optionsOf("occupation")}
        onChange={(occupation) => onChange({ occupation })}
      />
      <FilterSelect
        label={FILTER_LABELS.networth}
        value={draft.networth}
        options={optionsOf("networth")}
        onChange={(networth) => onChange({ networth })}
      />
      <FilterSelect
        label={FILTER_LABELS.salary}
        value={draft.salary}
        options={optionsOf("salary")}
        onChange={(salary) => onChange({ salary })}
      />
      <FilterSelect
        label={FILTER_LABELS.greek}
        value={draft.greek}
        options={optionsOf("greek")}
        onChange={(greek) => onChange({ greek })}
      />
      <FilterSelect
        label={FILTER_LABELS.religion}
        value={draft.religion}
        options={optionsOf("religion")}
        onChange={(religion) => onChange({ religion })}
      />
      <FilterSelect
        label={FILTER_LABELS.education}
        value={draft.education}
        options={optionsOf("education")}
        onChange={(education) => onChange({ education })}
      />
    </>
  );
}
