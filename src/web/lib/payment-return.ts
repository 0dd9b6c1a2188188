// spec-2 §4 "Payment return": the address a payment provider sends the buyer back to tells how the
// checkout ended. Its parameters (the success, canceled and checkout flags, redirect_status, the
// session id, error texts) decide success, canceled or failed; a path containing /checkout-success
// or ending in /success also means success. Afterwards the parameters leave the address.

export type PaymentReturn =
  | { outcome: "success"; sessionId: string | null }
  | { outcome: "canceled" }
  | { outcome: "failed"; message: string };

/** spec-2 §8 "Payment return". */
export const PAYMENT_RETURN_MESSAGES = {
  success: { title: "Success", text: "Checkout completed successfully!" },
  canceled: { title: "Canceled", text: "You canceled the checkout process." },
  failed: { title: "Payment failed", text: "Checkout failed. Please try again." },
} as const;

const ERROR_KEYS = ["error", "error_message", "error_description"];
const FLAG_KEYS = ["success", "canceled", "cancelled", "checkout", "redirect_status", "session_id"];
/** What the provider adds next to its own flags; meaningless once the outcome is known. */
const PROVIDER_KEYS = ["payment_intent", "payment_intent_client_secret"];
const RETURN_KEYS = [...FLAG_KEYS, ...ERROR_KEYS, ...PROVIDER_KEYS];

/** An error text from the address is shown to the buyer: keep it to a sentence or two. */
const ERROR_TEXT_MAX = 200;

/** `?success`, `?success=true`, `?success=1` are set; `?success=false` and `?success=0` are not. */
function flag(params: URLSearchParams, key: string): boolean {
  const value = params.get(key);
  return value !== null && !["false", "0", "no"].includes(value.trim().toLowerCase());
}

function errorText(params: URLSearchParams): string | null {
  for (const key of ERROR_KEYS) {
    const text = params.get(key)?.trim();
    if (text) return text.length > ERROR_TEXT_MAX ? `${text.slice(0, ERROR_TEXT_MAX - 1)}…` : text;
  }
  return null;
}

/** How the checkout ended, or null when the address is not a payment return. A failure wins over
 * a cancel, and a cancel over a success. */
export function readPaymentReturn(pathname: string, search: string): PaymentReturn | null {
  const params = new URLSearchParams(search);
  const checkout = params.get("checkout")?.toLowerCase();
  const status = params.get("redirect_status")?.toLowerCase();
  const error = errorText(params);

  if (status === "failed" || error !== null) {
    return { outcome: "failed", message: error ?? PAYMENT_RETURN_MESSAGES.failed.text };
  }
  if (
    flag(params, "canceled") ||
    flag(params, "cancelled") ||
    checkout === "cancel" ||
    checkout === "canceled" ||
    status === "canceled"
  ) {
    return { outcome: "canceled" };
  }
  const sessionId = params.get("session_id")?.trim() || null;
  if (
    flag(params, "success") ||
    checkout === "success" ||
    status === "succeeded" ||
    sessionId !== null ||
    pathname.includes("/checkout-success") ||
    pathname.endsWith("/success")
  ) {
    return { outcome: "success", sessionId };
  }
  return null;
}

/** The query string without the payment return's parameters ("" or "?rest"). */
export function withoutPaymentParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of RETURN_KEYS) params.delete(key);
  const rest = params.toString();
  return rest === "" ? "" : `?${rest}`;
}
