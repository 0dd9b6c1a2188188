// Quotes (docs/feed.md "Reposts and quotes"): the quoted post's author removes their post from a
// quote (DELETE /api/posts/{id}/quote); every card of that quote then says so.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { detachQuoteResponse } from "../../../domain/contracts/posts";
import { apiRequest } from "../../lib/api";
import { toast } from "../../lib/toast";
import { updatePost } from "./posts";

export function useDetachQuoteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quoteId: string) =>
      apiRequest<typeof detachQuoteResponse>(`/api/posts/${encodeURIComponent(quoteId)}/quote`, {
        method: "DELETE",
      }),
    onSuccess: (_answer, quoteId) => {
      updatePost(queryClient, quoteId, (post) => ({
        ...post,
        quote: { unavailable: true, detached: true },
      }));
      toast.success("Removed from the quote");
    },
    onError: (error) => {
      console.error("Remove from quote failed", error);
      toast.error("Could not remove your post from the quote. Please try again.");
    },
  });
}
