// The signed-in person's muted words (docs/safety.md "Muted words"): the list, read once per visit
// to Settings, and its changes. The server marks the matching posts, comments and messages as it
// answers, so after a change the cached lists that may show one are read again.
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AddMutedWordBody,
  ChangeMutedWordBody,
  mutedWordResponse,
  mutedWordsResponse,
} from "../../../domain/contracts/muted-words";
import { apiRequest } from "../../lib/api";
import { sendOnce } from "../once-key";
import { mailKeys } from "./mail";
import { postKeys } from "./posts";

const PATH = "/api/safety/muted-words";

export const mutedWordKeys = {
  all: ["muted-words"] as const,
};

export function useMutedWordsQuery() {
  return useQuery({
    queryKey: mutedWordKeys.all,
    queryFn: ({ signal }) => apiRequest<typeof mutedWordsResponse>(PATH, { signal }),
  });
}

/** The list again, and every list whose marks it may have changed (posts and their comments,
 * mail). */
function refreshMarked(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: mutedWordKeys.all });
  void queryClient.invalidateQueries({ queryKey: postKeys.all });
  void queryClient.invalidateQueries({ queryKey: mailKeys.all });
}

export function useAddMutedWordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddMutedWordBody) =>
      sendOnce(PATH, body, (headers) =>
        apiRequest<typeof mutedWordResponse>(PATH, { method: "POST", body, headers }),
      ),
    onSuccess: () => refreshMarked(queryClient),
  });
}

/** Where an entry applies, or renewing it for a new duration. */
export function useChangeMutedWordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ChangeMutedWordBody & { id: string }) =>
      apiRequest<typeof mutedWordResponse>(`${PATH}/${encodeURIComponent(id)}`, {
        method: "PATCH",
        body,
      }),
    onSuccess: () => refreshMarked(queryClient),
  });
}

export function useRemoveMutedWordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${PATH}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => refreshMarked(queryClient),
  });
}
