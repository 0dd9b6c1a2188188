// Registration through the real HTTP app when the address is already someone's, or was a moment
// ago (docs/architecture.md "Accounts"): a taken address answers exactly as a free one and mails
// its owner a notice instead of a code; an address freed by a deletion gets its code at once; a
// code that cannot be sent is never answered as sent. Runs on PGlite, and on PostgreSQL in its pass.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "../../db/client";
import { cookieHeader, createAccount, uniqueEmail } from "../../test-support/accounts";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { hashPassword } from "./password-hash";

let t: TestApp;
let ipCounter = 1;
const nextIp = () => `10.71.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const register = (email: string, fullName = "Someone Else") =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    remoteAddress: nextIp(),
    payload: { email, fullName, password: "a different pass 81", agreeToPolicies: true },
  });

/** Set-Cookie of an answer with each cookie's value left out: the shape a client could compare. */
const cookieShape = (res: { headers: Record<string, unknown> }) =>
  [res.headers["set-cookie"]].flat().map((c) => String(c).replace(/=[^;]*/, "=…"));

const accountsAt = async (email: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from users where email = ${email}`,
    )
  )[0]?.n;

/** Waits for the outbox to mail `email` a mail whose subject matches. */
async function mailArrived(email: string, subject: RegExp) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = t.mailbox.all().find((m) => m.to.includes(email) && subject.test(m.subject));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${email} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The `nth` sign-up code mailed to `email` (a deletion code's mail is not one). */
async function signupCodeArrived(email: string, nth: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const codes = t.mailbox
      .all()
      .filter((m) => m.to.includes(email))
      .flatMap((m) => m.subject.match(/^(\d{6}) is your chtcht verification code$/)?.[1] ?? []);
    if (codes[nth - 1]) return codes[nth - 1] as string;
    if (Date.now() > deadline) throw new Error(`no sign-up code #${nth} to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("registering at an address that is taken", () => {
  it("answers as a fresh registration would, creates nothing and tells the owner", async () => {
    const owner = await createAccount(t, { label: "owner" });
    const free = uniqueEmail("free");
    let started = performance.now();
    const fresh = await register(free);
    const freshMs = performance.now() - started;
    // A minute after the owner's own sign-up code, whose cooldown would answer otherwise.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61_000 });
    started = performance.now();
    const taken = await register(owner.email.toUpperCase()).finally(() => vi.useRealTimers());
    const takenMs = performance.now() - started;
    // No quick answer for want of an account to make: the password is hashed either way. A
    // fresh registration also writes its rows, which on a loaded machine can take longer than the
    // hash itself (seen: 201 ms against 69 for the taken one), and the machine's load moves (a
    // hash's running average once read 269 ms against 124 for the taken answer's own): the bound
    // is half of the shorter of the fresh registration and one hash timed right after.
    started = performance.now();
    await hashPassword("a password of the same cost");
    const hashMs = performance.now() - started;
    expect(takenMs).toBeGreaterThan(0.5 * Math.min(freshMs, hashMs));

    expect(taken.statusCode, taken.body).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(201);
    expect(taken.json()).toEqual({ email: owner.email, resendAfterSeconds: 60 });
    expect(cookieShape(taken)).toEqual(cookieShape(fresh));
    expect(await accountsAt(owner.email)).toBe(1);

    const notice = await mailArrived(owner.email, /tried to register/);
    expect(notice.raw.replace(/=\r?\n/g, "")).toMatch(
      /If it was you, log in or reset your password/,
    );
    expect(t.mailbox.codesTo(owner.email)).toHaveLength(1); // the owner's own sign-up code only
    // Its cookie does not make the code check tell a verified address from a wrong code.
    const check = await t.app.inject({
      method: "POST",
      url: "/api/auth/verify-code",
      remoteAddress: nextIp(),
      headers: { cookie: cookieHeader(taken.headers["set-cookie"]) },
      payload: { email: owner.email, code: "123456" },
    });
    expect(check.statusCode).toBe(400);
    expect(check.json().error.code).toBe("invalid_code");
    // The owner's password still signs in.
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: nextIp(),
      payload: { email: owner.email, password: owner.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it("keeps the notices within the address's code budget (5 per 30 minutes, one a minute)", async () => {
    const owner = await createAccount(t, { label: "bombed" });
    // The owner's sign-up spent a minute's cooldown and one of five sends.
    const again = await register(owner.email);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe("resend_cooldown");
    expect(t.mailbox.all().filter((m) => m.to.includes(owner.email))).toHaveLength(1);
  });
});

describe("registering again right after deleting the account", () => {
  it("mails the new account's code at once", async () => {
    const person = await createAccount(t, { label: "again" });
    expect((await inject(t, person, "POST", "/api/account/deletion/code")).statusCode).toBe(200);
    const deletionMail = await mailArrived(person.email, /code to delete/);
    const code = deletionMail.subject.match(/^(\d{6})/)?.[1] as string;
    const deleted = await inject(t, person, "POST", "/api/account/deletion", { code });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const res = await register(person.email, "Back Again");
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ email: person.email, resendAfterSeconds: 60 });
    // The first sign-up code was the deleted account's; the second is the new one's.
    const newCode = await signupCodeArrived(person.email, 2);
    const verified = await t.app.inject({
      method: "POST",
      url: "/api/auth/verify-code",
      remoteAddress: nextIp(),
      payload: { email: person.email, code: newCode },
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });
});

describe("a code that cannot be sent", () => {
  it("is answered 429 with when to try again, and leaves no account behind", async () => {
    const email = uniqueEmail("spent");
    // Someone has asked for this address's five codes of the half hour already.
    for (let i = 0; i < 5; i++) await t.limits.consume("codeSendPerAddress", email);
    const res = await register(email);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe("rate_limited");
    expect(res.json().error.retryAfter).toBeGreaterThan(60);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(60);
    expect(await accountsAt(email)).toBe(0);
    expect(t.mailbox.latestTo(email)).toBeUndefined();
  });
});
