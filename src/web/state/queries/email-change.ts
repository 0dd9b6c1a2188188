// Changing the sign-in e-mail (docs/accounts.md "Changing the e-mail"): a code to the new address,
// then the code. Success refetches the session, whose user carries the address.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  emailChangeCodeResponse,
  emailChangeResponse,
} from "../../../domain/contracts/email-change";
import { api } from "../../lib/api";
import { sessionKeys } from "./session";

export function useEmailChangeCodeMutation() {
  return useMutation({
    mutationFn: (newEmail: string) =>
      api.post<typeof emailChangeCodeResponse>("/api/account/email/code", { newEmail }),
  });
}

export function useEmailChangeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { newEmail: string; code: string }) =>
      api.post<typeof emailChangeResponse>("/api/account/email", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
