// Posts from elsewhere (docs/federation.md "Posts from elsewhere"): a public Note of someone one of
// our people follows is kept as plain text and merged into their followers' home feeds; its
// author's server may edit or delete it; our people like it with a Like, which an Undo takes back.
import { randomUUID } from "node:crypto";
import { type Note, PUBLIC_COLLECTION } from "@fedify/vocab";
import type { CommentView, PostView, QuoteCardView } from "../../../domain/contracts/posts";
import { POST_MAX } from "../../../domain/post-slug";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import type { Effects } from "../../outbox/outbox";
import { spendNewAccountWrite } from "../../policy/new-accounts";
import { requireUnrestricted } from "../../policy/restrictions";
import { toPersonSummary } from "../profiles/person";
import { boostsByIds } from "./boost-queries";
import type { FederationDeps } from "./deps";
import { htmlText } from "./html-text";
import {
  deleteNoteLike,
  insertNoteLike,
  type NoteFields,
  type NoteRow,
  noteById,
  notesByIds,
} from "./note-queries";
import { visibleNoteReposts } from "./note-repost-queries";
import { type LocalQuoteCards, noteQuoteCards } from "./quote-cards";
import { remoteAuthor } from "./remote-author";
import { imagesOf } from "./remote-media";
import { insertReply, type ReplyRow, repliesTo } from "./reply-queries";

/** A post from elsewhere is cut at ten times our own limit: enough for any server's posts. */
const TEXT_MAX = POST_MAX * 10;
/** Its content warning is cut at Mastodon's whole limit (500), far above ours and Misskey's. */
const SUMMARY_MAX = 500;

/** The Note's text, or null when it is not public (addressed to Public, in `to` or `cc`). */
export function publicTextOf(note: Note): string | null {
  const audience = [...note.toIds, ...note.ccIds].map((url) => url.href);
  if (!audience.includes(PUBLIC_COLLECTION.href) && !audience.includes("as:Public")) return null;
  const html = note.content?.toString() ?? "";
  const text = htmlText(html).trim();
  return text.slice(0, TEXT_MAX);
}

/** A Note's content warning and sensitive flag (docs/federation.md "Content warnings"): the
 * `summary` as text (Mastodon and Misskey send text, some servers HTML), blank read as none;
 * `sensitive` as sent, and true whenever there is a warning, as Mastodon shows it. */
export function warningOf(note: Note): { summary: string | null; sensitive: boolean } {
  // Misskey sends a warning left blank as one zero-width space: no words, still sensitive.
  const summary = htmlText(note.summary?.toString() ?? "")
    .replaceAll("\u200b", "")
    .trim()
    .slice(0, SUMMARY_MAX);
  return { summary: summary || null, sensitive: note.sensitive === true || summary !== "" };
}

/** What is kept of a public Note with an id (its text from `publicTextOf`), by `actorId`. */
export async function noteFieldsOf(
  note: Note,
  { text, actorId, localPostId }: { text: string; actorId: string; localPostId: string | null },
): Promise<NoteFields> {
  if (!note.id) throw new Error("a Note without an id is not kept");
  const published = note.published ? new Date(note.published.epochMilliseconds) : new Date();
  return {
    uri: note.id.href,
    actorId,
    text,
    ...warningOf(note),
    url: note.url instanceof URL ? note.url.href : (note.url?.href?.href ?? note.id.href),
    inReplyTo: note.replyTargetId?.href ?? null,
    localPostId,
    // A post claimed to come from the future is shown as arriving now.
    publishedAt: published.getTime() > Date.now() ? new Date() : published,
    attachments: await imagesOf(note),
  };
}

export function presentNote(row: NoteRow, quote?: QuoteCardView): PostView {
  const at = row.publishedAt.toISOString();
  return {
    id: row.id,
    author: remoteAuthor(row),
    content: row.text,
    contentWarning: row.summary,
    images: (row.media ?? []).map(({ url, alt }) => ({ url, alt, width: null, height: null })),
    imageSensitive: row.sensitive,
    path: `/@${row.handle}`,
    likesCount: row.likesCount,
    commentsCount: 0,
    viewsCount: 0,
    likedByMe: row.likedByMe,
    // Only public posts from elsewhere are kept, so each may be reposted (docs/feed.md "Reposts
    // and quotes"); the count is our people's reposts.
    repostsCount: row.repostsCount,
    repostedByMe: row.repostedByMe,
    repostable: true,
    isAuthor: false,
    createdAt: at,
    updatedAt: row.updatedAt?.toISOString() ?? at,
    remote: { handle: row.handle, url: row.url },
    quote,
  };
}

