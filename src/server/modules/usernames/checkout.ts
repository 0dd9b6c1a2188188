// Buying a reserved username (spec-2 §4 reservation, §7 create-stripe-checkout and
// handle-checkout-success; docs/usernames.md "Purchase"). Starting a checkout places a 30-minute
// hold for the buyer; the purchase is finished by the server only, when the provider says the
// session is paid, from the webhook or the success page, whichever comes first, exactly once.
import { ERROR_CODES } from "../../../domain/error-codes";
import { priceTier } from "../../../domain/price-tiers";
import { normalizeUsername, USERNAME_MESSAGES, usernameProblem } from "../../../domain/username";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { AppError, badRequest, conflict } from "../../errors";
import { receiptMail } from "../../infra/username-mails";
import type { Effects } from "../../outbox/outbox";
import { setProfileUsername } from "../profiles/badges-and-names";
import { sessionProfileOf } from "../profiles/rows";
import {
  type Checkout,
  cancelOpenHoldsOf,
  checkoutBySession,
  expireHolds,
  forgetReleasedName,
  insertCheckout,
  insertSubscription,
  liveSubscription,
  lockName,
  nameStanding,
  setCheckoutSession,
  setCheckoutStatus,
  updateSubscription,
} from "./queries";

export const HOLD_MINUTES = 30;

export type UsernameDeps = Pick<
  AppContext,
  "db" | "outbox" | "limits" | "config" | "log" | "payments" | "federation"
>;

/** Inside a transaction: its handle and the side effects that commit with it (docs/outbox.md). */
export interface UsernameTx {
  db: Db;
  fx: Effects;
  config: UsernameDeps["config"];
  /** A handle that changes is sent to the person's followers elsewhere (docs/federation.md). */
  federation: UsernameDeps["federation"];
}

export const ALREADY_OWNED = "You already have a reserved username.";
/**
 * The name is not for sale: the same reason the availability check gives (spec-2 §5), as the
 * error code `username_{reason}`, so a client never hears two answers about one name.
 */
const unavailable = (reason: "reserved" | "taken" | "held") =>
  conflict(`username_${reason}`, USERNAME_MESSAGES[reason].text);

function validName(raw: string): string {
  const name = normalizeUsername(raw);
  const problem = usernameProblem(name);
  if (problem === "reserved") throw unavailable("reserved");
  if (problem) {
    throw badRequest(ERROR_CODES.validation, USERNAME_MESSAGES[problem].text, {
      name: [USERNAME_MESSAGES[problem].text],
    });
  }
  return name;
}

/** create-stripe-checkout: hold the name for the buyer, then open the provider's checkout. */
export async function startCheckout(
  deps: UsernameDeps,
  { userId, rawName, now }: { userId: string; rawName: string; now: Date },
): Promise<{ url: string }> {
  const name = validName(rawName);
  const tier = priceTier(name);
  const buyer = await sessionProfileOf(deps.db, userId);
  if (!tier || !buyer) throw unavailable("reserved");
  // Each start opens a provider session: a budget of its own (docs/operations.md "Limits").
  await deps.limits.consume("checkoutPerUser", userId);
  const checkout = await deps.db.transaction(async (tx) => {
    await lockName(tx, name);
    await expireHolds(tx, now, name);
    const owned = await liveSubscription(tx, userId);
    if (owned && !(owned.status === "grace" && owned.name === name)) {
      throw conflict(ERROR_CODES.conflict, ALREADY_OWNED);
    }
    const standing = await nameStanding(tx, { name, buyerId: userId, now });
    if (standing) throw unavailable(standing);
    await cancelOpenHoldsOf(tx, userId);
    return insertCheckout(tx, {
      userId,
      name,
      lookupKey: tier.lookupKey,
      provider: deps.payments.kind,
      expiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000),
    });
  });
  const handle = buyer.username ?? buyer.defaultUsername;
  try {
    const session = await deps.payments.createCheckout({
      checkoutId: checkout.id,
      userId,
      name,
      tier,
      customerEmail: buyer.email,
      successUrl: `${deps.config.publicUrl}/checkout-success/{CHECKOUT_SESSION_ID}`,
      cancelUrl: `${deps.config.publicUrl}/${handle}/edit-profile?canceled=true`,
      expiresAt: checkout.expiresAt,
    });
    await setCheckoutSession(deps.db, checkout.id, session.id);
    return { url: session.url.replace("{CHECKOUT_SESSION_ID}", session.id) };
  } catch (error) {
    deps.log.error({ err: error }, "checkout could not be created");
    await setCheckoutStatus(deps.db, checkout.id, "failed");
    throw new AppError(502, ERROR_CODES.paymentProvider, "Failed to create checkout session");
  }
}

