// The signed-in session and every /api/auth/* call. The session itself is an httpOnly cookie;
// GET /api/auth/session also slides its expiry, hence the 30 s poll (spec-1 §4, §9).
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  okResponse,
  type RegisterBody,
  registerResponse,
  resendCodeResponse,
  type SessionUser,
  sessionResponse,
  sessionUser,
  validateEmailResponse,
  verifyCodeResponse,
} from "../../../domain/contracts/auth";
import { loginResponse, type TwoFactorSignInBody } from "../../../domain/contracts/two-factor";
import { api } from "../../lib/api";

const SESSION_REFRESH_MS = 30_000;

export const sessionKeys = {
  all: ["session"] as const,
  current: () => [...sessionKeys.all, "current"] as const,
};

export function useSessionQuery() {
  return useQuery({
    queryKey: sessionKeys.current(),
    queryFn: ({ signal }) => api.get("/api/auth/session", sessionResponse, signal),
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
      api.post("/api/auth/login", body, loginResponse),
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
      api.post("/api/auth/two-factor", body, z.object({ user: sessionUser })),
    onSuccess: (data) => signedIn(queryClient, data.user),
  });
}

export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/auth/logout", {}, okResponse),
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
      api.post("/api/auth/validate-email", { email }, validateEmailResponse),
  });
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: (body: RegisterBody) => api.post("/api/auth/register", body, registerResponse),
  });
}

export function useVerifyCodeMutation() {
  return useMutation({
    mutationFn: (body: { email: string; code: string }) =>
      api.post("/api/auth/verify-code", body, verifyCodeResponse),
  });
}

export function useResendCodeMutation() {
  return useMutation({
    mutationFn: (email: string) => api.post("/api/auth/resend-code", { email }, resendCodeResponse),
  });
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (email: string) => api.post("/api/auth/forgot-password", { email }, okResponse),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      api.post("/api/auth/reset-password", body, okResponse),
  });
}
