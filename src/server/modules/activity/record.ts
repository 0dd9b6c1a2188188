// What other modules write to the Activity page, inside their own transaction: a row for a like,
// comment, reply, follow or mention (spec-2 §3, docs/social-and-realtime.md "Mentions"), a repost
// or a quote (docs/social-and-realtime.md "Reposts and quotes in Activity"), a private account's
// follow request and its acceptance (docs/social-and-realtime.md "Private accounts"), never for
// one's own actions; the same from people elsewhere (docs/federation.md "Activity from
// elsewhere"); and the forgetting of what two people did to each other when one blocks the other
// (docs/safety.md "Block"), of a repost undone or a quote deleted or detached, of what someone
// elsewhere undid or our person blocked, or of a request once it is answered or cancelled; and a
// reporter's word of what became of their report (docs/safety.md "Reporters hear back"). A
// comment, reply or mention from an account the recipient's filter holds is written held: it
// waits under their Requests (docs/notifications.md "Requests").
import type { SQL } from "drizzle-orm";
import { warnedSnippet } from "../../../domain/activity-buckets";
import type { Db } from "../../db/client";
import { holdsFrom } from "../notification-settings/filter";
import {
  type ActivityType,
  deleteActivityBetween,
  deleteActivityFromElsewhere,
  deleteActivityOf,
  deleteFollowRequestActivity,
  hasActivityFromElsewhere,
  insertActivity,
  insertReportOutcome,
  noticeRow,
} from "./queries";

export type { ActivityType } from "./queries";

export interface ActivityInput {
  recipientId: string;
  /** One of our people; or, for someone elsewhere, `fedActorId` (exactly one of the two). */
  actorId?: string;
  fedActorId?: string;
  /** The post from elsewhere that replies or mentions; the row goes with it. */
  fedNoteId?: string | null;
  type: ActivityType;
  postId?: string | null;
  postText?: string | null;
  /** The post's content warning, when the post is not the recipient's (a quote of theirs): the
   * notice quotes it instead of the words. */
  postWarning?: string | null;
  commentText?: string | null;
  /** The comment's content warning: the notice quotes it instead of the words. */
  commentWarning?: string | null;
  /** The moment the recipient's filter judges the sender's age at. */
  now?: Date;
}

/** The rows the filter of new accounts may hold: what someone wrote to the recipient. */
const FILTERED: ReadonlySet<ActivityType> = new Set(["COMMENT", "REPLY", "MENTION"]);

async function held(tx: Db, input: ActivityInput): Promise<boolean> {
  if (!FILTERED.has(input.type)) return false;
  const sender = input.actorId
    ? { userId: input.actorId }
    : input.fedActorId
      ? { fedActorId: input.fedActorId }
      : null;
  if (!sender) return false;
  return holdsFrom(tx, { recipientId: input.recipientId, sender, now: input.now ?? new Date() });
}

/** Answers the recipient to notify after the commit, or null: nobody for one's own action, and
 * nobody (no push, no live count) for a row held under the recipient's Requests. */
export async function recordActivity(tx: Db, input: ActivityInput): Promise<string | null> {
  if (input.recipientId === input.actorId) return null;
  const heldRow = await held(tx, input);
  await insertActivity(tx, {
    recipientId: input.recipientId,
    actorId: input.actorId ?? null,
    fedActorId: input.fedActorId ?? null,
    fedNoteId: input.fedNoteId ?? null,
    type: input.type,
    postId: input.postId ?? null,
    postSnippet: warnedSnippet(input.postText, input.postWarning ?? null),
    commentSnippet: warnedSnippet(input.commentText, input.commentWarning ?? null),
    held: heldRow,
  });
  return heldRow ? null : input.recipientId;
}

/**
 * A notice written by the change's own statement (docs/performance.md "Posts, likes and
 * follows"), for a kind the filter of new accounts never holds, so the row is all recordActivity
 * would write.
 */
export function noticeInStatement(input: Parameters<typeof noticeRow>[0]): SQL {
  if (FILTERED.has(input.type)) throw new Error(`recordActivity writes ${input.type} notices`);
  return noticeRow(input);
}

/** Tells a reporter of the action that closed their report, once per reporter and action (a
 * retried action finds the row there); true when this wrote it. */
export const recordReportOutcome = (
  tx: Db,
  input: { recipientId: string; actionId: string; at: Date },
) => insertReportOutcome(tx, input);

/** A block removes the activity between the two people, both ways. */
export const forgetActivityBetween = (tx: Db, a: string, b: string) =>
  deleteActivityBetween(tx, a, b);

/** One of our people took back what they did to the recipient's post: a repost undone (`postId`
 * the reposted post), a quote deleted, removed or detached (`postId` the quote). */
export const forgetActivity = (
  tx: Db,
  input: { recipientId: string; actorId: string; type: ActivityType; postId: string },
) => deleteActivityOf(tx, input);

/** Whether someone elsewhere's item of this kind on this post was recorded already. */
export const noticedFromElsewhere = (
  tx: Db,
  input: { recipientId: string; fedActorId: string; type: ActivityType; postId: string },
) => hasActivityFromElsewhere(tx, input);

/** What someone elsewhere did that reached the recipient (anyone, when none is given): an Undo of
 * a like or an Announce (`types` LIKE or REPOST, `postId`) or a follow, an answered request, a
 * quote its quoted author took their post out of (`fedNoteId`), or all of it (our person blocked
 * them). */
export const forgetFromElsewhere = (
  tx: Db,
  input: {
    recipientId?: string;
    fedActorId: string;
    types?: ActivityType[];
    postId?: string;
    fedNoteId?: string;
  },
) => deleteActivityFromElsewhere(tx, input);

/** A follow request's item goes with the request (approved, declined or cancelled). */
export const forgetFollowRequest = (
  tx: Db,
  { requesterId, targetId }: { requesterId: string; targetId: string },
) => deleteFollowRequestActivity(tx, { recipientId: targetId, actorId: requesterId });
