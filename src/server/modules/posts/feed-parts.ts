// The home feed's first page as parts of one statement (docs/feed.md "The first page in one
// statement"): the federation module, which sits above this one, unites these with its own part
// (the posts from elsewhere), so a feed read that misses the cache sends one statement for its
// keys, not three. Whom the reader follows, those of them merged at read, the reader's timeline
// keys and the oldest time the page can reach are read once, as CTEs the parts name
// (firstPageCtes). The SQL is in timeline-queries.ts and repost-queries.ts.
export { firstRepostKeysPart } from "./repost-queries";
// The reposts from the reader's timeline, by the rule of the module that owns the kind's table.
export { timelineRepostKeys } from "./repost-timeline-queries";
export {
  FIRST_PAGE_CTES,
  type FirstPageCtes,
  firstPageCtes,
} from "./timeline-queries";
