// People to follow on an empty home feed (docs/feed.md "People to follow"). Each cached person
// carries the viewer's `following` flag, kept in step by follows.ts `setFollowing`, so a person
// followed from the list stays in it, reading Following, until the list is asked for again.
import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { SuggestedPerson, suggestionsResponse } from "../../../domain/contracts/follows";
import { api } from "../../lib/api";

export type PersonToFollow = SuggestedPerson & { following: boolean };

export const suggestionKeys = {
  all: ["suggestions"] as const,
};

/** Asked once per visit to the home screen: a refetch would drop people just followed. */
export function usePeopleToFollowQuery(enabled: boolean) {
  return useQuery({
    queryKey: suggestionKeys.all,
    queryFn: async ({ signal }): Promise<PersonToFollow[]> =>
      (await api.get<typeof suggestionsResponse>("/api/follows/suggestions", signal)).items.map(
        (person) => ({ ...person, following: false }),
      ),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** Records a follow or unfollow on the cached list, when it holds that person. */
export function setFollowingInSuggestions(
  queryClient: QueryClient,
  userId: string,
  following: boolean,
): void {
  const cached = queryClient.getQueryData<PersonToFollow[]>(suggestionKeys.all);
  if (!cached?.some((person) => person.userId === userId && person.following !== following)) {
    return;
  }
  queryClient.setQueryData<PersonToFollow[]>(
    suggestionKeys.all,
    cached.map((person) => (person.userId === userId ? { ...person, following } : person)),
  );
}
