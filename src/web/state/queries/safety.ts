// Block, mute, report and the signed-in person's standing (docs/safety.md). The viewer's relation
// to a person is one cache entry per person. A block hides the person from every list for both
// sides, and removes follows both ways, so after one the lists that may show them are refetched
// (their posts leave the cached feed at once); a mute only changes the feed, comments and activity.
import {
  hashKey,
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { z } from "zod";
import type {
  listedPeoplePage,
  Relation,
  relationResponse,
  reportRequest,
  reportResponse,
  standingResponse,
} from "../../../domain/contracts/safety";
import { api, apiRequest } from "../../lib/api";
import { activityKeys } from "./activity";
import { followListKeys } from "./follow-lists";
import { followKeys, setFollowing } from "./follows";
import { type PostPages, postKeys } from "./posts";
import { profileKeys } from "./profiles";
import { searchKeys } from "./search";
import { useSessionUser } from "./session";

export type RelationKind = "blocks" | "mutes";
type ListedPage = z.infer<typeof listedPeoplePage>;

export const safetyKeys = {
  all: ["safety"] as const,
  relation: (userId: string) => [...safetyKeys.all, "relation", userId] as const,
  list: (kind: RelationKind) => [...safetyKeys.all, "list", kind] as const,
  standing: () => [...safetyKeys.all, "standing"] as const,
};

/** Whether the viewer blocks or mutes `userId`; idle when signed out, for oneself, or disabled
 * (menus ask only once they are opened). */
export function useRelationQuery(userId: string, enabled = true) {
  const { user } = useSessionUser();
  return useQuery({
    queryKey: safetyKeys.relation(userId),
    queryFn: ({ signal }) =>
      api.get<typeof relationResponse>(
        `/api/safety/relations/${encodeURIComponent(userId)}`,
        signal,
      ),
    enabled: enabled && Boolean(user) && user?.id !== userId && userId !== "",
    staleTime: 60_000,
  });
}

/** Drops `userId`'s posts from every cached list but their own profile's. */
function dropPostsBy(queryClient: QueryClient, userId: string): void {
  const ownPosts = hashKey(postKeys.userPosts(userId));
  queryClient.setQueriesData<PostPages>(
    {
      queryKey: postKeys.lists(),
      predicate: (q) =>
        q.queryHash !== ownPosts &&
        ((q.state.data as PostPages | undefined)?.pages.some((page) =>
          page.items.some((post) => post.author.userId === userId),
        ) ??
          false),
    },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.filter((post) => post.author.userId !== userId),
        })),
      },
  );
}

/** What a block or unblock changes beyond the relation itself (docs/safety.md "Block"). */
function afterBlockChange(queryClient: QueryClient, userId: string, blocking: boolean): void {
  if (blocking) {
    dropPostsBy(queryClient, userId);
    setFollowing(queryClient, userId, "none");
  }
  for (const queryKey of [
    postKeys.all,
    profileKeys.all,
    searchKeys.all,
    activityKeys.all,
    followKeys.statuses(),
    followListKeys.all,
    safetyKeys.list("blocks"),
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** What a mute or unmute changes: the muter's feed, comments and activity. */
function afterMuteChange(queryClient: QueryClient, userId: string, muting: boolean): void {
  if (muting) dropPostsBy(queryClient, userId);
  for (const queryKey of [postKeys.all, activityKeys.all, safetyKeys.list("mutes")]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** Takes a person out of the cached Blocked or Muted list (Unblock, Unmute in Settings). */
function dropFromList(queryClient: QueryClient, kind: RelationKind, userId: string): void {
  queryClient.setQueryData<InfiniteData<ListedPage>>(
    safetyKeys.list(kind),
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.filter((item) => item.person.userId !== userId),
        })),
      },
  );
}

export interface RelationChange {
  userId: string;
  /** true: block (mute); false: unblock (unmute). */
  on: boolean;
}

function useRelationMutation(kind: RelationKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, on }: RelationChange) =>
      apiRequest<typeof relationResponse>(`/api/safety/${kind}/${encodeURIComponent(userId)}`, {
        method: on ? "POST" : "DELETE",
      }),
    onSuccess: (relation: Relation, { userId, on }) => {
      queryClient.setQueryData(safetyKeys.relation(userId), relation);
      if (!on) dropFromList(queryClient, kind, userId);
      if (kind === "blocks") afterBlockChange(queryClient, userId, relation.blocking);
      else afterMuteChange(queryClient, userId, relation.muting);
    },
  });
}

export const useBlockMutation = () => useRelationMutation("blocks");
export const useMuteMutation = () => useRelationMutation("mutes");

/** The people the viewer blocks or mutes, newest first (Settings). */
export function useRelationListQuery(kind: RelationKind) {
  return useInfiniteQuery({
    queryKey: safetyKeys.list(kind),
    queryFn: ({ pageParam, signal }) =>
      api.get<typeof listedPeoplePage>(
        pageParam
          ? `/api/safety/${kind}?cursor=${encodeURIComponent(pageParam)}`
          : `/api/safety/${kind}`,
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export interface ReportInput {
  report: z.input<typeof reportRequest>;
  /** The person behind the target, blocked too when `report.alsoBlock`. */
  personId: string;
}

export function useReportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ report }: ReportInput) =>
      apiRequest<typeof reportResponse>("/api/reports", { method: "POST", body: report }),
    onSuccess: ({ blocked }, { personId }) => {
      if (!blocked) return;
      queryClient.setQueryData<Relation>(safetyKeys.relation(personId), (relation) => ({
        muting: relation?.muting ?? false,
        blocking: true,
      }));
      afterBlockChange(queryClient, personId, true);
    },
  });
}

/** The signed-in person's standing: moderator, restricted, notices to show (docs/safety.md). */
export function useStandingQuery() {
  const { user } = useSessionUser();
  return useQuery({
    queryKey: safetyKeys.standing(),
    queryFn: ({ signal }) => api.get<typeof standingResponse>("/api/safety/standing", signal),
    enabled: Boolean(user),
    staleTime: 60_000,
  });
}

/** 'OK' on a notice: it is not shown again, here or on another device. */
export function useNoticeSeenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/safety/notices/${encodeURIComponent(id)}/seen`, { method: "POST" }),
    onSuccess: (_data, id) =>
      queryClient.setQueryData<z.infer<typeof standingResponse>>(
        safetyKeys.standing(),
        (standing) =>
          standing && { ...standing, notices: standing.notices.filter((n) => n.id !== id) },
      ),
  });
}
