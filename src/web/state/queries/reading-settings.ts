// How the signed-in person reads posts (docs/feed.md "Content warnings"): 'Always expand posts with
// content warnings', read once per session and shared by every post on screen; saving it opens (or
// closes) the warned posts already shown.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReadingSettings, readingSettings } from "../../../domain/contracts/posts";
import { api, apiRequest } from "../../lib/api";
import { useSessionUser } from "./session";

export const readingSettingsKeys = {
  all: ["reading-settings"] as const,
};

export function useReadingSettingsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: readingSettingsKeys.all,
    queryFn: ({ signal }) => api.get<typeof readingSettings>("/api/reading-settings", signal),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

/** Whether warned posts open by themselves: false when signed out or not known yet. */
export function useExpandContentWarnings(): boolean {
  const { user } = useSessionUser();
  const query = useReadingSettingsQuery({ enabled: Boolean(user) });
  return Boolean(user) && query.data?.expandContentWarnings === true;
}

export function useSaveReadingSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReadingSettings) =>
      apiRequest<typeof readingSettings>("/api/reading-settings", { method: "PUT", body }),
    onSuccess: (saved) => queryClient.setQueryData(readingSettingsKeys.all, saved),
  });
}
