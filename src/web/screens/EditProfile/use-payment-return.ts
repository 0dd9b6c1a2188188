// spec-2 §4 "Payment return" on the edit page, where a payment provider (or the test checkout)
// sends the buyer back: the address says success, canceled or failed; the buyer is told in a
// toast (spec-2 §8), the pending username is dropped when nothing was bought, and the
// parameters leave the address.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import {
  PAYMENT_RETURN_MESSAGES,
  readPaymentReturn,
  withoutPaymentParams,
} from "../../lib/payment-return";
import { clearPendingUsername } from "../../lib/pending-username";
import { toast } from "../../lib/toast";
import { refreshOwner } from "../../state/queries/usernames";

export function usePaymentReturn(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Once per address: StrictMode runs effects twice, and one return is one toast.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const result = readPaymentReturn(location.pathname, location.search);
    if (!result || handled.current === location.key) return;
    handled.current = location.key;

    if (result.outcome === "success") {
      const { title, text } = PAYMENT_RETURN_MESSAGES.success;
      toast.success(title, { description: text });
      // The purchase is finished by the server (webhook or success page): show what it holds.
      refreshOwner(queryClient);
    } else if (result.outcome === "canceled") {
      const { title, text } = PAYMENT_RETURN_MESSAGES.canceled;
      clearPendingUsername();
      toast.info(title, { description: text });
    } else {
      clearPendingUsername();
      toast.error(PAYMENT_RETURN_MESSAGES.failed.title, { description: result.message });
    }
    void navigate(
      {
        pathname: location.pathname,
        search: withoutPaymentParams(location.search),
        hash: location.hash,
      },
      { replace: true },
    );
  }, [location, navigate, queryClient]);
}
