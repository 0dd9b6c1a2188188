// The header's people search (spec-1 §2 "Header search box", §7, §9): a combobox
// (use-header-search.ts over lib/use-combobox.ts) whose results panel (search-results.tsx) lists
// people with their badges and a Follow button. Below 640 px the box hides behind a search icon
// and opens over the header. Search is public; Follow sends signed-out visitors to sign up.
import { clsx } from "clsx";
import { ArrowLeft, Search as SearchIcon } from "lucide-react";
import { useSessionUser } from "../../state/queries/session";
import { IconButton } from "../controls/icon-button";
import { SearchBox } from "./search-box";
import { SearchResults } from "./search-results";
import { useHeaderSearch } from "./use-header-search";

export function HeaderSearch() {
  const { user } = useSessionUser();
  const search = useHeaderSearch();
  const { expanded, visible } = search;

  return (
    <>
      <IconButton
        ref={search.refs.phoneToggle}
        label="Search"
        tone="inverse"
        aria-expanded={expanded}
        onClick={search.togglePhoneBox}
        className={clsx("sm:hidden", expanded && "invisible")}
      >
        <SearchIcon aria-hidden="true" size={22} />
      </IconButton>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to jsdom */}
      <div
        ref={search.refs.root}
        role="search"
        onKeyDown={search.onRootKeyDown}
        onBlur={search.onRootBlur}
        className={clsx(
          expanded ? "absolute inset-0 z-10 flex items-center gap-1 bg-black px-2" : "hidden",
          "sm:relative sm:inset-auto sm:z-auto sm:flex sm:bg-transparent sm:px-0",
        )}
      >
        <IconButton
          label="Close search"
          tone="inverse"
          onClick={search.collapse}
          className="sm:hidden"
        >
          <ArrowLeft aria-hidden="true" size={22} />
        </IconButton>
        <SearchBox search={search} />
        {visible ? (
          <SearchResults search={search} viewerId={user?.id} signedIn={Boolean(user)} />
        ) : null}
      </div>
      {visible ? (
        // Phones: the page behind the results sheet is dimmed; a tap on it closes (click outside).
        // No z-index: it stays under the search box (z-10) and its sheet.
        <div
          aria-hidden="true"
          className="fixed inset-x-0 top-14 bottom-0 bg-black/40 motion-safe:animate-fade-in sm:hidden"
        />
      ) : null}
    </>
  );
}
