// 'Who can message me' (docs/mail.md "Who can be written to"): read for Settings, saved from it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MailSettings, mailSettings } from "../../../domain/contracts/mail";
import { api, apiRequest } from "../../lib/api";

export const mailSettingsKeys = {
  all: ["mail-settings"] as const,
};

export function useMailSettingsQuery() {
  return useQuery({
    queryKey: mailSettingsKeys.all,
    queryFn: ({ signal }) => api.get<typeof mailSettings>("/api/mail/settings", signal),
  });
}

export function useSaveMailSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailSettings) =>
      apiRequest<typeof mailSettings>("/api/mail/settings", { method: "PUT", body }),
    onSuccess: (saved) => queryClient.setQueryData(mailSettingsKeys.all, saved),
  });
}