/** Posts from elsewhere, boosts of them (by the boost's id) and our people's reposts of them (by
 * the repost's id, those the viewer may still see: note-repost-queries.ts), as the viewer sees
 * them; the cards of the posts they quote (quote-cards.ts), ours through `quoteCards` when
 * given. */
export async function presentNotes(
  db: Db,
  { ids, viewerId, quoteCards }: { ids: string[]; viewerId: string; quoteCards?: LocalQuoteCards },
): Promise<PostView[]> {
  const [boostRows, repostRows] = await Promise.all([
    boostsByIds(db, ids),
    visibleNoteReposts(db, { viewerId, ids }),
  ]);
  const boosts = new Map(boostRows.map((b) => [b.id, b]));
  const reposts = new Map(repostRows.map((r) => [r.id, r]));
  const noteOf = (id: string) => boosts.get(id)?.noteId ?? reposts.get(id)?.noteId ?? id;
  const noteIds = [...new Set(ids.map(noteOf))];
  const rows = await notesByIds(db, { ids: noteIds, viewerId });
  const cards = await noteQuoteCards(db, { rows, viewerId, quoteCards });
  const notes = new Map(rows.map((row) => [row.id, presentNote(row, cards.get(row.id))]));
  return ids.flatMap((id) => {
    const boost = boosts.get(id);
    const repost = reposts.get(id);
    const post = notes.get(noteOf(id));
    if (!post?.remote) return [];
    if (repost) {
      const at = repost.createdAt.toISOString();
      return [{ ...post, repostedBy: { id, at, person: toPersonSummary(repost.reposter) } }];
    }
    if (!boost) return [post];
    const boostedBy = { id: boost.id, handle: boost.handle, name: boost.name };
    return [{ ...post, remote: { ...post.remote, boostedBy } }];
  });
}

/** Replies from elsewhere to one of our posts, as its comments. */
export async function presentReplies(
  db: Db,
  input: {
    postId: string;
    viewerId: string | null;
    limit: number;
    cursor: { at: Date; id: string } | null;
  },
): Promise<CommentView[]> {
  return (await repliesTo(db, input)).map((row: ReplyRow) => ({
    id: row.id,
    postId: input.postId,
    author: remoteAuthor(row),
    content: row.text,
    parentCommentId: null,
    likesCount: 0,
    likedByMe: false,
    deleted: false,
    contentWarning: row.summary,
    createdAt: row.publishedAt.toISOString(),
    remote: { handle: row.handle, url: row.url },
  }));
}

const noteNotFound = () => notFound("Post not found");

/** Likes or unlikes a post from elsewhere (twice changes nothing); its count and the viewer's like. */
export async function setNoteLike(
  deps: FederationDeps,
  { id, viewerId, like }: { id: string; viewerId: string; like: boolean },
): Promise<{ liked: boolean; likesCount: number }> {
  if (like) await requireUnrestricted(deps.db, viewerId);
  const note = await noteById(deps.db, id);
  if (!note) throw noteNotFound();
  await deps.outbox.transaction(async (tx, fx: Effects) => {
    if (like) {
      const likeUri = new URL(`/ap/likes/${randomUUID()}`, deps.config.publicUrl).href;
      if (await insertNoteLike(tx, { noteId: note.id, userId: viewerId, likeUri })) {
        fx.federate({ kind: "like", userId: viewerId, noteId: note.id, likeUri });
      }
    } else {
      const likeUri = await deleteNoteLike(tx, { noteId: note.id, userId: viewerId });
      if (likeUri) fx.federate({ kind: "unlike", userId: viewerId, noteId: note.id, likeUri });
    }
  });
  const [row] = await notesByIds(deps.db, { ids: [note.id], viewerId });
  if (!row) throw noteNotFound();
  return { liked: row.likedByMe, likesCount: row.likesCount };
}

/** Replies to a post from elsewhere: kept here and sent to its author's server as a Note that
 * answers it and mentions them. The reply's id and time. */
export async function replyToNote(
  deps: FederationDeps,
  {
    id,
    viewerId,
    content,
    now = new Date(),
  }: { id: string; viewerId: string; content: string; now?: Date },
): Promise<{ id: string; createdAt: string }> {
  await requireUnrestricted(deps.db, viewerId);
  // A comment, as one on our posts (docs/safety.md "New accounts").
  await spendNewAccountWrite(deps, { userId: viewerId, write: "comments", now });
  const note = await noteById(deps.db, id);
  if (!note) throw noteNotFound();
  const reply = await deps.outbox.transaction(async (tx, fx) => {
    const stored = await insertReply(tx, { noteId: note.id, userId: viewerId, content });
    fx.federate({ kind: "reply", replyId: stored.id });
    return stored;
  });
  return { id: reply.id, createdAt: reply.createdAt.toISOString() };
}
