// Link previews (docs/feed.md "Link previews"): what the server read once from a linked page's
// OpenGraph or oEmbed data, cached per URL for everyone. A row never changes once written: a
// refresh after `expires_at` writes a new one, so the posts that point at a card keep it.
import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const linkPreviews = pgTable(
  "link_previews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The link as the post's text has it (domain/first-link.ts). */
    url: text("url").notNull(),
    /** False: the page gave nothing to show (or could not be read); cached for a short while. */
    found: boolean("found").notNull(),
    title: text("title"),
    description: text("description"),
    siteName: text("site_name"),
    /** Our re-encoded copy of the page's image (/media/…), never the page's own address. */
    imageUrl: text("image_url"),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    // The newest read of a URL, which the cache answers from.
    index("link_previews_url_idx").on(t.url, t.fetchedAt.desc()),
    // The reads past their time, which the sweep prunes.
    index("link_previews_expires_idx").on(t.expiresAt),
  ],
);
