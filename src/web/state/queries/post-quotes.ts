// Quotes (docs/feed.md "Reposts and quotes"): the quoted post's author removes their post from a
// quote (DELETE /api/posts/{id}/quote, or /api/federation/notes/{id}/quote for a quote from
// elsewhere: docs/federation.md "Quotes"); every card of that quote then says so.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { remoteDetachResponse } from "../../../domain/contracts/federation";
import type { detachQuoteResponse, PostView } from "../../../domain/contracts/posts";
import { apiRequest } from "../../lib/api";
import { toast } from "../../lib/toast";
import { invalidateActivity } from "./activity";
import { updatePost } from "./posts";

export function useDetachQuoteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (quote: Pick<PostView, "id" | "remote">): Promise<void> => {
      const id = encodeURIComponent(quote.id);
      if (quote.remote) {
        await apiRequest<typeof remoteDetachResponse>(`/api/federation/notes/${id}/quote`, {
          method: "DELETE",
        });
      } else {
        await apiRequest<typeof detachQuoteResponse>(`/api/posts/${id}/quote`, {
          method: "DELETE",
        });
      }
    },
    onSuccess: (_answer, quote) => {
      updatePost(queryClient, quote.id, (post) => ({
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

/** From Activity: the reader takes their post out of a quote from elsewhere (its `noteId`); the
 * entry leaves Activity and every card of that quote says so. */
export function useRemoveFromQuoteElsewhereMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) =>
      apiRequest<typeof remoteDetachResponse>(
        `/api/federation/notes/${encodeURIComponent(noteId)}/quote`,
        { method: "DELETE" },
      ),
    onSuccess: (_answer, noteId) => {
      updatePost(queryClient, noteId, (post) => ({
        ...post,
        quote: { unavailable: true, detached: true },
      }));
      invalidateActivity(queryClient);
      toast.success("Removed from the quote");
    },
    onError: (error) => {
      console.error("Remove from quote failed", error);
      toast.error("Could not remove your post from the quote. Please try again.");
    },
  });
}
