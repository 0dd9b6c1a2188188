// The results of the search page (spec-2 §2 results header and cards, §4 local vs enhanced, §8
// 'Search failed', §9 60 a page): 'Searching…', then 'Found N user(s)' with the query text and,
// after a server search, the 'Enhanced Search' marker; the cards; 'Load more'. An error keeps the
// service's message (naming the refused filters) and shows no results.
import type { ReactNode } from "react";
import type { SearchResult } from "../../../domain/contracts/search";
import { formatCount } from "../../../domain/numbers";
import { FILTER_LABELS } from "../../../domain/search-fields";
import { SEARCH_COUNT_CAP, type SearchFilters } from "../../../domain/search-filters";
import { Button } from "../../components/controls/button";
import { LoadMore } from "../../components/controls/load-more";
import { ApiRequestError, errorMessage } from "../../lib/api";
import { useRecentProfilesQuery, useSearchResultsQuery } from "../../state/queries/people-search";
import { ResultCard } from "./result-card";
import { draftIsActive, localMatches } from "./search-draft";

export const SEARCH_FAILED = "Search failed";
export const SEARCHING = "Searching…";
export const ENHANCED_SEARCH = "Enhanced Search";

const muted = "text-neutral-600 dark:text-neutral-400";

/** spec-2 §2 'Found N user(s)'; beyond the count's cap, a lower bound. */
export const foundText = (total: { count: number; capped: boolean }) =>
  total.capped
    ? `Found ${formatCount(SEARCH_COUNT_CAP)}+ users`
    : `Found ${formatCount(total.count)} user(s)`;

function ResultsHeader({
  text,
  enhanced,
  children,
}: {
  text: string;
  enhanced: boolean;
  children: ReactNode;
}) {
  return (
    <div role="status" className="mb-4 flex min-h-8 flex-wrap items-center gap-x-2 gap-y-1">
      <h2 className="text-lg font-semibold">{children}</h2>
      {text ? <span className={muted}>for “{text}”</span> : null}
      {enhanced ? (
        <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-800 dark:bg-sky-950 dark:text-sky-200">
          {ENHANCED_SEARCH}
        </span>
      ) : null}
    </div>
  );
}

function SearchError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const fields = error instanceof ApiRequestError ? Object.entries(error.fields ?? {}) : [];
  // A refused value stays refused: only a failure of the service or the network is worth a retry.
  const retry = !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500);
  return (
    <div
      role="alert"
      className="rounded-2xl border border-red-200 bg-red-50 p-4 dark:border-red-900 dark:bg-red-950/40"
    >
      <p className="font-semibold text-red-800 dark:text-red-200">
        {errorMessage(error, SEARCH_FAILED)}
      </p>
      {fields.length > 0 ? (
        <ul className="mt-1 text-sm text-red-800 dark:text-red-200">
          {fields.map(([field, messages]) => (
            <li key={field}>
              {FILTER_LABELS[field as keyof typeof FILTER_LABELS] ?? field}: {messages.join(" ")}
            </li>
          ))}
        </ul>
      ) : null}
      {retry ? (
        <Button variant="secondary" className="mt-3" busy={retrying} onClick={onRetry}>
          Retry
        </Button>
      ) : null}
    </div>
  );
}

function ResultList({ people, empty }: { people: SearchResult[]; empty: string }) {
  if (people.length === 0) return <p className={`py-10 text-center ${muted}`}>{empty}</p>;
  return (
    <ul className="grid grid-cols-1 gap-3">
      {people.map((person) => (
        <ResultCard key={person.userId} person={person} />
      ))}
    </ul>
  );
}

/** The header and what follows it, in one shape for every state, so the header's status region
 * stays the same element and its changes are announced. */
function Results({
  heading,
  text,
  enhanced,
  children,
}: {
  heading: string;
  text: string;
  enhanced: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <ResultsHeader text={text} enhanced={enhanced}>
        {heading}
      </ResultsHeader>
      {children}
    </>
  );
}

/** The server's answer to the URL's search, page by page. */
export function EnhancedResults({ searched, text }: { searched: string; text: string }) {
  const query = useSearchResultsQuery(searched);
  if (query.isError && query.data === undefined) {
    return (
      <Results heading={SEARCH_FAILED} text={text} enhanced={false}>
        <SearchError
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </Results>
    );
  }
  if (query.data === undefined) return <Results heading={SEARCHING} text={text} enhanced={false} />;
  const people = query.data.pages.flatMap((page) => page.items);
  const total = query.data.pages[0]?.total ?? { count: people.length, capped: false };
  // Past the last page a search may read (docs/search.md "Search budget") the answer is a 400
  // that says so: asking again would only be refused again.
  const lastPageRead =
    query.isFetchNextPageError &&
    query.error instanceof ApiRequestError &&
    query.error.status === 400;
  return (
    <Results heading={foundText(total)} text={text} enhanced>
      <ResultList people={people} empty="No one matches this search." />
      {query.isFetchNextPageError ? (
        <p role="alert" className="mt-4 text-center text-sm text-red-600 dark:text-red-400">
          {errorMessage(query.error, SEARCH_FAILED)}
        </p>
      ) : null}
      {lastPageRead ? null : <LoadMore list={query} className="mt-4" />}
    </Results>
  );
}

/** Local mode (spec-2 §4, §5): the newest profiles the draft matches, as it is typed. They load
 * as the page opens, so the first keystroke already has them. */
export function LocalResults({ draft }: { draft: SearchFilters }) {
  const recent = useRecentProfilesQuery();
  const text = draft.q?.trim() ?? "";
  if (!draftIsActive(draft)) {
    return (
      <p
        className={`rounded-2xl border border-dashed border-neutral-300 p-6 dark:border-neutral-700 ${muted}`}
      >
        Type a name or choose filters: matches among the newest members show as you type. Search
        looks through everyone with every filter.
      </p>
    );
  }
  if (recent.isError) {
    return (
      <Results heading={SEARCH_FAILED} text={text} enhanced={false}>
        <SearchError
          error={recent.error}
          onRetry={() => void recent.refetch()}
          retrying={recent.isFetching}
        />
      </Results>
    );
  }
  if (recent.data === undefined)
    return <Results heading={SEARCHING} text={text} enhanced={false} />;
  const people = localMatches(recent.data.items, draft);
  return (
    <Results
      heading={foundText({ count: people.length, capped: false })}
      text={text}
      enhanced={false}
    >
      <p className={`-mt-2 mb-4 text-sm ${muted}`}>
        Among the newest members. Press Search to look through everyone with every filter.
      </p>
      <ResultList people={people} empty="No one among the newest members matches yet." />
    </Results>
  );
}
