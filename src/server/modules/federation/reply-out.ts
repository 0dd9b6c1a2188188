// Who may reply to our posts, as other servers read it (docs/federation.md "Replies"): GoToSocial's
// `interactionPolicy.canReply`, beside FEP-044f's `canQuote` (quote-out.ts). A server that reads it
// offers a reply only to the people it names; whatever arrives, our inbox applies the post's own
// 'Who can reply' (policy/replies.ts remoteMayReply).
import type { Context } from "@fedify/fedify";
import { InteractionRule, PUBLIC_COLLECTION } from "@fedify/vocab";
import type { PostView } from "../../../domain/contracts/posts";

/**
 * Everyone: Public, or for a private account's post, which only its followers see, the author and
 * their followers collection. The people the author follows: the author and their following
 * collection. Friends and nobody: the author alone, since no collection holds someone's friends
 * (a friend elsewhere whose server lets them reply anyway still counts here).
 */
export function replyRule(ctx: Context<void>, post: PostView): InteractionRule {
  const author = ctx.getActorUri(post.author.userId);
  switch (post.replyPolicy ?? "everyone") {
    case "everyone":
      return post.repostable === false
        ? new InteractionRule({
            automaticApprovals: [author, ctx.getFollowersUri(post.author.userId)],
          })
        : new InteractionRule({ automaticApproval: PUBLIC_COLLECTION });
    case "following":
      return new InteractionRule({
        automaticApprovals: [author, ctx.getFollowingUri(post.author.userId)],
      });
    default:
      return new InteractionRule({ automaticApproval: author });
  }
}
