// Replying to a post from elsewhere (docs/federation.md "Replies"): the reply goes to its author's
// server as a Note that answers it; it is not listed here yet, so the card only says it was sent.
import { useMutation } from "@tanstack/react-query";
import type { remoteReplyResponse } from "../../../domain/contracts/federation";
import { api } from "../../lib/api";

export function useRemoteReplyMutation(noteId: string) {
  return useMutation({
    mutationFn: (content: string) =>
      api.post<typeof remoteReplyResponse>(
        `/api/federation/notes/${encodeURIComponent(noteId)}/replies`,
        { content },
      ),
  });
}
