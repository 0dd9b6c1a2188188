// Where the viewer is signed in, signing other sessions out, and changing the password
// (docs/accounts.md). Every change refetches the list before it settles, so a button stays busy
// until the row it ended is gone.
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ChangePasswordBody,
  changePasswordResponse,
  DeleteAccountBody,
  deleteAccountResponse,
  deletionCodeResponse,
  deletionCodeStatus,
  endedResponse,
  sessionsResponse,
} from "../../../domain/contracts/account";
import { api, apiRequest } from "../../lib/api";
import { sessionKeys } from "./session";

export const accountKeys = {
  all: ["account"] as const,
  sessions: () => [...accountKeys.all, "sessions"] as const,
  deletionCode: () => [...accountKeys.all, "deletion-code"] as const,
};

const refetchSessions = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });

export function useSessionsQuery() {
  return useQuery({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal }) => api.get<typeof sessionsResponse>("/api/account/sessions", signal),
  });
}

export function useSignOutSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiRequest<typeof endedResponse>(`/api/account/sessions/${encodeURIComponent(sessionId)}`, {
        method: "DELETE",
      }),
    // A 404 means the session had already ended elsewhere: the list is stale either way.
    onSettled: () => refetchSessions(queryClient),
  });
}

export function useSignOutOthersMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<typeof endedResponse>("/api/account/sessions/sign-out-others", {
        method: "POST",
      }),
    onSettled: () => refetchSessions(queryClient),
  });
}

/** The server ends every other session; this one stays as it is. */
export function useChangePasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      api.post<typeof changePasswordResponse>("/api/account/password", body),
    onSuccess: () => refetchSessions(queryClient),
  });
}

/** Whether a deletion code mailed earlier can still be entered, asked once per visit of the
 * screen and never kept after it: its seconds count from the answer. */
export function useDeletionCodeStatusQuery() {
  return useQuery({
    queryKey: accountKeys.deletionCode(),
    queryFn: ({ signal }) =>
      api.get<typeof deletionCodeStatus>("/api/account/deletion/code", signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Mails the code that confirms deleting the account (docs/accounts.md "Deleting the account"). */
export function useSendDeletionCodeMutation() {
  return useMutation({
    mutationFn: () => api.post<typeof deletionCodeResponse>("/api/account/deletion/code", {}),
  });
}

/** Deletes the account with the mailed code; afterwards nothing of it stays cached and the app
 * is signed out, as after Log out. */
export function useDeleteAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      api.post<typeof deleteAccountResponse>("/api/account/deletion", body),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
      queryClient.setQueryData(sessionKeys.current(), { user: null });
    },
  });
}
