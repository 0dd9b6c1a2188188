// People on other servers (docs/federation.md "Follows"): one found by their handle, read again by
// our id for them, and followed or unfollowed. The lookup asks their server, so it is made once per
// handle a visit; what follows reads our copy (`person(id)`), which the follow writes. A follow
// stays 'requested' until their server accepts, so while it does the person is read again now and
// then, and the button turns to 'Following' by itself.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RemotePersonView, remotePersonResponse } from "../../../domain/contracts/federation";
import type { FollowState } from "../../../domain/contracts/follows";
import { api, apiRequest } from "../../lib/api";
import { toast } from "../../lib/toast";
import { FOLLOW_FAILED } from "./follows";

/** How often a waiting follow is read again, until their server answers. */
export const REQUESTED_POLL_MS = 5_000;
const PERSON_STALE_MS = 60_000;

export const federationKeys = {
  all: ["federation"] as const,
  lookup: (handle: string) => [...federationKeys.all, "lookup", handle.toLowerCase()] as const,
  person: (id: string) => [...federationKeys.all, "person", id] as const,
};

const personPath = (id: string) => `/api/federation/people/${encodeURIComponent(id)}`;

/** Finds `name@server` on their server; the answer is also our copy of them (`person(id)`). */
export function useRemoteLookupQuery(handle: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: federationKeys.lookup(handle),
    queryFn: async ({ signal }) => {
      const { person } = await api.get<typeof remotePersonResponse>(
        `/api/federation/lookup?handle=${encodeURIComponent(`@${handle}`)}`,
        signal,
      );
      queryClient.setQueryData(federationKeys.person(person.id), person);
      return person;
    },
    enabled: handle !== "",
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Our copy of a person found by the lookup, read again while a follow of them waits. */
export function useRemotePersonQuery(found: RemotePersonView | undefined) {
  const id = found?.id ?? "";
  return useQuery({
    queryKey: federationKeys.person(id),
    queryFn: async ({ signal }) =>
      (await api.get<typeof remotePersonResponse>(personPath(id), signal)).person,
    enabled: id !== "",
    initialData: found,
    staleTime: PERSON_STALE_MS,
    refetchInterval: (query) =>
      query.state.data?.follow === "requested" ? REQUESTED_POLL_MS : false,
  });
}

/** What the button shows while the change runs: a follow or a request is taken back, else asked. */
const expected = (state: FollowState): FollowState => (state === "none" ? "requested" : "none");

/** Optimistic: the button changes at once and back (with a toast) if the server says no. */
export function useRemoteFollowMutation(person: RemotePersonView) {
  const queryClient = useQueryClient();
  const key = federationKeys.person(person.id);
  const write = (follow: FollowState) =>
    queryClient.setQueryData<RemotePersonView>(key, (current) => current && { ...current, follow });
  return useMutation({
    mutationFn: (state: FollowState) =>
      apiRequest<typeof remotePersonResponse>(`${personPath(person.id)}/follow`, {
        method: state === "none" ? "POST" : "DELETE",
      }),
    onMutate: async (state) => {
      await queryClient.cancelQueries({ queryKey: key });
      write(expected(state));
    },
    onError: (error, state) => {
      write(state);
      console.error("Remote follow failed", error);
      toast.error(FOLLOW_FAILED);
    },
    onSuccess: (answer) => queryClient.setQueryData(key, answer.person),
  });
}
