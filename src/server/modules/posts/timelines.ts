// What other modules do to home timelines (docs/feed.md "Timelines written at post time"), in
// their own transaction or statement: a follow copies the followee's recent posts in and an
// unfollow takes them out (follows/queries.ts composes these into its statement), a moderator's
// removal or restoration of a post (posts/moderation.ts), an account's deletion. The SQL is in
// timeline-queries.ts; the posts module's own files use it directly.
export {
  copyIntoTimeline,
  removeAuthorFromTimelines,
  removeFolloweeFromTimeline,
} from "./timeline-queries";
