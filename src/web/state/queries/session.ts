// The signed-in session and every /api/auth/* call. The session itself is an httpOnly cookie;
// GET /api/auth/session also slides its expiry, hence the 30 s poll (spec-1 §4, §9).
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type {
  okResponse,
  RegisterBody,
  registerResponse,
  resendCodeResponse,
  SessionUser,
  sessionResponse,
  validateEmailResponse,
  verifyCodeResponse,
} from "../../../domain/contracts/auth";
import type {
  loginResponse,
  secondFactorResponse,
  TwoFactorSignInBody,
} from "../../../domain/contracts/two-factor";
import { api, isApiError } from "../../lib/api";

const SESSION_REFRESH_MS = 30_000;

export const sessionKeys = {
  all: ["session"] as const,
  current: () => [...sessionKeys.all, "current"] as const,
  /** The mutations whose answer gives this browser a new session cookie (two-factor on or off). */
  renewing: () => [...sessionKeys.all, "renewing"] as const,
};

/** The server ended a session this tab used (its realtime socket was closed for it): ask who is
 * signed in. Not while this tab's own request is swapping the session for a new one: the old
 * one ends before that answer brings the new cookie, and asking then would read as signed out. */
export function sessionEnded(queryClient: QueryClient) {
  if (queryClient.isMutating({ mutationKey: sessionKeys.renewing() }) > 0) return;
  void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
}

export function useSessionQuery() {
  return useQuery({
    queryKey: sessionKeys.current(),
    queryFn: ({ signal }) => api.get<typeof sessionResponse>("/api/auth/session", signal),
    staleTime: SESSION_REFRESH_MS,
    refetchInterval: SESSION_REFRESH_MS,
    // Recover the session whenever the tab comes back (focus and visibility both count).
    refetchOnWindowFocus: "always",
    refetchOnReconnect: "always",
  });
}

/** The current user, null when signed out, undefined while the first answer is pending. */
export function useSessionUser() {
  const query = useSessionQuery();
  return { user: query.data?.user, isPending: query.isPending, isError: query.isError };
}

/** Who is signed in is unknown because the server could not be reached: no answer yet, and the
 * last try failed for lack of network (the installed app opened offline: docs/notifications.md
 * "Installable app"). `retrying` while a try asked by `retry` is under way, not during the query's
 * own retries after it. */
export function useSessionUnreachable() {
  const { data, error, failureReason, isFetching, refetch } = useSessionQuery();
  return {
    unreachable: data === undefined && isApiError(failureReason ?? error, "network_error"),
    retrying: isFetching && failureReason === null,
    retry: useCallback(() => void refetch(), [refetch]),
  };
}

/** A sign-in made a session: data cached for the signed-out visitor must not leak into the
 * signed-in view. */
function signedIn(queryClient: QueryClient, user: SessionUser) {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
  queryClient.setQueryData(sessionKeys.current(), { user });
}

/** Answers the person, or `twoFactorRequired` when the second step (useSecondFactorMutation)
 * must come before there is a session (docs/accounts.md "Two-factor authentication"). */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      api.post<typeof loginResponse>("/api/auth/login", body),
    onSuccess: (data) => {
      if ("user" in data) signedIn(queryClient, data.user);
    },
  });
}

/** The second step of a sign-in: a code from the authenticator app or a backup code. */
export function useSecondFactorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorSignInBody) =>
      api.post<typeof secondFactorResponse>("/api/auth/two-factor", body),
    onSuccess: (data) => signedIn(queryClient, data.user),
  });
}

export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<typeof okResponse>("/api/auth/logout", {}),
    onSettled: () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
      queryClient.setQueryData(sessionKeys.current(), { user: null });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}

export function useValidateEmailMutation() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<typeof validateEmailResponse>("/api/auth/validate-email", { email }),
  });
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: (body: RegisterBody) =>
      api.post<typeof registerResponse>("/api/auth/register", body),
  });
}

export function useVerifyCodeMutation() {
  return useMutation({
    mutationFn: (body: { email: string; code: string }) =>
      api.post<typeof verifyCodeResponse>("/api/auth/verify-code", body),
  });
}

export function useResendCodeMutation() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<typeof resendCodeResponse>("/api/auth/resend-code", { email }),
  });
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<typeof okResponse>("/api/auth/forgot-password", { email }),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      api.post<typeof okResponse>("/api/auth/reset-password", body),
  });
}
