// What people elsewhere do that our people are told of in Activity (docs/federation.md "Activity
// from elsewhere"): a follow or a follow request, a like of their post, a repost of it, a reply to
// it, a quote of it, a mention.
// Each is written in the transaction that takes the activity in and announced after its commit,
// as a local one is; an Undo takes its item back. Someone our person blocks tells them nothing,
// nor does anyone on a suspended server (whose activities are refused at the door) or, for
// replies and mentions, a silenced one.
import { MAX_MENTIONS } from "../../../domain/mentions";
import type { Db } from "../../db/client";
import type { Effects } from "../../outbox/outbox";
import {
  type ActivityType,
  forgetFromElsewhere,
  noticedFromElsewhere,
  recordActivity,
} from "../activity/record";
import { accountExists } from "../profiles/federated";
import { tellByPush } from "../push/tell";
import { blocksActor, domainBlockOf } from "./block-queries";
import { actorById, type FollowState } from "./queries";

type Fx = Pick<Effects, "publishAfterCommit" | "push">;

const told = (fx: Fx, recipientId: string) =>
  fx.publishAfterCommit({ type: "activity.created", recipientId });

/** What a push from elsewhere tells, before it names the actor. */
type ElsewhereNotice =
  | { kind: "like"; postId: string }
  | { kind: "comment"; postId: string; reply: false }
  | { kind: "follow"; request: boolean }
  | { kind: "mention"; postId: null }
  | { kind: "repost"; postId: string; quote: string | null };

/** Tells the recipient's open tabs and pushes to their browsers (docs/notifications.md "Push"),
 * naming the actor as they are known here now. */
async function toldAndPushed(
  tx: Db,
  fx: Fx,
  {
    recipientId,
    actorId,
    notice,
  }: { recipientId: string; actorId: string; notice: ElsewhereNotice },
): Promise<void> {
  told(fx, recipientId);
  const actor = await actorById(tx, actorId);
  if (!actor) return;
  const elsewhere = { name: actor.name || actor.handle, handle: actor.handle };
  await tellByPush(tx, fx, { recipientId, notice: { ...notice, elsewhere } });
}

/** A remote person's follow of ours went from `from` to `to`: a new follow (not an approval,
 * which the owner made) or a new request is told. */
export async function followNoticed(
  tx: Db,
  fx: Fx,
  input: { userId: string; actorId: string; from: FollowState | null; to: FollowState },
): Promise<void> {
  const type: ActivityType | null =
    input.from !== null ? null : input.to === "accepted" ? "FOLLOW" : "FOLLOW_REQUEST";
  if (!type) return;
  await recordActivity(tx, { recipientId: input.userId, fedActorId: input.actorId, type });
  const notice = { kind: "follow", request: type === "FOLLOW_REQUEST" } as const;
  await toldAndPushed(tx, fx, { recipientId: input.userId, actorId: input.actorId, notice });
}

/** Their follow or request ended (their Undo, or our person's answer to the request). */
export async function followForgotten(
  tx: Db,
  fx: Fx,
  input: { userId: string; actorId: string; types: ActivityType[] },
): Promise<void> {
  await forgetFromElsewhere(tx, {
    recipientId: input.userId,
    fedActorId: input.actorId,
    types: input.types,
  });
  told(fx, input.userId);
}

/** Their like of a post of ours, or its Undo. */
export async function likeNoticed(
  tx: Db,
  fx: Fx,
  input: { authorId: string; actorId: string; postId: string; postText: string; liked: boolean },
): Promise<void> {
  const who = { recipientId: input.authorId, fedActorId: input.actorId };
  if (!input.liked) {
    await forgetFromElsewhere(tx, { ...who, types: ["LIKE"], postId: input.postId });
    return;
  }
  if (await blocksActor(tx, { userId: input.authorId, actorId: input.actorId })) return;
  await recordActivity(tx, {
    ...who,
    type: "LIKE",
    postId: input.postId,
    postText: input.postText,
  });
  const notice = { kind: "like", postId: input.postId } as const;
  await toldAndPushed(tx, fx, { recipientId: input.authorId, actorId: input.actorId, notice });
}

