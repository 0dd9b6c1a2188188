// The filter panel's fields (spec-2 §2 "Search page", §3) in their three groups. A chunk of its
// own, loaded when the panel is first drawn: on a phone the panel starts closed, and the fields
// with their option lists, the city autocomplete and the schema are not needed for the first paint
// (docs/performance.md "Lighthouse").
import type { ReactNode } from "react";
import { LoadError } from "../../components/feedback/load-error";
import { BackgroundFilters } from "./background-filters";
import { PersonFilters } from "./person-filters";
import { PlaceFilters } from "./place-filters";
import type { SearchFiltersState } from "./use-search-filters";

function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-3 text-xs font-semibold tracking-wide text-neutral-500 uppercase dark:text-neutral-400">
        {title}
      </legend>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-1">{children}</div>
    </fieldset>
  );
}

interface FilterFieldsProps {
  filters: SearchFiltersState;
  /** Shown while the place lists load, as while this chunk does. */
  loading: ReactNode;
}

export default function FilterFields({ filters, loading }: FilterFieldsProps) {
  const { draft, change, lists } = filters;
  return (
    <>
      <FieldGroup title="Place">
        {lists.data ? (
          <PlaceFilters draft={draft} onChange={change} lists={lists.data.lists} />
        ) : lists.isError ? (
          <LoadError
            message="The place lists could not be loaded."
            onRetry={() => void lists.refetch()}
            retrying={lists.isFetching}
          />
        ) : (
          loading
        )}
      </FieldGroup>
      <FieldGroup title="Person">
        <PersonFilters draft={draft} onChange={change} />
      </FieldGroup>
      <FieldGroup title="Background">
        <BackgroundFilters draft={draft} onChange={change} />
      </FieldGroup>
    </>
  );
}