export type Completion =
  /** `now`: this call assigned the name; otherwise an earlier one did. */
  | { kind: "done"; name: string; userId: string; now: boolean }
  | { kind: "unknown" }
  | { kind: "unpaid" }
  | { kind: "refused" };

const doneBy = (checkout: Checkout) =>
  ({ kind: "done", name: checkout.name, userId: checkout.userId }) as const;

/**
 * Finishes a paid checkout: the provider is asked, never the return address. Idempotent: a
 * redelivered webhook or a success page racing it finds the checkout complete and changes nothing.
 */
export async function completeCheckout(
  deps: UsernameDeps,
  { sessionId, now }: { sessionId: string; now: Date },
): Promise<Completion> {
  const known = await checkoutBySession(deps.db, sessionId);
  if (!known) return { kind: "unknown" };
  if (known.status === "complete") return { ...doneBy(known), now: false };
  const remote = await deps.payments.retrieveCheckout(sessionId);
  if (!remote?.paid || !remote.subscription) {
    if (remote?.closed && known.status === "open")
      await setCheckoutStatus(deps.db, known.id, "failed");
    return { kind: "unpaid" };
  }
  const subscription = remote.subscription;
  const outcome = await deps.outbox.transaction(async (tx, fx): Promise<Completion> => {
    await lockName(tx, known.name);
    const checkout = await checkoutBySession(tx, sessionId);
    if (!checkout) return { kind: "unknown" };
    if (checkout.status === "complete") return { ...doneBy(checkout), now: false };
    const { name, userId } = checkout;
    const owned = await liveSubscription(tx, userId);
    const lost =
      (owned !== undefined && owned.name !== name) ||
      (await nameStanding(tx, { name, buyerId: userId, now })) !== null;
    if (lost) {
      await setCheckoutStatus(tx, checkout.id, "refused");
      // The name went to someone else while this buyer paid: the subscription must not bill again.
      fx.cancelSubscription(subscription.id);
      return { kind: "refused" };
    }
    await setCheckoutStatus(tx, checkout.id, "complete", now);
    if (owned) await updateSubscription(tx, owned.id, { status: "ended", updatedAt: now });
    await insertSubscription(tx, {
      userId,
      name,
      lookupKey: checkout.lookupKey,
      provider: checkout.provider,
      providerSubscriptionId: subscription.id,
      providerCustomerId: subscription.customerId,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      createdAt: now,
      updatedAt: now,
    });
    await setProfileUsername(tx, { userId, name, mailDomain: deps.config.mailDomain, now });
    await forgetReleasedName(tx, name);
    await deps.federation.actorChanged(tx, fx, userId);
    fx.publish({ type: "profile.changed", userId });
    await queueReceipt(
      { db: tx, fx, config: deps.config, federation: deps.federation },
      { userId, name, renewsAt: subscription.currentPeriodEnd },
    );
    return { ...doneBy(checkout), now: true };
  });
  return outcome;
}

/**
 * The buyer's receipt (the name, the yearly price, the renewal date; docs/usernames.md), written
 * in the transaction that made the purchase or renewal, so it goes out exactly when that commits.
 */
export async function queueReceipt(
  t: UsernameTx,
  { userId, name, renewsAt }: { userId: string; name: string; renewsAt: Date },
): Promise<void> {
  const person = await sessionProfileOf(t.db, userId);
  const tier = priceTier(name);
  if (!person || !tier) return;
  t.fx.mail(
    receiptMail({
      siteName: t.config.siteName,
      to: person.email,
      name,
      mailDomain: t.config.mailDomain,
      priceUsd: tier.yearlyUsd,
      renewsAt,
      link: `${t.config.publicUrl}/${name}/edit-profile`,
    }),
  );
}
