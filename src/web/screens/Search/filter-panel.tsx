// The search form (spec-2 §2 "Search page"): the text box, the collapsible filter panel with every
// filter of the spec's filter object (§3) in three groups, and Search / Clear Filters. While the
// panel is open the two buttons stay in view at the bottom of it. Clear Filters starts the fields
// afresh (the generation key), typed but unchosen city text included.
import { clsx } from "clsx";
import { ChevronDown, SlidersHorizontal } from "lucide-react";
import { lazy, Suspense, useId } from "react";
import { Button, buttonClass } from "../../components/controls/button";
import { QueryBox } from "./query-box";
import { filterCount } from "./search-draft";
import type { SearchFiltersState } from "./use-search-filters";

const FilterFields = lazy(() => import("./filter-fields"));

const loading = (
  <p role="status" className="text-sm text-neutral-500 dark:text-neutral-400">
    Loading…
  </p>
);

interface SearchFormProps {
  filters: SearchFiltersState;
  open: boolean;
  /** Whether the panel's fields are drawn: from its first opening on. Closed, they would be
   * hundreds of hidden options built for nothing. */
  drawn: boolean;
  onOpenChange: (open: boolean) => void;
  onSearch: () => void;
}

export function SearchForm({ filters, open, drawn, onOpenChange, onSearch }: SearchFormProps) {
  const panelId = useId();
  const { draft, change } = filters;
  const count = filterCount(draft);
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to jsdom
    <form
      role="search"
      aria-label="Search people"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      <QueryBox value={draft.q ?? ""} onChange={(q) => change({ q: q === "" ? undefined : q })} />
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => onOpenChange(!open)}
          className={buttonClass({ variant: "ghost" }, "-ml-2 px-2")}
        >
          <SlidersHorizontal aria-hidden="true" size={18} />
          Filters
          {count > 0 ? (
            <>
              {/* The space stays outside the hidden span: names are trimmed inside elements. */}{" "}
              <span className="sr-only">({count} set)</span>
              <span
                aria-hidden="true"
                className="rounded-full bg-sky-600 px-1.5 text-xs leading-5 text-white dark:bg-sky-500 dark:text-neutral-950"
              >
                {count}
              </span>
            </>
          ) : null}
          <ChevronDown
            aria-hidden="true"
            size={18}
            className={clsx("transition-transform", open && "rotate-180")}
          />
        </button>
        <div id={panelId} hidden={!open} className="basis-full">
          {drawn ? (
            <div key={filters.generation} className="space-y-6 pt-2 pb-4">
              <Suspense fallback={loading}>
                <FilterFields filters={filters} loading={loading} />
              </Suspense>
            </div>
          ) : null}
        </div>
        <div
          className={clsx(
            "flex gap-2",
            open
              ? "sticky bottom-0 z-10 basis-full justify-end border-t border-neutral-200 bg-white py-3 dark:border-neutral-800 dark:bg-neutral-950"
              : "ml-auto",
          )}
        >
          <Button variant="secondary" onClick={filters.clear}>
            Clear Filters
          </Button>
          <Button type="submit">Search</Button>
        </div>
      </div>
    </form>
  );
}
