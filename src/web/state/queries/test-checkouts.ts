// The built-in test checkout (no STRIPE_SECRET_KEY; docs/usernames.md): what is being bought, and
// the buyer's choice of Pay, Decline card or Cancel. Each choice answers with the address to go
// to next, the same return addresses a real provider would use (spec-2 §4 "Payment return").
import { useMutation, useQuery } from "@tanstack/react-query";
import type { redirectResponse, testCheckoutResponse } from "../../../domain/contracts/usernames";
import { api } from "../../lib/api";

export const testCheckoutKeys = {
  all: ["test-checkouts"] as const,
  detail: (id: string) => [...testCheckoutKeys.all, id] as const,
};

const checkoutPath = (id: string) => `/api/payments/test/checkouts/${encodeURIComponent(id)}`;

export function useTestCheckoutQuery(id: string) {
  return useQuery({
    queryKey: testCheckoutKeys.detail(id),
    queryFn: ({ signal }) => api.get<typeof testCheckoutResponse>(checkoutPath(id), signal),
  });
}

export type TestCheckoutChoice = "paid" | "declined" | "canceled";

/** Pay, decline or cancel; answers the address to go to. */
export function useTestCheckoutChoiceMutation(id: string) {
  return useMutation({
    mutationFn: async (choice: TestCheckoutChoice) =>
      (
        await (choice === "canceled"
          ? api.post<typeof redirectResponse>(`${checkoutPath(id)}/cancel`, {})
          : api.post<typeof redirectResponse>(`${checkoutPath(id)}/pay`, { outcome: choice }))
      ).redirectUrl,
  });
}
