// What the payment provider says about a purchase, applied (docs/usernames.md "Webhooks"). The
// provider's side (payments/) writes each verified event to the outbox as a `payments.event`; the
// outbox hands it here, at once after the commit and again after a crash or a failure. Each kind
// re-reads the provider's current state, so order and redelivery do not matter.
import type { PaymentEvent } from "../../outbox/messages";
import { completeCheckout, type UsernameDeps } from "./checkout";
import { checkoutBySession, setCheckoutStatus, subscriptionByProviderId } from "./queries";
import { applyProviderSubscription, noticePaymentFailed, startGrace } from "./subscription";

async function syncSubscription(deps: UsernameDeps, subscriptionId: string, now: Date) {
  const remote = await deps.payments.retrieveSubscription(subscriptionId);
  if (remote) {
    await applyProviderSubscription(deps, remote, now);
    return;
  }
  // Gone at the provider: the subscription has ended.
  await deps.outbox.transaction(async (db, fx) => {
    const row = await subscriptionByProviderId(db, subscriptionId);
    if (row)
      await startGrace({ db, fx, config: deps.config, federation: deps.federation }, row, now);
  });
}

export async function applyPaymentEvent(
  deps: UsernameDeps,
  event: PaymentEvent,
  now: Date,
): Promise<void> {
  switch (event.kind) {
    case "checkout.paid":
      await completeCheckout(deps, { sessionId: event.sessionId, now });
      return;
    case "checkout.expired": {
      const checkout = await checkoutBySession(deps.db, event.sessionId);
      if (checkout?.status === "open") await setCheckoutStatus(deps.db, checkout.id, "expired");
      return;
    }
    case "subscription.changed":
      await syncSubscription(deps, event.subscriptionId, now);
      return;
    case "payment.failed":
      await noticePaymentFailed(deps, event.subscriptionId);
      return;
  }
}
