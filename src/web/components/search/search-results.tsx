// The header search's results panel (spec-1 §2 "Header search box"): 'Search Results' with Close,
// each person with avatar, name, badges and @handle, and a Follow button. An option may hold no
// button (ARIA: its children are presentational), so the Follow buttons stand in a column beside
// the listbox, one per row, not inside it. The count, 'Searching…' or the empty text is announced.
// A fediverse handle's entry comes first, with no button (docs/federation.md "In the web app"),
// then the tags that start with a typed `#`, with their post counts (docs/search.md "Header
// search").

import { clsx } from "clsx";
import { Globe, Hash, X } from "lucide-react";
import { displayName } from "../../../domain/display-name";
import type { TagCount } from "../../state/queries/tags";
import { FollowButton } from "../person/follow-button";
import { PersonIdentity } from "../person/person-identity";
import type { HeaderSearchState, SearchOption } from "./use-header-search";

interface SearchResultsProps {
  search: HeaderSearchState;
  /** The signed-in person's id: no Follow button on their own row. */
  viewerId: string | undefined;
  /** Whether the viewer is signed in: a visitor's Follow buttons all read Follow. */
  signedIn: boolean;
}

/** The entry of a fediverse handle: their page here, looked up on their server. */
function FindElsewhere({ handle }: { handle: string }) {
  return (
    <>
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
        <Globe aria-hidden="true" size={20} />
      </span>
      <span className="flex min-w-0 flex-col text-sm">
        <span className="truncate">
          Find <span className="font-semibold">@{handle}</span>
        </span>{" "}
        <span className="text-neutral-500 dark:text-neutral-400">on their server</span>
      </span>
    </>
  );
}

/** A tag's entry: `#` and its name, and how many posts carry it. */
function TagEntry({ tag }: { tag: TagCount }) {
  return (
    <>
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
        <Hash aria-hidden="true" size={20} />
      </span>
      <span className="flex min-w-0 flex-col text-sm">
        <span className="truncate font-semibold">#{tag.display}</span>{" "}
        <span className="text-neutral-500 dark:text-neutral-400">
          {tag.count.toLocaleString("en-US")} {tag.count === 1 ? "post" : "posts"}
        </span>
      </span>
    </>
  );
}

const optionKey = (option: SearchOption) =>
  option.kind === "person"
    ? option.person.userId
    : option.kind === "tag"
      ? `#${option.tag.name}`
      : "elsewhere";

export function SearchResults({ search, viewerId, signedIn }: SearchResultsProps) {
  const { combobox, titleId, status, items } = search;
  const { searching } = search.search;
  return (
    <section
      aria-labelledby={titleId}
      className="fixed inset-x-0 top-14 z-50 flex max-h-[calc(100dvh-3.5rem)] flex-col overflow-hidden rounded-b-2xl border-b border-neutral-200 bg-white text-neutral-900 shadow-2xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-3 sm:max-h-[min(32rem,calc(100dvh-5rem))] sm:w-96 sm:rounded-2xl sm:border dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <div className="flex items-center justify-between gap-2 border-b border-neutral-200 py-2 pr-2 pl-4 dark:border-neutral-800">
        <h2 id={titleId} className="text-sm font-semibold">
          Search Results
        </h2>
        <button
          type="button"
          onClick={search.closePanel}
          className="inline-flex min-h-9 items-center gap-1 rounded-full px-3 text-sm font-medium text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white"
        >
          <X aria-hidden="true" size={16} />
          Close
        </button>
      </div>
      {items.length > 0 ? (
        <div className="flex min-h-0 flex-1 overflow-y-auto overscroll-contain py-1">
          <div
            id={combobox.listboxId}
            role="listbox"
            aria-labelledby={titleId}
            aria-busy={searching || undefined}
            className="min-w-0 flex-1"
          >
            {items.map((option, index) => (
              <div
                key={optionKey(option)}
                role="option"
                id={combobox.optionId(index)}
                tabIndex={-1}
                aria-selected={index === combobox.activeIndex}
                {...combobox.optionHandlers(index)}
                className={clsx(
                  "flex h-14 cursor-pointer items-center gap-3 pr-2 pl-4 hover:bg-neutral-100 dark:hover:bg-neutral-800",
                  index === combobox.activeIndex && "bg-sky-50 dark:bg-sky-950/60",
                )}
              >
                {option.kind === "person" ? (
                  <PersonIdentity person={option.person} />
                ) : option.kind === "tag" ? (
                  <TagEntry tag={option.tag} />
                ) : (
                  <FindElsewhere handle={option.handle} />
                )}
              </div>
            ))}
          </div>
          {/* One row per option, level with it: the person's Follow button. */}
          <div className="shrink-0">
            {items.map((option, index) => (
              <div
                key={optionKey(option)}
                className={clsx(
                  "flex h-14 items-center pr-3 pl-1",
                  index === combobox.activeIndex && "bg-sky-50 dark:bg-sky-950/60",
                )}
              >
                {option.kind !== "person" || viewerId === option.person.userId ? null : (
                  <FollowButton
                    userId={option.person.userId}
                    name={displayName(option.person)}
                    following={signedIn ? option.person.following : false}
                    compact
                  />
                )}
              </div>
            ))}
          </div>
        </div>
      ) : null}
      <p
        role="status"
        className={
          items.length > 0
            ? "sr-only"
            : "px-4 py-6 text-center text-sm text-neutral-500 dark:text-neutral-400"
        }
      >
        {status}
      </p>
    </section>
  );
}
