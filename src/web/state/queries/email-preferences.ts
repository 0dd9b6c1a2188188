// The 'E-mails from us' switches (docs/accounts.md "E-mails from us"), each saved when flipped.
import { useQuery } from "@tanstack/react-query";
import type {
  EmailPreferences,
  emailPreferences,
} from "../../../domain/contracts/email-preferences";
import { api } from "../../lib/api";
import { useSwitchMutation } from "./switches";

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

/** One switch at a time (switches.ts). */
export const useEmailPreferenceMutation = () =>
  useSwitchMutation<EmailPreferences>(emailPreferenceKeys.all, "/api/account/email-preferences");
