import { describe, expect, it } from "vitest";
import { type DigestContent, digestSummary, sinceLabel } from "./digest-mail";

const people = (...names: string[]) => names.map((fullName) => ({ fullName, link: "" }));
const content = (
  followers: string[],
  total: number,
  likes: number,
  comments: number,
  replies = 0,
  { reposts = 0, quotes = 0, requests = 0, mentions = 0 } = {},
): DigestContent => ({
  followers: { people: people(...followers), total },
  likes,
  reposts,
  quotes,
  comments,
  replies,
  requests,
  mentions,
});

describe("digestSummary", () => {
  it.each([
    [content([], 0, 0, 0), null, null],
    [content(["Ann"], 1, 0, 0), "1 new follower (Ann)", "1 new follower"],
    [content(["Ann", "Bo"], 2, 0, 0), "2 new followers (Ann and Bo)", "2 new followers"],
    [
      content(["Ann", "Bo", "Cy"], 3, 5, 2),
      "3 new followers (Ann, Bo and Cy), 5 likes and 2 comments on your posts",
      "3 new followers, 5 likes and 2 comments on your posts",
    ],
    [content(["Ann", "Bo"], 7, 0, 0), "7 new followers (Ann, Bo and 5 others)", "7 new followers"],
    // Followers elsewhere only: counted, nobody to name.
    [
      content([], 2, 1, 0),
      "2 new followers, 1 like on your posts",
      "2 new followers, 1 like on your posts",
    ],
    [
      content(["Ann"], 2, 1, 0),
      "2 new followers (Ann and 1 other), 1 like on your posts",
      "2 new followers, 1 like on your posts",
    ],
    [content([], 0, 0, 1), "1 comment on your posts", "1 comment on your posts"],
    // A reply to one's comment is on someone else's post: not told as a comment on one's posts.
    [content([], 0, 0, 0, 1), "1 reply to your comments", "1 reply to your comments"],
    [
      content(["Ann"], 1, 2, 1, 3),
      "1 new follower (Ann), 2 likes and 1 comment on your posts, 3 replies to your comments",
      "1 new follower, 2 likes and 1 comment on your posts, 3 replies to your comments",
    ],
    // Reposts and quotes are told with the likes (docs/accounts.md "The daily digest").
    [
      content([], 0, 2, 1, 0, { reposts: 3, quotes: 1 }),
      "2 likes, 3 reposts, 1 quote and 1 comment on your posts",
      "2 likes, 3 reposts, 1 quote and 1 comment on your posts",
    ],
    [content([], 0, 0, 0, 0, { reposts: 1 }), "1 repost on your posts", "1 repost on your posts"],
    // Follow requests after the followers, mentions last.
    [
      content(["Ann"], 1, 1, 0, 0, { requests: 2, mentions: 1 }),
      "1 new follower (Ann), 2 follow requests, 1 like on your posts, 1 mention",
      "1 new follower, 2 follow requests, 1 like on your posts, 1 mention",
    ],
    [content([], 0, 0, 0, 0, { mentions: 3 }), "3 mentions", "3 mentions"],
  ])("case %#", (given, named, bare) => {
    expect(digestSummary(given)).toBe(named);
    expect(digestSummary(given, false)).toBe(bare);
  });
});

describe("sinceLabel", () => {
  const now = new Date("2026-03-10T09:00:00Z");
  it.each([
    [24, "Since yesterday"],
    [36, "Since yesterday"],
    [49, "Since March 8, 2026"],
    [7 * 24, "Since March 3, 2026"],
  ])("%i hours back: %s", (hours, label) => {
    expect(sinceLabel(new Date(now.getTime() - hours * 3_600_000), now)).toBe(label);
  });
});
