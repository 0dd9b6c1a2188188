// What the filter of new accounts holds back from Activity (docs/notifications.md "Requests"):
// the held comments, replies and mentions grouped by who wrote them, newest sender first, with
// people and posts read as the Activity page reads them; and a sender's rows released into
// Activity (Accept) or dropped (Dismiss).
import { warnedSnippet } from "../../../domain/activity-buckets";
import {
  REQUEST_ITEMS_SHOWN,
  type RequestItem,
  type SenderRequests,
} from "../../../domain/contracts/requests";
import { displayHandle } from "../../../domain/handles";
import type { Db } from "../../db/client";
import type { Sender } from "../../policy/new-accounts";
import { toPersonSummary } from "../profiles/person";
import { deleteHeldRows, type HeldRow, heldRows, releaseHeldRows } from "./held-queries";
import { actorsByIds, notesForGroups, postsForGroups, remoteActorsByIds } from "./queries";

const ELSEWHERE = "fed:";
const MAX_SENDERS = 100;

const senderKey = (row: HeldRow) => row.actor_id ?? `${ELSEWHERE}${row.fed_actor_id}`;
const iso = (at: Date | string) => new Date(at).toISOString();

export async function listHeld(db: Db, recipientId: string): Promise<SenderRequests[]> {
  const rows = await heldRows(db, recipientId);
  const bySender = new Map<string, HeldRow[]>();
  for (const row of rows) {
    const key = senderKey(row);
    const list = bySender.get(key);
    if (list) list.push(row);
    else if (bySender.size < MAX_SENDERS) bySender.set(key, [row]);
  }
  const keys = [...bySender.keys()];
  const shown = [...bySender.values()].flatMap((list) => list.slice(0, REQUEST_ITEMS_SHOWN));
  const idsOf = (pick: (row: HeldRow) => string | null) => [
    ...new Set(shown.flatMap((row) => pick(row) ?? [])),
  ];
  const [actors, remoteActors, postRows, noteRows] = await Promise.all([
    actorsByIds(
      db,
      keys.filter((key) => !key.startsWith(ELSEWHERE)),
    ),
    remoteActorsByIds(
      db,
      keys.flatMap((key) => (key.startsWith(ELSEWHERE) ? [key.slice(ELSEWHERE.length)] : [])),
    ),
    postsForGroups(
      db,
      idsOf((row) => row.post_id),
    ),
    notesForGroups(
      db,
      idsOf((row) => (row.post_id ? null : row.fed_note_id)),
    ),
  ]);
  const people = new Map<string, SenderRequests["sender"]>([
    ...actors.map((a) => {
      const { userId, fullName, handle, profileImageUrl } = toPersonSummary(a);
      return [userId, { userId, fullName, handle, profileImageUrl, elsewhere: false }] as const;
    }),
    ...remoteActors.map((a) => {
      const userId = `${ELSEWHERE}${a.id}`;
      const person = { userId, fullName: a.name, handle: a.handle, elsewhere: true };
      return [userId, { ...person, profileImageUrl: null }] as const;
    }),
  ]);
  const postById = new Map(postRows.map((p) => [p.id, p]));
  const noteById = new Map(noteRows.map((n) => [n.id, n]));
  const item = (row: HeldRow): RequestItem => {
    const post = row.post_id ? postById.get(row.post_id) : undefined;
    const live = post && post.deletedAt === null ? post : undefined;
    const note = !row.post_id && row.fed_note_id ? noteById.get(row.fed_note_id) : undefined;
    const noteAddress = note?.url ?? note?.uri ?? null;
    return {
      id: String(row.id),
      type: row.type,
      postId: row.post_id,
      noteId: row.post_id ? null : row.fed_note_id,
      postSnippet: live ? warnedSnippet(live.content, live.contentWarning) : row.post_snippet,
      commentSnippet: row.comment_snippet,
      target: live
        ? `/${displayHandle(live)}/${live.slug}`
        : noteAddress && /^https?:\/\//i.test(noteAddress)
          ? noteAddress
          : null,
      createdAt: iso(row.created_at),
    };
  };
  return keys.flatMap((key) => {
    const sender = people.get(key);
    const list = bySender.get(key) ?? [];
    const newest = list[0];
    if (!sender || !newest) return [];
    return [
      {
        sender,
        count: list.length,
        items: list.slice(0, REQUEST_ITEMS_SHOWN).map(item),
        lastAt: iso(newest.created_at),
      },
    ];
  });
}

/** Accept: the sender's held rows join Activity, unread; how many. */
export const releaseHeld = (tx: Db, input: { recipientId: string; sender: Sender }) =>
  releaseHeldRows(tx, input);

/** Dismiss: the sender's held rows go; what they write later asks again. */
export const dropHeld = (tx: Db, input: { recipientId: string; sender: Sender }) =>
  deleteHeldRows(tx, input);
