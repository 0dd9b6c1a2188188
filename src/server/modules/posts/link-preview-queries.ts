// SQL for link previews (docs/feed.md "Link previews"): the newest unexpired read of a URL, a new
// read, and a card by id. Rows are written once and never changed.
import { and, desc, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { linkPreviews } from "../../db/schema/link-previews";

export type LinkPreviewRow = typeof linkPreviews.$inferSelect;

/** The newest read of `url` that has not expired at `now`. */
export async function freshPreview(
  db: Db,
  { url, now }: { url: string; now: Date },
): Promise<LinkPreviewRow | undefined> {
  const [row] = await db
    .select()
    .from(linkPreviews)
    .where(and(eq(linkPreviews.url, url), gt(linkPreviews.expiresAt, now)))
    .orderBy(desc(linkPreviews.fetchedAt))
    .limit(1);
  return row;
}

export async function insertPreview(
  db: Db,
  values: typeof linkPreviews.$inferInsert,
): Promise<LinkPreviewRow> {
  const [row] = await db.insert(linkPreviews).values(values).returning();
  if (!row) throw new Error("link preview not written");
  return row;
}

export async function previewById(db: Db, id: string): Promise<LinkPreviewRow | undefined> {
  const [row] = await db.select().from(linkPreviews).where(eq(linkPreviews.id, id)).limit(1);
  return row;
}

/** A post's card as its reads select it, from `link_previews` joined on the post's reference. */
export const previewColumns = {
  id: linkPreviews.id,
  url: linkPreviews.url,
  title: linkPreviews.title,
  description: linkPreviews.description,
  siteName: linkPreviews.siteName,
  imageUrl: linkPreviews.imageUrl,
};
