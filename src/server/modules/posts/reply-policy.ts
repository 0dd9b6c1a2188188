// 'Who can reply', changed after posting (docs/safety.md "Who can reply and write"): the author
// alone, from the post's menu. Comments already written stay whatever the new choice; it decides
// only who may write next. Held copies of the post learn it from `post.replies`, other servers
// from the post's Note sent again as an Update (docs/federation.md "Replies").
import type { PostView } from "../../../domain/contracts/posts";
import type { WhoMay } from "../../../domain/reply-controls";
import { notFound } from "../../errors";
import { updateReplyPolicy } from "./queries";
import { getPost, type PostDeps, requireAuthor } from "./service";

export async function setReplyPolicy(
  deps: Pick<PostDeps, "db" | "outbox" | "hydrator" | "config" | "federation" | "mutedWords">,
  { viewerId, postId, replyPolicy }: { viewerId: string; postId: string; replyPolicy: WhoMay },
): Promise<PostView> {
  await requireAuthor(deps.db, { viewerId, postId });
  await deps.outbox.transaction(async (tx, fx) => {
    if (!(await updateReplyPolicy(tx, { postId, authorId: viewerId, replyPolicy }))) {
      throw notFound("Post not found");
    }
    fx.publishAfterCommit({ type: "post.replies", postId, replyPolicy });
    if (await deps.federation.reachesOtherServers(tx, viewerId)) {
      const revision = `replies-${Date.now()}`;
      fx.federate({ kind: "post.update", postId, authorId: viewerId, revision });
    }
  });
  return getPost(deps, { postId, viewerId });
}
