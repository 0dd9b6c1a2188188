// Two-factor authentication in Settings (docs/accounts.md "Two-factor authentication"): its
// status, setting it up, turning it on and off. Turning it on or off gives this browser a new
// session cookie, so the session is asked again along with the status.
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  twoFactorDisableResponse,
  twoFactorEnableResponse,
  twoFactorSetupResponse,
  twoFactorStatusResponse,
} from "../../../domain/contracts/two-factor";
import { api } from "../../lib/api";
import { accountKeys } from "./account";
import { sessionKeys } from "./session";

const statusKey = () => [...accountKeys.all, "two-factor"] as const;

const changed = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
    queryClient.invalidateQueries({ queryKey: statusKey() }),
  ]);

export function useTwoFactorStatusQuery() {
  return useQuery({
    queryKey: statusKey(),
    queryFn: ({ signal }) => api.get("/api/account/two-factor", twoFactorStatusResponse, signal),
  });
}

/** A new key for the authenticator app, after the password; nothing changes until 'Turn on'. */
export function useTwoFactorSetupMutation() {
  return useMutation({
    mutationFn: (password: string) =>
      api.post("/api/account/two-factor/setup", { password }, twoFactorSetupResponse),
  });
}

/** The first code from the app turns it on and answers the backup codes, this once. */
export function useTwoFactorEnableMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post("/api/account/two-factor/enable", { code }, twoFactorEnableResponse),
    onSuccess: () => changed(queryClient),
  });
}

export function useTwoFactorDisableMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      api.post("/api/account/two-factor/disable", { password }, twoFactorDisableResponse),
    onSuccess: () => changed(queryClient),
  });
}
