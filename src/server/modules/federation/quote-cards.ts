// The cards of the posts that posts from elsewhere quote (docs/federation.md "Quotes"): one of ours
// is shown as the reader may see it (through `LocalQuoteCards`, the posts module's rule: a block
// either way, a mute, a private account not followed, deleted, detached: unavailable); a post from
// elsewhere we hold is shown unless the reader blocked its author or is blocked by them, or its
// server is silenced or suspended; an object we do not hold shows no card (the Note's own "RE:"
// link stays in its text). One query for the page, asked only when it holds a quote. Our posts
// that quote a post from elsewhere read its card by the same rule (`quotedNoteCards`).
import type { QuoteCardView, QuotedPostView } from "../../../domain/contracts/posts";
import type { Db } from "../../db/client";
import {
  type NoteRow,
  type QuotedNoteRow,
  quotedNotesById,
  quotedNotesByUri,
} from "./note-queries";
import { remoteAuthor } from "./remote-author";

/** Our posts' cards for quotes (`id`: the quoting post's), as the reader is shown them. */
export type LocalQuoteCards = (
  quotes: { id: string; quoteOf: string | null; quoteDetached: boolean }[],
) => Promise<Map<string, QuoteCardView>>;

const UNAVAILABLE: QuoteCardView = { unavailable: true, detached: false };
const DETACHED: QuoteCardView = { unavailable: true, detached: true };

export async function noteQuoteCards(
  db: Db,
  {
    rows,
    viewerId,
    quoteCards,
  }: { rows: NoteRow[]; viewerId: string; quoteCards: LocalQuoteCards | undefined },
): Promise<Map<string, QuoteCardView>> {
  const ours = rows.filter((r) => r.quotePostId !== null);
  const theirs = rows.filter((r) => r.quotePostId === null && r.quoteUri !== null);
  const cards = new Map<string, QuoteCardView>();
  if (ours.length > 0 && quoteCards) {
    const local = await quoteCards(
      ours.map((r) => ({ id: r.id, quoteOf: r.quotePostId, quoteDetached: r.quoteDetached })),
    );
    for (const [id, card] of local) cards.set(id, card);
  }
  if (theirs.length === 0) return cards;
  const uris = [...new Set(theirs.map((r) => r.quoteUri as string))];
  const quoted = new Map(
    (await quotedNotesByUri(db, { uris, viewerId })).map((n) => [n.uri, n] as const),
  );
  for (const row of theirs) {
    const note = quoted.get(row.quoteUri as string);
    if (!note) continue;
    if (row.quoteDetached) {
      cards.set(row.id, DETACHED);
      continue;
    }
    cards.set(row.id, note.hidden ? UNAVAILABLE : noteCardOf(note));
  }
  return cards;
}

/** A post from elsewhere as a quote's card shows it: its author, text, first image, and the
 * author's page here. */
function noteCardOf(note: QuotedNoteRow): QuotedPostView {
  const media = note.media?.[0];
  return {
    unavailable: false,
    id: note.id,
    author: remoteAuthor(note),
    content: note.text,
    contentWarning: note.summary,
    image: media ? { url: media.url, alt: media.alt, width: null, height: null } : null,
    imageSensitive: note.sensitive,
    path: `/@${note.handle}`,
    createdAt: note.publishedAt.toISOString(),
    remote: { uri: note.uri, url: note.url },
  };
}

/** The cards of the posts from elsewhere (by id) that our posts quote, those the reader may be
 * shown (a signed-out reader: unless the server is silenced or suspended); one query. */
export async function quotedNoteCards(
  db: Db,
  { noteIds, viewerId }: { noteIds: string[]; viewerId: string | null },
): Promise<Map<string, QuotedPostView>> {
  const rows = await quotedNotesById(db, { ids: noteIds, viewerId });
  return new Map(rows.filter((n) => !n.hidden).map((n) => [n.id, noteCardOf(n)] as const));
}
