// A reserved name after its purchase (docs/usernames.md "The life of a name"): renewal follows
// the provider's subscription; a lapse starts 30 days of grace; after grace the profile returns
// to its default username, the old URL redirects for 90 days and the name is kept back 90 more
// for its former owner alone.

import type { OwnedUsername } from "../../../domain/contracts/usernames";
import { ERROR_CODES } from "../../../domain/error-codes";
import { priceTier } from "../../../domain/price-tiers";
import { AppError, notFound } from "../../errors";
import type { OutgoingMail } from "../../infra/mailer";
import { lapsedMail, paymentFailedMail, releasedMail } from "../../infra/username-mails";
import type { ProviderSubscription } from "../../ports/payment-provider";
import { setProfileUsername } from "../profiles/badges-and-names";
import { sessionProfileOf } from "../profiles/rows";
import { queueReceipt, type UsernameDeps, type UsernameTx } from "./checkout";
import {
  liveSubscription,
  lockName,
  lockSubscription,
  releaseName,
  type Subscription,
  subscriptionByProviderId,
  updateSubscription,
} from "./queries";

const DAY_MS = 24 * 3600 * 1000;
export const GRACE_DAYS = 30;
export const REDIRECT_DAYS = 90;
export const HOLD_BACK_DAYS = 90;
const daysAfter = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

const NO_NAME = "You have no reserved username.";

export function presentOwned(row: Subscription): OwnedUsername {
  return {
    name: row.name,
    status: row.status === "grace" ? "grace" : "active",
    provider: row.provider === "stripe" ? "stripe" : "test",
    yearlyUsd: priceTier(row.name)?.yearlyUsd ?? 0,
    periodEndsAt: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    graceEndsAt: row.graceEndsAt?.toISOString() ?? null,
  };
}

export async function ownedUsername(
  deps: UsernameDeps,
  userId: string,
): Promise<OwnedUsername | null> {
  const row = await liveSubscription(deps.db, userId);
  return row ? presentOwned(row) : null;
}

async function ownedOrFail(deps: UsernameDeps, userId: string): Promise<Subscription> {
  const row = await liveSubscription(deps.db, userId);
  if (!row) throw notFound(NO_NAME);
  return row;
}

/** Stops (or restarts) the yearly renewal; the name stays until the paid period ends. */
export async function setRenewal(
  deps: UsernameDeps,
  { userId, renew, now }: { userId: string; renew: boolean; now: Date },
): Promise<OwnedUsername> {
  const row = await ownedOrFail(deps, userId);
  if (row.status !== "active") {
    throw new AppError(
      409,
      ERROR_CODES.conflict,
      "This username has lapsed. Reserve it again to keep it.",
    );
  }
  await deps.payments.setCancelAtPeriodEnd(row.providerSubscriptionId, !renew);
  await updateSubscription(deps.db, row.id, { cancelAtPeriodEnd: !renew, updatedAt: now });
  return presentOwned({ ...row, cancelAtPeriodEnd: !renew });
}

/** The provider's billing page (Stripe's customer portal); none in test mode. */
export async function billingPortal(deps: UsernameDeps, userId: string): Promise<string> {
  const row = await ownedOrFail(deps, userId);
  const url = row.providerCustomerId
    ? await deps.payments.portalUrl(
        row.providerCustomerId,
        `${deps.config.publicUrl}/${row.name}/edit-profile`,
      )
    : null;
  if (!url) throw notFound("Billing is managed on this page in test mode.");
  return url;
}

/** A notice to the owner, committed with the change it tells of (docs/outbox.md). */
async function mailOwner(
  t: UsernameTx,
  userId: string,
  build: (to: string) => OutgoingMail,
): Promise<void> {
  const person = await sessionProfileOf(t.db, userId);
  if (person) t.fx.mail(build(person.email));
}

