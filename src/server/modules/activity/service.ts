// The Activity page (spec-2 §2, §3, §4): groups of likes, comments, follows and mentions (those of
// kinds the reader turned off in the app left out: docs/notifications.md "Kinds and channels"), actors
// (ours and people elsewhere: docs/federation.md "Activity from elsewhere") and posts (their text
// as it reads now) hydrated in one query each; opening a group marks it read; the menu badge's
// unread count.
import { warnedSnippet } from "../../../domain/activity-buckets";
import type { ActivityGroup } from "../../../domain/contracts/activity";
import { displayHandle } from "../../../domain/handles";
import { reportOutcomeOf } from "../../../domain/report-outcomes";
import type { ReportTarget } from "../../../domain/report-reasons";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { reportOutcomesOf } from "../audit/record";
import { hiddenActivityTypes } from "../notification-settings/channels";
import { toPersonSummary } from "../profiles/person";
import {
  activityGroups,
  actorsByIds,
  countUnread,
  type GroupKey,
  markRead,
  notesForGroups,
  postsForGroups,
  remoteActorsByIds,
} from "./queries";

const AVATARS = 5;

const withMark = (mutedBy: string[]) => (mutedBy.length > 0 ? { mutedBy } : {});
const ELSEWHERE = "fed:";

/** A post's address on its own server, when it is a web address (a server's word is not trusted
 * to be one). */
function webAddress(note: { url: string | null; uri: string } | undefined): string | null {
  const address = note?.url ?? note?.uri;
  return address && /^https?:\/\//i.test(address) ? address : null;
}

export async function listActivity(
  reader: Pick<AppContext, "db" | "mutedWords">,
  recipientId: string,
): Promise<ActivityGroup[]> {
  const { db } = reader;
  const groups = await activityGroups(db, recipientId, await hiddenActivityTypes(db, recipientId));
  const recentActors = groups.map((g) =>
    [...new Set(g.actors.filter((id): id is string => id !== null))].slice(0, AVATARS),
  );
  const actorIds = [...new Set(recentActors.flat())];
  const localIds = actorIds.filter((id) => !id.startsWith(ELSEWHERE));
  const remoteIds = actorIds.flatMap((id) =>
    id.startsWith(ELSEWHERE) ? [id.slice(ELSEWHERE.length)] : [],
  );
  const idsOf = (key: "post_id" | "note_id" | "action_id") => [
    ...new Set(groups.map((g) => g[key]).filter((id): id is string => id !== null)),
  ];
  const now = new Date();
  // Muted words are read only when a group shows someone's words.
  const wordsOf = groups.some((g) => g.comment_snippet !== null) ? recipientId : null;
  const [actors, remoteActors, postRows, noteRows, outcomeRows, markComments, markPosts] =
    await Promise.all([
      actorsByIds(db, localIds),
      remoteActorsByIds(db, remoteIds),
      postsForGroups(db, idsOf("post_id")),
      notesForGroups(db, idsOf("note_id")),
      reportOutcomesOf(db, idsOf("action_id")),
      reader.mutedWords.marker(wordsOf, { context: "comments", now }),
      reader.mutedWords.marker(wordsOf, { context: "feed", now }),
    ]);
  // The words someone wrote (a comment, a mention, a quote) are collapsed when the reader's muted
  // words match them (docs/safety.md "Muted words").
  const mutedBy = (group: (typeof groups)[number], author: string | undefined) => {
    if (!group.comment_snippet) return [];
    const mark = group.group_type === "COMMENT" ? markComments : markPosts;
    return mark(author ?? null, [group.comment_snippet]);
  };
  const personById = new Map<string, ActivityGroup["actorsRecent"][number]>([
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
  const outcomeById = new Map(outcomeRows.map((o) => [o.id, o]));
  return groups.map((group, i) => {
    const people = (recentActors[i] ?? []).flatMap((id) => personById.get(id) ?? []);
    const post = group.post_id ? postById.get(group.post_id) : undefined;
    const postDeleted = group.post_id !== null && (!post || post.deletedAt !== null);
    const first = people[0];
    const target =
      post && !postDeleted
        ? `/${displayHandle(post)}/${post.slug}`
        : group.note_id
          ? webAddress(noteById.get(group.note_id))
          : (group.group_type === "FOLLOW" || group.group_type === "FOLLOW_ACCEPTED") && first
            ? `/${first.elsewhere ? "@" : ""}${first.handle}`
            : null;
    return {
      groupType: group.group_type,
      postId: group.post_id,
      noteId: group.note_id,
      actorCount: Number(group.actor_count),
      unread: group.unread,
      // The post as it reads now (edits included), its warning instead of its words when it has
      // one (docs/feed.md "Content warnings"); a deleted post keeps the words its notice kept,
      // and a like's notice, which keeps none, the words the post had when it went.
      postSnippet:
        post && (!postDeleted || group.post_snippet === null)
          ? warnedSnippet(post.content, post.contentWarning)
          : group.post_snippet,
      commentSnippet: group.comment_snippet,
      ...withMark(mutedBy(group, first?.userId)),
      actorsRecent: people,
      target,
      postDeleted,
      lastEventAt: new Date(group.last_event_at).toISOString(),
      reportOutcome: presentOutcome(group.action_id ? outcomeById.get(group.action_id) : undefined),
    };
  });
}

/** A report's outcome: what was reported and what became of it, never the content or who acted. */
function presentOutcome(
  row: { id: string; action: string; targetType: string; reporterNote: string | null } | undefined,
): ActivityGroup["reportOutcome"] {
  const outcome = row && reportOutcomeOf(row.action);
  if (!row || !outcome) return null;
  return {
    actionId: row.id,
    targetType: row.targetType as ReportTarget,
    outcome,
    note: row.reporterNote,
  };
}

export const unreadCount = async (db: Db, recipientId: string): Promise<number> =>
  countUnread(db, recipientId, await hiddenActivityTypes(db, recipientId));

/** Marks one group read (opening it), or every group (Mark all as read) when none is given; the
 * reader's other tabs and devices hear of it. */
export async function markActivityRead(
  deps: Pick<AppContext, "outbox">,
  input: {
    recipientId: string;
    group: GroupKey | null;
  },
): Promise<{ ok: true }> {
  await deps.outbox.statement(async (db, fx) => {
    await markRead(db, input.recipientId, input.group);
    fx.publishAfterCommit({ type: "activity.read", recipientId: input.recipientId });
  });
  return { ok: true };
}
