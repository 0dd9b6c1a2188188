// Buying a reserved username with the real `stripe` SDK against a local fake of Stripe's API, and
// webhooks signed and verified for real (docs/usernames.md): purchase, idempotent completion,
// refused signatures, racing buyers, renewal, lapse → grace → release → buy-back.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import {
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  type FakeStripe,
  startFakeStripe,
} from "../../test-support/fake-stripe";
import { makeOutboxDue } from "../../test-support/outbox-rows";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

const DAY = 24 * 3600 * 1000;
let t: TestApp;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const sessionIdOf = (url: string) => url.split("/").at(-1) as string;

async function startCheckout(buyer: TestAccount, name: string) {
  return inject(t, buyer, "POST", "/api/usernames/checkout", { name });
}

async function checkoutFor(buyer: TestAccount, name: string): Promise<string> {
  const res = await startCheckout(buyer, name);
  expect(res.statusCode, res.body).toBe(200);
  return sessionIdOf(res.json().url);
}

const complete = (buyer: TestAccount, sessionId: string) =>
  inject(t, buyer, "POST", "/api/usernames/checkout/complete", { sessionId });

function deliver(event: { payload: string; headers: Record<string, string> }) {
  return t.app.inject({
    method: "POST",
    url: "/api/payments/stripe/webhook",
    payload: event.payload,
    headers: event.headers,
  });
}

const availability = (who: TestAccount | null, name: string) =>
  inject(t, who, "GET", `/api/usernames/${name}/availability`).then((r) => r.json());

const profileOf = (handle: string) => inject(t, null, "GET", `/api/profiles/${handle}`);

