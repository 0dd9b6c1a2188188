// Post views (spec-2 §2 "Viewing a post increments its view count"): one call per opening of the
// post page; the server counts a viewer once a day and answers the count, which every cached copy
// of the post takes.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { viewResponse } from "../../../domain/contracts/posts";
import { api } from "../../lib/api";
import { updatePost } from "./posts";

export function useRecordPostView(postId: string | undefined): void {
  const queryClient = useQueryClient();
  // Survives StrictMode's second effect run, so one opening sends one call.
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!postId || sentFor.current === postId) return;
    sentFor.current = postId;
    api.post<typeof viewResponse>(`/api/posts/${encodeURIComponent(postId)}/view`, {}).then(
      ({ viewsCount }) => updatePost(queryClient, postId, (post) => ({ ...post, viewsCount })),
      (error: unknown) => console.error("Recording the view failed", error),
    );
  }, [postId, queryClient]);
}
