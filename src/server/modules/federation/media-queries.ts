// The SQL of images from elsewhere (docs/federation.md "Images from elsewhere"): what a post or a
// person named, and what our media pipeline made of it, written once.
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fedActors, fedNotes, type RemoteImage } from "../../db/schema/federation";

/** A post's images as it named them, its author's server, and whether they were fetched. */
export async function noteImagesOf(db: Db, noteId: string) {
  const [row] = await db
    .select({ attachments: fedNotes.attachments, media: fedNotes.media, host: fedActors.host })
    .from(fedNotes)
    .innerJoin(fedActors, eq(fedActors.id, fedNotes.actorId))
    .where(eq(fedNotes.id, noteId));
  return row;
}

/** Sets a post's stored images, unless they were already set; whether it did. */
export async function setNoteMedia(
  db: Db,
  { noteId, media }: { noteId: string; media: RemoteImage[] },
): Promise<boolean> {
  const rows = await db
    .update(fedNotes)
    .set({ media })
    .where(and(eq(fedNotes.id, noteId), isNull(fedNotes.media)))
    .returning({ id: fedNotes.id });
  return rows.length > 0;
}

/** Records the picture fetched from `from` (null when it could not be stored), unless the person
 * has shown another one since. */
export async function setActorIcon(
  db: Db,
  { actorId, from, mediaUrl }: { actorId: string; from: string; mediaUrl: string | null },
): Promise<void> {
  await db
    .update(fedActors)
    .set({ iconMediaUrl: mediaUrl, iconFetchedFrom: from })
    .where(and(eq(fedActors.id, actorId), eq(fedActors.iconUrl, from)));
}
