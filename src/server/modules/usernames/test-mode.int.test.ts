// Reserved usernames on the embedded default, with no Stripe key: the built-in test checkout
// drives the same completion, and the lifecycle timer renews and lapses names as Stripe would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

const DAY = 24 * 3600 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function openCheckout(buyer: TestAccount, name: string): Promise<string> {
  const res = await inject(t, buyer, "POST", "/api/usernames/checkout", { name });
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().url as string;
  expect(url).toMatch(/^http:\/\/localhost:3000\/checkout\/test\/cs_test_[0-9a-f]{24}$/);
  return url.split("/").at(-1) as string;
}

const pay = (buyer: TestAccount, id: string, outcome: "paid" | "declined") =>
  inject(t, buyer, "POST", `/api/payments/test/checkouts/${id}/pay`, { outcome });
const mine = async (who: TestAccount) =>
  (await inject(t, who, "GET", "/api/usernames/mine")).json().username;

describe("test-mode checkout", () => {
  it("shows the buyer what they buy, and nobody else", async () => {
    const buyer = await createAccount(t, { label: "tm" });
    const other = await createAccount(t, { label: "tmother" });
    const id = await openCheckout(buyer, "abc");
    const page = await inject(t, buyer, "GET", `/api/payments/test/checkouts/${id}`);
    expect(page.json()).toMatchObject({
      id,
      name: "abc",
      yearlyUsd: 30,
      tierLabel: "1–5 characters",
      status: "open",
    });
    expect((await inject(t, other, "GET", `/api/payments/test/checkouts/${id}`)).statusCode).toBe(
      404,
    );
    expect((await pay(other, id, "paid")).statusCode).toBe(404);
    expect((await inject(t, null, "GET", `/api/payments/test/checkouts/${id}`)).statusCode).toBe(
      401,
    );
  });

  it("pays: the name is assigned and the browser goes to the success page", async () => {
    const buyer = await createAccount(t, { label: "tmpay" });
    const id = await openCheckout(buyer, "testpay");
    const paid = await pay(buyer, id, "paid");
    expect(paid.json()).toEqual({ redirectUrl: `http://localhost:3000/checkout-success/${id}` });
    // The server finished the purchase with the payment, before the browser came back.
    expect(await mine(buyer)).toMatchObject({ name: "testpay", status: "active" });
    const done = await inject(t, buyer, "POST", "/api/usernames/checkout/complete", {
      sessionId: id,
    });
    expect(done.json()).toEqual({ success: true, username: "testpay" });
    expect(await mine(buyer)).toMatchObject({
      name: "testpay",
      provider: "test",
      status: "active",
    });
    expect((await pay(buyer, id, "paid")).statusCode).toBe(409);
    expect(
      t.mailbox.all().filter((m) => m.to.includes(buyer.email) && m.subject.startsWith("Receipt:")),
    ).toHaveLength(1);
  });

  it("declines and cancels: the hold ends, nothing is assigned, the buyer returns with the reason", async () => {
    const buyer = await createAccount(t, { label: "tmdecl" });
    const other = await createAccount(t, { label: "tmnext" });
    const id = await openCheckout(buyer, "declined");
    const declined = await pay(buyer, id, "declined");
    expect(declined.json().redirectUrl).toBe(
      `http://localhost:3000/${buyer.handle}/edit-profile?redirect_status=failed&error=Your%20card%20was%20declined.`,
    );
    const completion = await inject(t, buyer, "POST", "/api/usernames/checkout/complete", {
      sessionId: id,
    });
    expect(completion.statusCode).toBe(402);
    expect(await mine(buyer)).toBeNull();

    const second = await openCheckout(other, "declined");
    const canceled = await inject(
      t,
      other,
      "POST",
      `/api/payments/test/checkouts/${second}/cancel`,
    );
    expect(canceled.json().redirectUrl).toBe(
      `http://localhost:3000/${other.handle}/edit-profile?canceled=true`,
    );
    const availability = await inject(t, buyer, "GET", "/api/usernames/declined/availability");
    expect(availability.json()).toMatchObject({ available: true });
  });

  it("returns from a cancel as cancelled only when the checkout was not completed", async () => {
    const buyer = await createAccount(t, { label: "tmcanc" });
    const id = await openCheckout(buyer, "cancdone");
    await pay(buyer, id, "paid");
    const late = await inject(t, buyer, "POST", `/api/payments/test/checkouts/${id}/cancel`);
    expect(late.json().redirectUrl).toBe(`http://localhost:3000/checkout-success/${id}`);
    expect(await mine(buyer)).toMatchObject({ name: "cancdone", status: "active" });
  });

  it("gives the availability check's reason when a reserved word is bought", async () => {
    const buyer = await createAccount(t, { label: "tmresv" });
    const availability = await inject(t, buyer, "GET", "/api/usernames/admin/availability");
    expect(availability.json()).toMatchObject({ available: false, reason: "reserved" });
    const res = await inject(t, buyer, "POST", "/api/usernames/checkout", { name: "admin" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: "username_reserved",
      message: "That username is already taken.",
    });
  });

  it("spends a checkout budget per account: ten starts an hour", async () => {
    const buyer = await createAccount(t, { label: "tmbudget" });
    for (let i = 0; i < 10; i++) {
      const res = await inject(t, buyer, "POST", "/api/usernames/checkout", { name: `budget${i}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await inject(t, buyer, "POST", "/api/usernames/checkout", { name: "budgetx" });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    const other = await createAccount(t, { label: "tmbudget2" });
    await openCheckout(other, "budgetx");
  });

  it("renews each year until renewal is cancelled, then lapses and is released after grace", async () => {
    const owner = await createAccount(t, { label: "tmlife" });
    const id = await openCheckout(owner, "yearly");
    await pay(owner, id, "paid");
    const first = await mine(owner);

    const renewal = await t.app.runUsernameLifecycle(new Date(Date.now() + 366 * DAY));
    expect(renewal?.renewed).toBeGreaterThanOrEqual(1);
    const renewed = await mine(owner);
    expect(new Date(renewed.periodEndsAt).getTime() - new Date(first.periodEndsAt).getTime()).toBe(
      365 * DAY,
    );

    expect(
      (await inject(t, owner, "POST", "/api/usernames/mine/cancel-renewal")).json().username
        .cancelAtPeriodEnd,
    ).toBe(true);
    expect((await inject(t, owner, "POST", "/api/usernames/mine/portal")).statusCode).toBe(404);
    const lapse = await t.app.runUsernameLifecycle(new Date(Date.now() + 2 * 366 * DAY));
    expect(lapse?.lapsed).toBeGreaterThanOrEqual(1);
    expect(await mine(owner)).toMatchObject({ status: "grace", name: "yearly" });
    expect((await inject(t, owner, "POST", "/api/usernames/mine/resume-renewal")).statusCode).toBe(
      409,
    );

    const release = await t.app.runUsernameLifecycle(
      new Date(Date.now() + 2 * 366 * DAY + 31 * DAY),
    );
    expect(release?.released).toBeGreaterThanOrEqual(1);
    expect(await mine(owner)).toBeNull();
    const later = await t.app.runUsernameLifecycle(
      new Date(Date.now() + 2 * 366 * DAY + 212 * DAY),
    );
    expect(later?.forgotten).toBeGreaterThanOrEqual(1);
    const stranger = await createAccount(t, { label: "tmafter" });
    const free = await inject(t, stranger, "GET", "/api/usernames/yearly/availability");
    expect(free.json()).toMatchObject({ available: true });
    expect((await inject(t, stranger, "GET", "/api/profiles/yearly")).statusCode).toBe(404);
  });

  it("one reserved name per account", async () => {
    const owner = await createAccount(t, { label: "tmone" });
    await pay(owner, await openCheckout(owner, "onlyone"), "paid");
    const again = await inject(t, owner, "POST", "/api/usernames/checkout", { name: "another" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("You already have a reserved username.");
  });
});

describe('the lifecycle timer across instances (docs/usernames.md "Scheduled work")', () => {
  it("runs once a period, whichever instance's timer fires", async () => {
    const minute = 60_000;
    const start = Date.now();
    const at = (ms: number) => new Date(start + ms);
    expect(await t.app.runUsernameLifecycle(at(0), minute)).not.toBeNull();
    // The other instances' timers, 20 s and 40 s later: this period has run.
    expect(await t.app.runUsernameLifecycle(at(20_000), minute)).toBeNull();
    expect(await t.app.runUsernameLifecycle(at(40_000), minute)).toBeNull();
    // A minute on, give or take the drift of timers, it runs again, once.
    expect(await t.app.runUsernameLifecycle(at(57_000), minute)).not.toBeNull();
    expect(await t.app.runUsernameLifecycle(at(60_000), minute)).toBeNull();
    // Asked without a period (a test, an operator), it runs.
    expect(await t.app.runUsernameLifecycle(at(61_000))).not.toBeNull();
  });
});
