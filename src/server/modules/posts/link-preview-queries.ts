// SQL for link previews (docs/feed.md "Link previews"): the newest unexpired read of a URL, a new
// read, a card by id, and pruning. Rows are written once and never changed.
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { linkPreviews } from "../../db/schema/link-previews";
import { posts } from "../../db/schema/posts";

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

/**
 * Deletes up to `limit` reads that expired before `before` and that no post points at; answers
 * how many went and the images only they held (an image is stored once for every card that shows
 * it), whose files may go too.
 */
export async function pruneExpiredPreviews(
  db: Db,
  { before, limit }: { before: Date; limit: number },
): Promise<{ removed: number; images: string[] }> {
  const rows = await queryRows<{ removed: number; images: string[] | null }>(
    db,
    sql`with gone as (
          delete from ${linkPreviews} where id in (
            select lp.id from ${linkPreviews} lp
            where lp.expires_at < ${before}
              and not exists (select 1 from ${posts} p where p.link_preview_id = lp.id)
            limit ${limit}
          )
          returning id, image_url
        )
        select (select count(*)::int from gone) as removed,
          (select array_agg(distinct g.image_url) from gone g
            where g.image_url is not null
              and not exists (
                select 1 from ${linkPreviews} k
                where k.image_url = g.image_url and k.id not in (select id from gone)
              )) as images`,
  );
  return { removed: rows[0]?.removed ?? 0, images: rows[0]?.images ?? [] };
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
