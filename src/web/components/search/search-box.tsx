// The header search's text box (spec-1 §2 "Header search box", §9 100 characters): the ARIA
// combobox whose popup is the results listbox (search-results.tsx).
import { Search as SearchIcon } from "lucide-react";
import type { HeaderSearchState } from "./use-header-search";

export const SEARCH_PLACEHOLDER = "Search users...";

export function SearchBox({ search }: { search: HeaderSearchState }) {
  const { combobox } = search;
  return (
    <div className="relative min-w-0 flex-1 sm:w-56 sm:flex-none md:w-72">
      <SearchIcon
        aria-hidden="true"
        size={18}
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-white/60"
      />
      <input
        ref={search.refs.input}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={combobox.expanded}
        aria-controls={combobox.controls}
        aria-activedescendant={combobox.activeId}
        onKeyDown={combobox.onKeyDown}
        aria-label="Search users"
        name="q"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={100}
        placeholder={SEARCH_PLACEHOLDER}
        value={search.text}
        onChange={(event) => search.onTextChange(event.target.value)}
        onClick={search.onInputClick}
        className="h-10 w-full rounded-full border border-white/15 bg-white/10 pr-3 pl-9 text-base text-white placeholder:text-white/60 focus:border-white/40 focus:bg-white/15 focus-visible:outline-sky-400 sm:text-sm"
      />
    </div>
  );
}
