// /search (spec-2 §2 "Search page", §4 local vs enhanced): the search form beside (below, on
// phones) the results. The URL holds the searched filters; with none, the page is in local mode
// and filters the newest profiles as the draft changes. The filter panel starts open on wide
// screens and closed on phones, where Search also folds it away to show the results. Before a
// search, the day's trending tags top the results (docs/search.md "Trending tags").
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { pageText } from "../../../domain/page-titles";
import { usePageMeta } from "../../lib/document-head";
import { useSite } from "../../lib/site-config";
import { peopleSearchKeys } from "../../state/queries/search";
import { SearchForm } from "./filter-panel";
import { EnhancedResults, LocalResults } from "./search-results";
import { TrendingTags } from "./trending-tags";
import { useSearchFilters } from "./use-search-filters";

/** The width where the panel becomes a column beside the results (Tailwind's lg). */
const isWide = () => window.matchMedia?.("(min-width: 1024px)").matches ?? true;

export function SearchScreen() {
  usePageMeta(pageText({ kind: "search" }, useSite().siteName));
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(isWide);
  // Closed at first on a phone: its fields are drawn, and its lists loaded, once it first opens.
  const [shown, setShown] = useState(open);
  if (open && !shown) setShown(true);
  const filters = useSearchFilters(shown);
  const results = useRef<HTMLDivElement>(null);

  const search = () => {
    if (!filters.search() && filters.searched !== null) {
      // The same search again: ask afresh, from the first page.
      void queryClient.resetQueries({ queryKey: peopleSearchKeys.results(filters.searched) });
    }
    if (!isWide()) {
      setOpen(false);
      results.current?.scrollIntoView?.({ block: "start" });
    }
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">
      <h1 className="mb-4 text-2xl font-bold">Search</h1>
      <div className="lg:grid lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <div className="lg:sticky lg:top-20 lg:-mx-1 lg:-mt-1 lg:max-h-[calc(100dvh-10rem)] lg:overflow-y-auto lg:px-1 lg:pt-1">
          <SearchForm
            filters={filters}
            open={open}
            drawn={shown}
            onOpenChange={setOpen}
            onSearch={search}
          />
        </div>
        <div ref={results} className="mt-6 scroll-mt-20 lg:mt-0">
          {filters.searched === null && <TrendingTags />}
          <section aria-label="Results">
            {filters.searched === null ? (
              <LocalResults draft={filters.draft} />
            ) : (
              <EnhancedResults searched={filters.searched} text={filters.searchedText} />
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
