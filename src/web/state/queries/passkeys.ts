// Passkeys (docs/accounts.md "Passkeys"): the viewer's list in Settings, adding, renaming and
// removing one, and signing in with one. The browser's side of each WebAuthn ceremony
// (navigator.credentials and the JSON forms the server reads) is @simplewebauthn/browser's.
import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  addPasskeyOptionsResponse,
  passkeySignInOptionsResponse,
  passkeySignInResponse,
  passkeysResponse,
  passkeyView,
} from "../../../domain/contracts/passkeys";
import { api, apiRequest } from "../../lib/api";
import { accountKeys } from "./account";
import { sessionKeys } from "./session";

export const passkeyKeys = {
  list: () => [...accountKeys.all, "passkeys"] as const,
};

const refetchPasskeys = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: passkeyKeys.list() });

const passkeyPath = (passkeyId: string) => `/api/account/passkeys/${encodeURIComponent(passkeyId)}`;

export function usePasskeysQuery() {
  return useQuery({
    queryKey: passkeyKeys.list(),
    queryFn: ({ signal }) => api.get<typeof passkeysResponse>("/api/account/passkeys", signal),
  });
}

/** Asks the server for a challenge, has the browser make the passkey, and sends it back. The list
 * is read again before the mutation settles, so the new row is there when it succeeds. */
export function useAddPasskeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { challengeId, options } = await apiRequest<typeof addPasskeyOptionsResponse>(
        "/api/account/passkeys/options",
        {
          method: "POST",
        },
      );
      const credential = await startRegistration({ optionsJSON: options });
      return api.post<typeof passkeyView>("/api/account/passkeys", {
        challengeId,
        name,
        credential,
      });
    },
    onSuccess: () => refetchPasskeys(queryClient),
  });
}

export function useRenamePasskeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ passkeyId, name }: { passkeyId: string; name: string }) =>
      apiRequest(passkeyPath(passkeyId), { method: "PATCH", body: { name } }),
    // A 404 means it was removed elsewhere: the list is stale either way.
    onSettled: () => refetchPasskeys(queryClient),
  });
}

export function useRemovePasskeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passkeyId: string) => apiRequest(passkeyPath(passkeyId), { method: "DELETE" }),
    onSettled: () => refetchPasskeys(queryClient),
  });
}

/** Signs in with a passkey alone (no password, no second step), then holds the session as a
 * password login does (useLoginMutation in session.ts). */
export function usePasskeySignInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { challengeId, options } = await apiRequest<typeof passkeySignInOptionsResponse>(
        "/api/auth/passkey/options",
        {
          method: "POST",
        },
      );
      const credential = await startAuthentication({ optionsJSON: options });
      return api.post<typeof passkeySignInResponse>("/api/auth/passkey", {
        challengeId,
        credential,
      });
    },
    onSuccess: (data) => {
      // Data cached for the signed-out visitor must not leak into the signed-in view.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
      queryClient.setQueryData(sessionKeys.current(), data);
    },
  });
}