const waitingPaymentEvents = async () =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from outbox where topic = 'payments.event'`,
    )
  )[0]?.n;

const receiptsTo = (email: string) =>
  t.mailbox.all().filter((m) => m.to.includes(email) && m.subject.startsWith("Receipt:"));

async function buy(buyer: TestAccount, name: string) {
  const sessionId = await checkoutFor(buyer, name);
  const subscription = stripe.pay(sessionId);
  const res = await complete(buyer, sessionId);
  expect(res.statusCode, res.body).toBe(200);
  return { sessionId, subscription };
}

describe("purchase through Stripe Checkout", () => {
  it("opens a subscription-mode session at the tier's price with the buyer in its metadata", async () => {
    const buyer = await createAccount(t, { label: "buyer" });
    const res = await startCheckout(buyer, " NeoName ");
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().url as string;
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const session = stripe.sessions.get(sessionIdOf(url));
    expect(session).toMatchObject({
      mode: "subscription",
      line_items_price: "price_username_6_10",
      customer_email: buyer.email,
      metadata: { user_id: buyer.userId, username: "neoname" },
      success_url: expect.stringMatching(/\/checkout-success\/\{CHECKOUT_SESSION_ID\}$/),
      cancel_url: expect.stringMatching(
        new RegExp(`/${buyer.handle}/edit-profile\\?canceled=true$`),
      ),
    });
    expect(session?.expires_at).toBeGreaterThan(Date.now() / 1000 + 29 * 60);
  });

  it("assigns the name on the success page's call: handle, URL and mail address together", async () => {
    const buyer = await createAccount(t, { label: "happy" });
    const sessionId = await checkoutFor(buyer, "happyname");
    const unpaid = await complete(buyer, sessionId);
    expect(unpaid.statusCode).toBe(402);
    stripe.pay(sessionId);
    const res = await complete(buyer, sessionId);
    expect(res.json()).toEqual({ success: true, username: "happyname" });

    const profile = (await profileOf("happyname")).json().profile;
    expect(profile).toMatchObject({ handle: "happyname", username: "happyname" });
    expect(profile.chtchtEmail).toBe("happyname@chtcht.local");
    // The default username still answers, with the new canonical handle to redirect to.
    expect((await profileOf(buyer.handle)).json().profile.handle).toBe("happyname");

    const [receipt] = receiptsTo(buyer.email);
    expect(receipt?.raw).toContain("$20 per year");
    expect(receipt?.raw).toContain("happyname@chtcht.local");
    const mine = (await inject(t, buyer, "GET", "/api/usernames/mine")).json().username;
    expect(mine).toMatchObject({
      name: "happyname",
      status: "active",
      provider: "stripe",
      yearlyUsd: 20,
      cancelAtPeriodEnd: false,
    });
    expect(new Date(mine.periodEndsAt).getTime()).toBeGreaterThan(Date.now() + 364 * DAY);
  });

  it("assigns once however often the webhook comes and whether or not it races the success page", async () => {
    const buyer = await createAccount(t, { label: "dupe" });
    const sessionId = await checkoutFor(buyer, "dupename");
    stripe.pay(sessionId);
    const session = stripe.sessions.get(sessionId) as object;
    const event = stripe.event("checkout.session.completed", session, { id: "evt_dupe_1" });
    const answers = await Promise.all([deliver(event), deliver(event), complete(buyer, sessionId)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await deliver(event)).statusCode).toBe(200);
    // A second event id for the same session (Stripe may send both) changes nothing either.
    await deliver(stripe.event("checkout.session.completed", session));
    expect(receiptsTo(buyer.email)).toHaveLength(1);
    expect((await profileOf("dupename")).json().profile.handle).toBe("dupename");
  });

  it("applies an invoice that arrives before the checkout event once the checkout completes", async () => {
    const buyer = await createAccount(t, { label: "order" });
    const sessionId = await checkoutFor(buyer, "ordername");
    const subscription = stripe.pay(sessionId);
    const invoice = {
      id: "in_early",
      object: "invoice",
      parent: { subscription_details: { subscription: subscription.id } },
    };
    expect((await deliver(stripe.event("invoice.paid", invoice))).statusCode).toBe(200);
    expect((await profileOf("ordername")).statusCode).toBe(404);
    await deliver(
      stripe.event("checkout.session.completed", stripe.sessions.get(sessionId) as object),
    );
    expect((await profileOf("ordername")).json().profile.handle).toBe("ordername");
  });

  it("refuses tampered, stale, future-dated and unsigned webhooks and changes nothing", async () => {
    const buyer = await createAccount(t, { label: "tamper" });
    const sessionId = await checkoutFor(buyer, "tampername");
    stripe.pay(sessionId);
    const good = stripe.event(
      "checkout.session.completed",
      stripe.sessions.get(sessionId) as object,
    );
    const tampered = { ...good, payload: good.payload.replace("tampername", "tampernamf") };
    const stale = stripe.event(
      "checkout.session.completed",
      stripe.sessions.get(sessionId) as object,
      {
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      },
    );
    const future = stripe.event(
      "checkout.session.completed",
      stripe.sessions.get(sessionId) as object,
      { timestamp: Math.floor(Date.now() / 1000) + 3600 },
    );
    const wrongSecret = stripe.event(
      "checkout.session.completed",
      stripe.sessions.get(sessionId) as object,
      {
        secret: "whsec_someone_else",
      },
    );
    const unsigned = { payload: good.payload, headers: { "content-type": "application/json" } };
    for (const bad of [tampered, stale, future, wrongSecret, unsigned]) {
      const res = await deliver(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("validation_error");
    }
    expect((await profileOf("tampername")).statusCode).toBe(404);
  });

  it("holds a name for its first buyer: a second buyer sees it held and is refused before paying", async () => {
    const [first, second] = await Promise.all([
      createAccount(t, { label: "race1" }),
      createAccount(t, { label: "race2" }),
    ]);
    const answers = await Promise.all([
      startCheckout(first, "racename"),
      startCheckout(second, "racename"),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers[0]?.statusCode === 409 ? first : second;
    expect(await availability(loser, "racename")).toMatchObject({
      available: false,
      reason: "held",
    });
    const refused = await startCheckout(loser, "racename");
    expect(refused.json().error.message).toBe(
      "Someone is reserving that username right now. Try again later.",
    );
  });

  it("frees the name when Stripe expires the session, or when the buyer starts over", async () => {
    const [buyer, next] = await Promise.all([
      createAccount(t, { label: "expire" }),
      createAccount(t, { label: "expnext" }),
    ]);
    const sessionId = await checkoutFor(buyer, "expirename");
    expect(await availability(next, "expirename")).toMatchObject({ reason: "held" });
    const expired = { ...(stripe.sessions.get(sessionId) as object), status: "expired" };
    expect((await deliver(stripe.event("checkout.session.expired", expired))).statusCode).toBe(200);
    expect(await availability(next, "expirename")).toMatchObject({ available: true });

    // Back from Stripe with Cancel, then a second try: one hold, the newest.
    await checkoutFor(buyer, "cancelname");
    await checkoutFor(buyer, "othername");
    expect(await availability(next, "cancelname")).toMatchObject({ available: true });
    expect(await availability(next, "othername")).toMatchObject({ reason: "held" });
  });

  it("refuses a payment for a name lost after its hold ended, and stops that subscription", async () => {
    const [late, quick] = await Promise.all([
      createAccount(t, { label: "late" }),
      createAccount(t, { label: "quick" }),
    ]);
    const lateSession = await checkoutFor(late, "lostname");
    const report = await t.app.runUsernameLifecycle(new Date(Date.now() + 31 * 60_000));
    expect(report?.expiredHolds).toBeGreaterThanOrEqual(1);
    await buy(quick, "lostname");
    const subscription = stripe.pay(lateSession);
    const res = await complete(late, lateSession);
    expect(res.statusCode).toBe(409);
    expect(stripe.subscriptions.get(subscription.id)?.status).toBe("canceled");
    expect((await profileOf("lostname")).json().profile.userId).toBe(quick.userId);
  });

  it("refuses route words, impersonating words and other people's default usernames", async () => {
    const buyer = await createAccount(t, { label: "words" });
    const other = await createAccount(t, { label: "other" });
    for (const name of [
      "admin",
      "support",
      "security",
      "checkout-success",
      other.handle.slice(0, 15),
    ]) {
      const res = await startCheckout(buyer, name);
      expect([400, 409], `${name}: ${res.body}`).toContain(res.statusCode);
    }
    expect((await startCheckout(buyer, "bad name")).statusCode).toBe(400);
    expect(stripe.calls.filter((c) => c === "POST /v1/checkout/sessions")).toHaveLength(
      stripe.sessions.size,
    );
  });
});

describe("the life of a name", () => {
  it("renews on invoice.paid with a receipt; cancel and resume renewal; Stripe's portal", async () => {
    const owner = await createAccount(t, { label: "renew" });
    const { subscription } = await buy(owner, "renewname");
    const before = (await inject(t, owner, "GET", "/api/usernames/mine")).json().username
      .periodEndsAt;
    stripe.renew(subscription.id);
    const invoice = {
      id: "in_renew",
      object: "invoice",
      parent: { subscription_details: { subscription: subscription.id } },
    };
    await deliver(stripe.event("invoice.paid", invoice));
    const after = (await inject(t, owner, "GET", "/api/usernames/mine")).json().username
      .periodEndsAt;
    expect(new Date(after).getTime() - new Date(before).getTime()).toBeGreaterThan(364 * DAY);
    expect(receiptsTo(owner.email)).toHaveLength(2);

    const cancel = await inject(t, owner, "POST", "/api/usernames/mine/cancel-renewal");
    expect(cancel.json().username.cancelAtPeriodEnd).toBe(true);
    expect(stripe.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(true);
    const resume = await inject(t, owner, "POST", "/api/usernames/mine/resume-renewal");
    expect(resume.json().username.cancelAtPeriodEnd).toBe(false);
    expect(stripe.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(false);

    const portal = await inject(t, owner, "POST", "/api/usernames/mine/portal");
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\//);
  });

  it("acknowledges a renewal it cannot apply during Stripe's outage, and applies it once Stripe is back", async () => {
    const owner = await createAccount(t, { label: "outage" });
    const { subscription } = await buy(owner, "outagename");
    const periodEnd = async () =>
      new Date((await inject(t, owner, "GET", "/api/usernames/mine")).json().username.periodEndsAt);
    const before = await periodEnd();
    stripe.renew(subscription.id);
    const invoice = {
      id: "in_outage",
      object: "invoice",
      parent: { subscription_details: { subscription: subscription.id } },
    };
    const event = stripe.event("invoice.paid", invoice);
    stripe.down = true;
    try {
      expect((await deliver(event)).statusCode).toBe(200);
      expect(await periodEnd()).toEqual(before);
      expect(await waitingPaymentEvents()).toBe(1);
    } finally {
      stripe.down = false;
    }
    // Stripe's own redelivery finds the event recorded and adds nothing; the outbox's retry
    // applies it.
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await waitingPaymentEvents()).toBe(1);
    await makeOutboxDue(t.database.db, "payments.event");
    await t.app.outbox.drain();
    expect((await periodEnd()).getTime() - before.getTime()).toBeGreaterThan(364 * DAY);
    expect(receiptsTo(owner.email)).toHaveLength(2);
    expect(await waitingPaymentEvents()).toBe(0);
  });

  it("mails the owner when a renewal payment fails", async () => {
    const owner = await createAccount(t, { label: "failing" });
    const { subscription } = await buy(owner, "failname");
    const invoice = {
      id: "in_fail",
      object: "invoice",
      parent: { subscription_details: { subscription: subscription.id } },
    };
    await deliver(stripe.event("invoice.payment_failed", invoice));
    expect(t.mailbox.latestTo(owner.email)?.subject).toBe("We could not renew @failname");
  });

  it("lapses into 30 days of grace, then releases: redirect 90 days, buy-back only for the former owner", async () => {
    const owner = await createAccount(t, { label: "lapse" });
    const stranger = await createAccount(t, { label: "stranger" });
    const { subscription } = await buy(owner, "lapsename");
    stripe.end(subscription.id);
    await deliver(
      stripe.event(
        "customer.subscription.deleted",
        stripe.subscriptions.get(subscription.id) as object,
      ),
    );

    const mine = (await inject(t, owner, "GET", "/api/usernames/mine")).json().username;
    expect(mine.status).toBe("grace");
    expect(new Date(mine.graceEndsAt).getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(t.mailbox.latestTo(owner.email)?.subject).toMatch(/^@lapsename has lapsed/);
    expect((await profileOf("lapsename")).json().profile.handle).toBe("lapsename");
    expect(await availability(stranger, "lapsename")).toMatchObject({
      available: false,
      reason: "taken",
    });
    expect(await availability(owner, "lapsename")).toMatchObject({ available: true });

    await t.app.runUsernameLifecycle(new Date(Date.now() + 29 * DAY));
    expect((await inject(t, owner, "GET", "/api/usernames/mine")).json().username.status).toBe(
      "grace",
    );

    const released = await t.app.runUsernameLifecycle(new Date(Date.now() + 31 * DAY));
    expect(released?.released).toBeGreaterThanOrEqual(1);
    expect((await inject(t, owner, "GET", "/api/usernames/mine")).json().username).toBeNull();
    const redirected = (await profileOf("lapsename")).json().profile;
    expect(redirected).toMatchObject({ handle: owner.handle, username: null });
    expect(redirected.chtchtEmail).toBe(`${owner.handle}@chtcht.local`);
    expect(t.mailbox.latestTo(owner.email)?.subject).toBe("@lapsename has been released");
    expect(await availability(stranger, "lapsename")).toMatchObject({
      available: false,
      reason: "taken",
    });
    expect(await availability(owner, "lapsename")).toMatchObject({ available: true });
    expect((await startCheckout(stranger, "lapsename")).statusCode).toBe(409);
  });

  it("lets the former owner buy a released name back", async () => {
    const owner = await createAccount(t, { label: "back" });
    const { subscription } = await buy(owner, "backname");
    stripe.end(subscription.id);
    await deliver(
      stripe.event(
        "customer.subscription.deleted",
        stripe.subscriptions.get(subscription.id) as object,
      ),
    );
    await t.app.runUsernameLifecycle(new Date(Date.now() + 31 * DAY));
    expect((await profileOf(owner.handle)).json().profile.username).toBeNull();
    await buy(owner, "backname");
    expect((await profileOf("backname")).json().profile.username).toBe("backname");
    expect((await inject(t, owner, "GET", "/api/usernames/mine")).json().username.status).toBe(
      "active",
    );
  });
});
