// Reserved usernames (spec-2 §4 "Username reservation", §7 create-stripe-checkout and
// handle-checkout-success): starting a checkout, finishing it, and the signed-in person's own
// name with its renewal (docs/usernames.md "The life of a name"). A finished checkout changes the
// handle, the profile URL and the mail address, so profiles and the session are refreshed.
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  checkoutResponse,
  completeCheckoutResponse,
  mineResponse,
  OwnedUsername,
  portalResponse,
} from "../../../domain/contracts/usernames";
import { ApiRequestError, api, errorMessage } from "../../lib/api";
import { announceProfileRefresh } from "../../lib/profile-refresh";
import { profileKeys } from "./profiles";
import { sessionKeys, useSessionUser } from "./session";

/** spec-2 §8 "Checkout". */
export const CHECKOUT_MESSAGES = {
  title: "Checkout failed",
  fallback: "Unable to start checkout. Please try again.",
  noUrl: "No checkout URL returned",
} as const;

export const usernameKeys = {
  all: ["usernames"] as const,
  mine: () => [...usernameKeys.all, "mine"] as const,
};

type Mine = { username: OwnedUsername | null };

/** What to tell the buyer when checkout could not start: the server's words when it gave some,
 * 'No checkout URL returned' for an answer without an address. */
export function checkoutErrorText(error: unknown): string {
  if (error instanceof ApiRequestError && error.code === "bad_response") {
    return CHECKOUT_MESSAGES.noUrl;
  }
  return errorMessage(error, CHECKOUT_MESSAGES.fallback);
}

/** create-stripe-checkout: the address of the checkout page (the provider's or the test one). */
export function useStartCheckoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { url } = await api.post<typeof checkoutResponse>("/api/usernames/checkout", { name });
      // spec-2 §7: an answer without an address is told apart from a refused checkout.
      if (typeof url !== "string" || url.trim() === "") {
        throw new ApiRequestError({ status: 200, code: "bad_response", message: "" });
      }
      return url;
    },
    // Taken or held since the dialog last asked: ask again, so it says 'Unavailable'.
    onError: (_error, name) =>
      void queryClient.invalidateQueries({ queryKey: profileKeys.availability(name) }),
  });
}

/** Everything that shows the person's handle: profiles, the session (header), their name. */
export function refreshOwner(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: usernameKeys.all });
  void queryClient.invalidateQueries({ queryKey: profileKeys.all });
  void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  announceProfileRefresh();
}

/** handle-checkout-success: the server checks the session with the provider and assigns the name. */
export function useCompleteCheckoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      api.post<typeof completeCheckoutResponse>("/api/usernames/checkout/complete", { sessionId }),
    onSuccess: () => refreshOwner(queryClient),
  });
}

/** The signed-in person's reserved name, or null; idle when signed out. */
export function useMyUsernameQuery(options: { enabled?: boolean } = {}) {
  const { user } = useSessionUser();
  return useQuery({
    queryKey: usernameKeys.mine(),
    queryFn: ({ signal }) => api.get<typeof mineResponse>("/api/usernames/mine", signal),
    enabled: Boolean(user) && options.enabled !== false,
    // It changes by the owner's own hand (each mutation here refreshes it) or at expiry.
    staleTime: 60_000,
    select: (data) => data.username,
  });
}

function useRenewalMutation(action: "cancel-renewal" | "resume-renewal") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<typeof mineResponse>(`/api/usernames/mine/${action}`, {}),
    onSuccess: (data) => queryClient.setQueryData<Mine>(usernameKeys.mine(), data),
  });
}

/** Renewal stops: the name stays until the end of the paid period. */
export const useCancelRenewalMutation = () => useRenewalMutation("cancel-renewal");
export const useResumeRenewalMutation = () => useRenewalMutation("resume-renewal");

/** The payment provider's billing portal (Stripe only). */
export function usePortalMutation() {
  return useMutation({
    mutationFn: async () =>
      (await api.post<typeof portalResponse>("/api/usernames/mine/portal", {})).url,
  });
}
