// The advanced search's engines (docs/search.md "Search engines"): the search tests that depend on
// which one answers run on each, on PGlite and on PostgreSQL alike.
export const SEARCH_ENGINES = ["memory", "postgres"] as const;
