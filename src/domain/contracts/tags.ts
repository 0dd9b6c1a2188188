// Shapes of hashtags (docs/feed.md "Hashtags", docs/search.md "Trending tags").
import { z } from "zod";

/** A tag as the address names it; the server reads it with domain/hashtags.ts parseTagName, and a
 * name that cannot be a tag is 404. */
export const tagParams = z.object({ tag: z.string().min(1).max(400) });

/** A tag's page header. `name` is its key (what links use), `display` the form first written. */
export const tagView = z.object({
  name: z.string(),
  display: z.string(),
  /** Live posts carrying it, whoever may see them. */
  postsCount: z.number().int(),
  /** The signed-in viewer follows it (false for a visitor). */
  following: z.boolean(),
  /** Whether moderators keep it out of trending: told to moderators only (null to others). */
  hiddenFromTrending: z.boolean().nullable(),
});

export const tagTrendingResponse = z.object({ hidden: z.boolean() });

export const tagFollowResponse = z.object({ following: z.boolean() });

/** A tag in a short list: the header search's suggestions (posts) or trending (people). */
export const tagCount = z.object({
  name: z.string(),
  display: z.string(),
  count: z.number().int(),
});

export const tagListResponse = z.object({ items: z.array(tagCount) });

export const tagSuggestQuery = z.object({ q: z.string().min(1).max(200) });
