// Two-factor authentication in Settings (docs/accounts.md "Two-factor authentication"): its
// status, setting it up, turning it on and off. Turning it on or off gives this browser a new
// session cookie, so the session is asked again along with the status.
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  twoFactorDisableResponse,
  twoFactorEnableResponse,
  twoFactorSetupResponse,
  twoFactorStatusResponse,
} from "../../../domain/contracts/two-factor";
import { ERROR_CODES } from "../../../domain/error-codes";
import { api, isApiError } from "../../lib/api";
import { accountKeys } from "./account";
import { sessionKeys } from "./session";

const statusKey = () => [...accountKeys.all, "two-factor"] as const;

/** 409: it was turned on or off elsewhere (another tab), so the status shown is stale. */
const refetchIfStale = (queryClient: QueryClient, error: unknown) => {
  if (isApiError(error, ERROR_CODES.conflict)) {
    void queryClient.invalidateQueries({ queryKey: statusKey() });
  }
};

const changed = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
    queryClient.invalidateQueries({ queryKey: statusKey() }),
  ]);

export function useTwoFactorStatusQuery() {
  return useQuery({
    queryKey: statusKey(),
    queryFn: ({ signal }) =>
      api.get<typeof twoFactorStatusResponse>("/api/account/two-factor", signal),
  });
}

/** A new key for the authenticator app, after the password; nothing changes until 'Turn on'. */
export function useTwoFactorSetupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      api.post<typeof twoFactorSetupResponse>("/api/account/two-factor/setup", { password }),
    onError: (error) => refetchIfStale(queryClient, error),
  });
}

/** The first code from the app turns it on and answers the backup codes, this once. */
export function useTwoFactorEnableMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: sessionKeys.renewing(),
    mutationFn: (code: string) =>
      api.post<typeof twoFactorEnableResponse>("/api/account/two-factor/enable", { code }),
    onSuccess: () => changed(queryClient),
  });
}

export function useTwoFactorDisableMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: sessionKeys.renewing(),
    mutationFn: (password: string) =>
      api.post<typeof twoFactorDisableResponse>("/api/account/two-factor/disable", { password }),
    onSuccess: () => changed(queryClient),
    onError: (error) => refetchIfStale(queryClient, error),
  });
}
