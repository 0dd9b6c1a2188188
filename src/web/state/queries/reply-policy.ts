// A post's 'Who can reply', changed by its author from the post's menu (docs/safety.md "Who can
// reply and write"): the answer is the post as its author now reads it, put into every cache
// entry holding it (posts.ts).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { postResponse } from "../../../domain/contracts/posts";
import type { WhoMay } from "../../../domain/reply-controls";
import { apiRequest } from "../../lib/api";
import { updatePost } from "./posts";

export function useReplyPolicyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ postId, replyPolicy }: { postId: string; replyPolicy: WhoMay }) =>
      (
        await apiRequest<typeof postResponse>(
          `/api/posts/${encodeURIComponent(postId)}/reply-policy`,
          { method: "PUT", body: { replyPolicy } },
        )
      ).post,
    onSuccess: (post) =>
      updatePost(queryClient, post.id, (old) => ({
        ...old,
        replyPolicy: post.replyPolicy,
        canReply: post.canReply,
      })),
  });
}