/** A lapse (subscription ended, or renewal failed for good): 30 days of grace begin. */
export async function startGrace(t: UsernameTx, row: Subscription, now: Date): Promise<void> {
  if (row.status !== "active") return;
  const graceEndsAt = daysAfter(now, GRACE_DAYS);
  await updateSubscription(t.db, row.id, { status: "grace", graceEndsAt, updatedAt: now });
  await mailOwner(t, row.userId, (to) =>
    lapsedMail({
      siteName: t.config.siteName,
      to,
      name: row.name,
      graceEndsAt,
      link: `${t.config.publicUrl}/${row.name}/edit-profile`,
    }),
  );
}

/** After grace: back to the default username; the old URL redirects, the name is kept back. */
export async function releaseAfterGrace(t: UsernameTx, row: Subscription, now: Date) {
  await lockName(t.db, row.name);
  const current = await subscriptionByProviderId(t.db, row.providerSubscriptionId);
  if (current?.status !== "grace") return;
  await updateSubscription(t.db, row.id, { status: "ended", updatedAt: now });
  await setProfileUsername(t.db, {
    userId: row.userId,
    name: null,
    mailDomain: t.config.mailDomain,
    now,
  });
  await releaseName(t.db, {
    name: row.name,
    formerUserId: row.userId,
    redirectUntil: daysAfter(now, REDIRECT_DAYS),
    heldUntil: daysAfter(now, REDIRECT_DAYS + HOLD_BACK_DAYS),
  });
  await t.federation.actorChanged(t.db, t.fx, row.userId);
  t.fx.publish({ type: "profile.changed", userId: row.userId });
  await mailOwner(t, row.userId, (to) =>
    releasedMail({
      siteName: t.config.siteName,
      to,
      name: row.name,
      buyBackUntil: daysAfter(now, REDIRECT_DAYS + HOLD_BACK_DAYS),
      link: t.config.publicUrl,
    }),
  );
}

/**
 * The provider's view of a subscription, applied (webhooks fetch it fresh, so events arriving out
 * of order or twice land on the same state). A paid period past the old one is a renewal.
 */
export async function applyProviderSubscription(
  deps: UsernameDeps,
  remote: ProviderSubscription,
  now: Date,
): Promise<void> {
  await deps.outbox.transaction(async (db, fx) => {
    const t: UsernameTx = { db, fx, config: deps.config, federation: deps.federation };
    await lockSubscription(db, remote.id);
    const row = await subscriptionByProviderId(db, remote.id);
    if (!row || row.status === "ended") return;
    if (remote.status === "canceled" || remote.status === "incomplete_expired") {
      await startGrace(t, row, now);
      return;
    }
    const renewed = remote.currentPeriodEnd.getTime() > row.currentPeriodEnd.getTime();
    const paidUp = remote.status === "active" || remote.status === "trialing";
    await updateSubscription(db, row.id, {
      currentPeriodEnd: remote.currentPeriodEnd,
      cancelAtPeriodEnd: remote.cancelAtPeriodEnd,
      ...(paidUp && row.status === "grace" ? { status: "active", graceEndsAt: null } : {}),
      updatedAt: now,
    });
    if (renewed && paidUp) {
      await queueReceipt(t, {
        userId: row.userId,
        name: row.name,
        renewsAt: remote.currentPeriodEnd,
      });
    }
  });
}

/** invoice.payment_failed: the owner hears of it; Stripe retries, then ends the subscription. */
export async function noticePaymentFailed(
  deps: UsernameDeps,
  subscriptionId: string,
): Promise<void> {
  await deps.outbox.transaction(async (db, fx) => {
    const row = await subscriptionByProviderId(db, subscriptionId);
    if (!row || row.status === "ended") return;
    await mailOwner(
      { db, fx, config: deps.config, federation: deps.federation },
      row.userId,
      (to) =>
        paymentFailedMail({
          siteName: deps.config.siteName,
          to,
          name: row.name,
          link: `${deps.config.publicUrl}/${row.name}/edit-profile`,
        }),
    );
  });
}
