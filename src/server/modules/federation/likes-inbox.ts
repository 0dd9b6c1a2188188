// Likes from elsewhere (docs/federation.md "Likes from elsewhere"): someone's `Like` of one of our
// posts they may see counts in its likes, in the same transaction, and tells its author in Activity
// (notices.ts); their `Undo(Like)` takes both back. Each is counted once however often it arrives;
// the Undo keeps the Like's id a day, so a Like that arrives after its own Undo (a delivery retried
// behind it) counts nowhere and tells nobody (undone-activities.ts).
import type { InboxContext } from "@fedify/fedify";
import { type Like, Note, type Undo } from "@fedify/vocab";
import type { PostView } from "../../../domain/contracts/posts";
import type { Db } from "../../db/client";
import type { Effects, Outbox } from "../../outbox/outbox";
import { bumpLikesFromElsewhere } from "../posts/federated";
import { deletePostLike, insertPostLike } from "./like-queries";
import { likeNoticed } from "./notices";
import { rememberActor } from "./remote-actors";
import { rememberUndone, wasUndone } from "./undone-activities";

export interface LikesDeps {
  db: Db;
  outbox: Outbox;
  /** A post of ours as the person elsewhere at `actorUri` sees it; null when they may not. */
  postSeenBy(postId: string, actorUri: string | null): Promise<PostView | null>;
}

/** Our post the Like names, when its sender may see it, or null. */
async function likedPost(deps: LikesDeps, ctx: InboxContext<void>, like: Like) {
  if (!like.objectId) return null;
  const parsed = ctx.parseUri(like.objectId);
  if (parsed?.type !== "object" || parsed.class !== Note) return null;
  return deps.postSeenBy(parsed.values.id ?? "", like.actorId?.href ?? null);
}

async function moved(
  tx: Db,
  fx: Pick<Effects, "publishAfterCommit" | "push">,
  { post, actorId, liked }: { post: PostView; actorId: string; liked: boolean },
) {
  const row = await bumpLikesFromElsewhere(tx, post.id, liked ? 1 : -1);
  if (!row) return;
  await likeNoticed(tx, fx, {
    authorId: row.userId,
    actorId,
    postId: post.id,
    postText: post.content,
    liked,
  });
  fx.publishAfterCommit({
    type: "post.liked",
    postId: post.id,
    authorId: row.userId,
    userId: `fed:${actorId}`,
    liked,
    likesCount: row.count,
  });
}

export async function likedFromElsewhere(deps: LikesDeps, ctx: InboxContext<void>, like: Like) {
  if (await wasUndone(deps.db, "like", like.id)) return;
  const post = await likedPost(deps, ctx, like);
  if (!post || !like.id || !like.actorId) return;
  const actorId = await rememberActor(deps.db, await like.getActor(ctx));
  if (!actorId) return;
  const likeUri = like.id.href;
  await deps.outbox.transaction(async (tx, fx) => {
    if (await insertPostLike(tx, { postId: post.id, actorId, likeUri })) {
      await moved(tx, fx, { post, actorId, liked: true });
    }
  });
}

export async function unlikedFromElsewhere(
  deps: LikesDeps,
  ctx: InboxContext<void>,
  undo: Undo,
  like: Like,
) {
  if (like.actorId?.href !== undo.actorId?.href) return;
  await rememberUndone(deps.db, "like", like.id);
  const post = await likedPost(deps, ctx, like);
  if (!post || !undo.actorId) return;
  const actorUri = undo.actorId.href;
  await deps.outbox.transaction(async (tx, fx) => {
    const actorId = await deletePostLike(tx, { postId: post.id, actorUri });
    if (actorId) await moved(tx, fx, { post, actorId, liked: false });
  });
}
