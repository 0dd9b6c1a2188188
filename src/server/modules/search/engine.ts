// Who answers the advanced search's pages (docs/search.md "Search engines"): the in-memory profile
// index of each instance (index/), or PostgreSQL itself (sql/). Both take the same query and
// answer the same page — the user ids in order with each one's cursor key and band, and the
// count up to its cap — so the service and the routes do not know which answered.
import type { IndexPage, IndexQuery } from "./index/types";

export interface SearchEngine {
  /** Ready to answer: the memory engine loads every profile first. */
  start(): Promise<void>;
  close(): void;
  /** The readiness signal (`/readyz`): whatever this engine must have read lately, it has. */
  caughtUp(): boolean;
  /** Profiles held in this instance's memory, and how long since it last read the change log
   * (docs/operations.md "Metrics"); the PostgreSQL engine holds none. */
  stats(): { profiles: number; msSinceCaughtUp: number | null };
  /** One page and, when asked, the capped count, with every change committed before the call. */
  page(query: IndexQuery): Promise<IndexPage>;
}

declare module "../../context" {
  interface AppContext {
    /** The advanced search's engine (docs/search.md "Search engines"), chosen by SEARCH_ENGINE. */
    searchIndex: SearchEngine;
  }
}
