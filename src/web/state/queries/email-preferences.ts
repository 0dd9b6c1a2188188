// The 'E-mails from us' switches (docs/accounts.md "E-mails from us"). A change shows at once and
// is saved at once; if the server refuses it, that one switch goes back to what it was.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  EmailPreferences,
  emailPreferences,
} from "../../../domain/contracts/email-preferences";
import { api, apiRequest } from "../../lib/api";

export const emailPreferenceKeys = {
  all: ["email-preferences"] as const,
};

export function useEmailPreferencesQuery() {
  return useQuery({
    queryKey: emailPreferenceKeys.all,
    queryFn: ({ signal }) =>
      api.get<typeof emailPreferences>("/api/account/email-preferences", signal),
  });
}

export interface SwitchChange {
  name: keyof EmailPreferences;
  on: boolean;
}

/** One switch at a time, so a refusal puts back only the switch it was about, not another that
 * changed meanwhile. */
export function useEmailPreferenceMutation() {
  const queryClient = useQueryClient();
  const setSwitch = ({ name, on }: SwitchChange) =>
    queryClient.setQueryData<EmailPreferences>(emailPreferenceKeys.all, (old) =>
      old ? { ...old, [name]: on } : old,
    );
  return useMutation({
    mutationFn: ({ name, on }: SwitchChange) =>
      apiRequest<typeof emailPreferences>("/api/account/email-preferences", {
        method: "PATCH",
        body: { [name]: on },
      }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: emailPreferenceKeys.all });
      setSwitch(change);
    },
    onError: (_error, change) => setSwitch({ name: change.name, on: !change.on }),
    onSuccess: (saved, { name }) => setSwitch({ name, on: saved[name] }),
  });
}
