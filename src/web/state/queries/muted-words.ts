// The signed-in person's muted words (docs/safety.md "Muted words"): the list, read once per visit
// to Settings, and its changes. The server marks the matching posts, comments and messages as it
// answers, so after a change the cached lists that may show one are read again. A post or message
// that arrives live is marked here instead, by the same matching (domain/muted-words.ts), from the
// list as the screens that receive them keep it.
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AddMutedWordBody,
  ChangeMutedWordBody,
  MutedWordView,
  mutedWordResponse,
  mutedWordsResponse,
} from "../../../domain/contracts/muted-words";
import {
  type MatchableText,
  type MutedWordContext,
  mutedWordMatcher,
} from "../../../domain/muted-words";
import { apiRequest } from "../../lib/api";
import { sendOnce } from "../once-key";
import { mailKeys } from "./mail";
import { postKeys } from "./posts";

const PATH = "/api/safety/muted-words";

export const mutedWordKeys = {
  all: ["muted-words"] as const,
};

const readList = ({ signal }: { signal: AbortSignal }) =>
  apiRequest<typeof mutedWordsResponse>(PATH, { signal });

export function useMutedWordsQuery() {
  return useQuery({ queryKey: mutedWordKeys.all, queryFn: readList });
}

/** Keeps the reader's list for the items that arrive live on this screen (`liveMutedBy`). */
export function useMutedWordsForLive(signedIn: boolean) {
  useQuery({
    queryKey: mutedWordKeys.all,
    queryFn: readList,
    enabled: signedIn,
    staleTime: 300_000,
  });
}

/** The reader's entries that an item arriving live matches in `context` now, as the server would
 * mark it; none for the reader's own item, or before the list was read. */
export function liveMutedBy(
  queryClient: QueryClient,
  input: {
    context: MutedWordContext;
    viewerId: string | null;
    authorId: string | null;
    texts: readonly MatchableText[];
  },
): string[] | undefined {
  if (input.viewerId === null || input.authorId === input.viewerId) return undefined;
  const list = queryClient.getQueryData<{ items: MutedWordView[] }>(mutedWordKeys.all);
  const now = Date.now();
  const active = (list?.items ?? []).filter(
    (e) =>
      e.contexts.includes(input.context) && (e.expiresAt === null || Date.parse(e.expiresAt) > now),
  );
  if (active.length === 0) return undefined;
  const muted = mutedWordMatcher(active.map((e) => e.text))(input.texts);
  return muted.length > 0 ? muted : undefined;
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
