// A private account and who sees its follow lists (docs/social-and-realtime.md "Private
// accounts"): the settings, and saving them. A save changes what the owner's profile shows
// (its lock, who may open the lists), so the cached profiles are read again.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AccountPrivacy,
  AccountPrivacyBody,
  accountPrivacy,
  accountPrivacyResponse,
} from "../../../domain/contracts/follow-requests";
import { api, apiRequest } from "../../lib/api";
import { followRequestKeys } from "./follow-requests";
import { profileKeys } from "./profiles";

export const accountPrivacyKeys = {
  all: ["account-privacy"] as const,
};

export function useAccountPrivacyQuery() {
  return useQuery({
    queryKey: accountPrivacyKeys.all,
    queryFn: ({ signal }) => api.get<typeof accountPrivacy>("/api/account/privacy", signal),
  });
}

export function useSaveAccountPrivacyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountPrivacyBody) =>
      apiRequest<typeof accountPrivacyResponse>("/api/account/privacy", { method: "PUT", body }),
    onSuccess: ({ approved: _approved, ...saved }) => {
      queryClient.setQueryData<AccountPrivacy>(accountPrivacyKeys.all, saved);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      // Turning private off approves every waiting request.
      void queryClient.invalidateQueries({ queryKey: followRequestKeys.list() });
    },
  });
}
