// Profiles (spec-1 §2 profile screen, spec-2 §2 edit profile) and username availability
// (spec-2 §4). Every write answers the whole profile, which replaces the cached copy; the session
// is refetched too, so the header's avatar and name follow.
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ProfileUpdateInput,
  ProfileView,
  profileResponse,
} from "../../../domain/contracts/profiles";
import type { Availability, availabilityResponse } from "../../../domain/contracts/usernames";
import { normalizeHandle } from "../../../domain/handles";
import { normalizeUsername, usernameProblem } from "../../../domain/username";
import { ApiRequestError, api, apiRequest, errorMessage } from "../../lib/api";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { sessionKeys } from "./session";

/** spec-1 §9: profiles are cached for 5 minutes. */
const PROFILE_STALE_MS = 5 * 60_000;
/** spec-2 §4, §9: availability is asked after a 500 ms pause in typing. */
export const AVAILABILITY_DELAY_MS = 500;

export const profileKeys = {
  all: ["profiles"] as const,
  details: () => [...profileKeys.all, "detail"] as const,
  detail: (handle: string) => [...profileKeys.details(), normalizeHandle(handle)] as const,
  availability: (name: string) => ["usernames", "availability", name] as const,
};

export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

/** spec-1 §8: 'Failed to load profile: {message or Unknown error}'. */
export function profileLoadErrorText(error: unknown): string {
  return `Failed to load profile: ${errorMessage(error, "Unknown error")}`;
}

/** The profile at /{handle}; `isNotFound` tells a missing profile from a failed load. */
export function useProfileQuery(handle: string, options: { fresh?: boolean } = {}) {
  const query = useQuery({
    queryKey: profileKeys.detail(handle),
    queryFn: async ({ signal }) =>
      (
        await api.get<typeof profileResponse>(
          `/api/profiles/${encodeURIComponent(normalizeHandle(handle))}`,
          signal,
        )
      ).profile,
    enabled: normalizeHandle(handle) !== "",
    staleTime: PROFILE_STALE_MS,
    // A 404 stays a 404; network and server failures get the default retries.
    retry: (failureCount, error) =>
      !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
      failureCount < 3,
    ...(options.fresh ? { refetchOnMount: "always" as const } : {}),
  });
  return { ...query, isNotFound: query.isError && isNotFoundError(query.error) };
}

/** Puts a profile returned by a write into every cached copy of it, and refreshes the session. */
function storeProfile(queryClient: QueryClient, profile: ProfileView) {
  queryClient.setQueriesData<ProfileView>({ queryKey: profileKeys.details() }, (cached) =>
    cached?.userId === profile.userId ? profile : cached,
  );
  queryClient.setQueryData(profileKeys.detail(profile.handle), profile);
  void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
}

const profilePath = (userId: string) => `/api/profiles/${encodeURIComponent(userId)}`;

function fileForm(file: File): FormData {
  const form = new FormData();
  form.append("file", file, file.name);
  return form;
}

export function useUpdateProfileMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileUpdateInput) =>
      (await apiRequest<typeof profileResponse>(profilePath(userId), { method: "PUT", body }))
        .profile,
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}

export function useUploadAvatarMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) =>
      (
        await apiRequest<typeof profileResponse>(`${profilePath(userId)}/avatar`, {
          method: "PUT",
          body: fileForm(file),
        })
      ).profile,
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}

/** Puts up a banner (a file) or takes it down (null: docs/profiles-and-media.md "Banner"). */
export function useBannerMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File | null) =>
      (
        await apiRequest<typeof profileResponse>(
          `${profilePath(userId)}/banner`,
          file ? { method: "PUT", body: fileForm(file) } : { method: "DELETE" },
        )
      ).profile,
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}

export function useUploadPictureMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ slot, file }: { slot: number; file: File }) =>
      (
        await apiRequest<typeof profileResponse>(`${profilePath(userId)}/pictures/${slot}`, {
          method: "PUT",
          body: fileForm(file),
        })
      ).profile,
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}

export function useDeletePictureMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (slot: number) =>
      (
        await apiRequest<typeof profileResponse>(`${profilePath(userId)}/pictures/${slot}`, {
          method: "DELETE",
        })
      ).profile,
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}

export type AvailabilityState =
  /** Nothing to ask yet: empty, locally invalid, or the person is still typing. */
  | { status: "idle" }
  | { status: "checking" }
  | { status: "available" }
  | { status: "unavailable"; reason: NonNullable<Availability["reason"]> };

/** spec-2 §4: idle → checking (after a 500 ms pause) → available | unavailable. A failed check
 * counts as available. Names with a local problem (usernameProblem) are never sent. */
export function useUsernameAvailability(raw: string): AvailabilityState {
  const name = normalizeUsername(raw);
  const settled = useDebouncedValue(name, AVAILABILITY_DELAY_MS);
  const askable = usernameProblem(name) === null;
  const query = useQuery({
    queryKey: profileKeys.availability(settled),
    queryFn: ({ signal }) =>
      api.get<typeof availabilityResponse>(
        `/api/usernames/${encodeURIComponent(settled)}/availability`,
        signal,
      ),
    enabled: askable && settled === name,
    retry: false,
    staleTime: 10_000,
  });
  if (!askable || settled !== name) return { status: "idle" };
  if (query.isPending) return { status: "checking" };
  if (query.isError) return { status: "available" };
  if (query.data.available) return { status: "available" };
  return { status: "unavailable", reason: query.data.reason ?? "taken" };
}

/** The one-time notice about who sees what has been shown (docs/profiles-and-media.md "Who sees
 * what"): told once, and a failure only means it shows again next time. */
export function usePrivacyNoticeShownMutation(userId: string) {
  return useMutation({
    mutationFn: () => apiRequest(`${profilePath(userId)}/privacy-notice`, { method: "POST" }),
  });
}