/** Their Announce of a post of ours, told once however often it arrives. */
export async function repostNoticed(
  tx: Db,
  fx: Fx,
  input: { authorId: string; actorId: string; postId: string; postText: string },
): Promise<void> {
  const item = {
    recipientId: input.authorId,
    fedActorId: input.actorId,
    type: "REPOST",
    postId: input.postId,
  } as const;
  if (await blocksActor(tx, { userId: input.authorId, actorId: input.actorId })) return;
  if (await noticedFromElsewhere(tx, item)) return;
  await recordActivity(tx, { ...item, postText: input.postText });
  const notice = { kind: "repost", postId: input.postId, quote: null } as const;
  await toldAndPushed(tx, fx, { recipientId: input.authorId, actorId: input.actorId, notice });
}

/** Their Undo(Announce) of a post of ours: the item goes, whoever's post it is. */
export const repostUndone = (tx: Db, input: { actorId: string; postId: string }) =>
  forgetFromElsewhere(tx, { fedActorId: input.actorId, types: ["REPOST"], postId: input.postId });

/** A post from elsewhere, kept here for the first time: its author's reply to a post of ours
 * ('commented on your post') and its mentions of our people ('mentioned you'), the first
 * MAX_MENTIONS of them, each person told once. */
export async function noteNoticed(
  tx: Db,
  fx: Fx,
  input: {
    actor: { id: string; host: string };
    noteId: string;
    text: string;
    /** The note's content warning, quoted by the notice instead of its words. */
    warning: string | null;
    repliedTo: { postId: string; authorId: string; text: string } | null;
    /** Our post it quotes, as its author may see it. */
    quoted: { postId: string; authorId: string; text: string } | null;
    mentioned: string[];
  },
): Promise<void> {
  if (!input.repliedTo && !input.quoted && input.mentioned.length === 0) return;
  const severity = await domainBlockOf(tx, input.actor.host);
  if (severity === "suspend" || severity === "silence") return;
  const note = {
    fedActorId: input.actor.id,
    fedNoteId: input.noteId,
    commentText: input.text,
    commentWarning: input.warning,
  };
  // A Mention may name an id of ours that no one holds (or no longer does).
  const reached = async (userId: string) =>
    (await accountExists(tx, userId)) &&
    !(await blocksActor(tx, { userId, actorId: input.actor.id }));
  const { repliedTo } = input;
  // A reply or a mention the recipient's filter holds waits under their Requests, untold
  // (docs/notifications.md "Requests").
  if (repliedTo && (await reached(repliedTo.authorId))) {
    const toldOf = await recordActivity(tx, {
      ...note,
      recipientId: repliedTo.authorId,
      type: "COMMENT",
      postId: repliedTo.postId,
      postText: repliedTo.text,
    });
    const notice = { kind: "comment", postId: repliedTo.postId, reply: false } as const;
    if (toldOf) {
      await toldAndPushed(tx, fx, { recipientId: toldOf, actorId: input.actor.id, notice });
    }
  }
  // A quote of a post they were replying to tells its author of the reply only.
  const { quoted } = input;
  const quotedAuthor = quoted && quoted.authorId !== repliedTo?.authorId ? quoted : null;
  if (quotedAuthor && (await reached(quotedAuthor.authorId))) {
    await recordActivity(tx, {
      ...note,
      recipientId: quotedAuthor.authorId,
      type: "QUOTE",
      postId: quotedAuthor.postId,
      postText: quotedAuthor.text,
    });
    const { postId } = quotedAuthor;
    const notice = { kind: "repost", postId, quote: postId } as const;
    await toldAndPushed(tx, fx, {
      recipientId: quotedAuthor.authorId,
      actorId: input.actor.id,
      notice,
    });
  }
  const toldAlready = new Set([repliedTo?.authorId, quotedAuthor?.authorId]);
  const others = [...new Set(input.mentioned)].filter((id) => !toldAlready.has(id));
  for (const userId of others.slice(0, MAX_MENTIONS)) {
    if (!(await reached(userId))) continue;
    if (!(await recordActivity(tx, { ...note, recipientId: userId, type: "MENTION" }))) continue;
    const notice = { kind: "mention", postId: null } as const;
    await toldAndPushed(tx, fx, { recipientId: userId, actorId: input.actor.id, notice });
  }
}
