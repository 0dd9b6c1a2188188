// Background (spec-2 §2, §3): military branch, military base and university as free text (the
// server matches them as contains; the branch's bases are offered as suggestions), HBCU,
// occupation, net worth, salary, Greek organization, religion and education.
import { useId } from "react";
import {
  EDUCATION_LEVELS,
  GREEK_ORGANIZATIONS,
  NET_WORTHS,
  RELIGIONS,
  SALARIES,
} from "../../../domain/enums/background";
import { HBCUS } from "../../../domain/enums/hbcus";
import { MILITARY_BASES, MILITARY_BRANCHES } from "../../../domain/enums/military";
import { OCCUPATIONS } from "../../../domain/enums/occupations";
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
        options={MILITARY_BRANCHES}
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
        options={HBCUS}
        onChange={(hbcu) => onChange({ hbcu })}
      />
      <FilterSelect
        label={FILTER_LABELS.occupation}
        value={draft.occupation}
        options={OCCUPATIONS}
        onChange={(occupation) => onChange({ occupation })}
      />
      <FilterSelect
        label={FILTER_LABELS.networth}
        value={draft.networth}
        options={NET_WORTHS}
        onChange={(networth) => onChange({ networth })}
      />
      <FilterSelect
        label={FILTER_LABELS.salary}
        value={draft.salary}
        options={SALARIES}
        onChange={(salary) => onChange({ salary })}
      />
      <FilterSelect
        label={FILTER_LABELS.greek}
        value={draft.greek}
        options={GREEK_ORGANIZATIONS}
        onChange={(greek) => onChange({ greek })}
      />
      <FilterSelect
        label={FILTER_LABELS.religion}
        value={draft.religion}
        options={RELIGIONS}
        onChange={(religion) => onChange({ religion })}
      />
      <FilterSelect
        label={FILTER_LABELS.education}
        value={draft.education}
        options={EDUCATION_LEVELS}
        onChange={(education) => onChange({ education })}
      />
    </>
  );
}
