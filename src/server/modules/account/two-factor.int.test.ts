// Two-factor authentication through the real HTTP app (docs/accounts.md "Two-factor
// authentication"): set up with the password, turned on by a code computed here as a phone app
// would (test-support/totp.ts), sign-in asking for the second factor, backup codes good once,
// throttling, a password reset that does not skip it, and turning it off. Runs on the embedded
// database, and on PostgreSQL in the PostgreSQL pass.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cookieHeader,
  createAccount,
  requester,
  type TestAccount,
} from "../../test-support/accounts";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { totpCode } from "../../test-support/totp";

let t: TestApp;
let call: ReturnType<typeof requester>;

beforeAll(async () => {
  t = await createTestApp();
  call = requester(t, 66);
});
afterAll(async () => {
  await t.close();
});

const sessionUserOf = async (cookie: string) =>
  (await call("GET", "/api/auth/session", cookie)).json().user?.id as string | undefined;

/** Turns two-factor authentication on; answers the key, the backup codes and the new cookie. */
async function enrol(person: TestAccount) {
  const setup = await call("POST", "/api/account/two-factor/setup", person.cookie, {
    password: person.password,
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const { key, otpauthUri, qrSvg } = setup.json();
  // The previous 30 s step's code (still accepted), so the sign-ins after it have fresh ones: each
  // code works once.
  const enabledWith = totpCode(key, Date.now() - 30_000);
  const enable = await call("POST", "/api/account/two-factor/enable", person.cookie, {
    code: enabledWith,
  });
  expect(enable.statusCode, enable.body).toBe(200);
  const cookie = cookieHeader(enable.headers["set-cookie"]);
  const backupCodes = enable.json().backupCodes as string[];
  return { key, otpauthUri, qrSvg, backupCodes, cookie, enabledWith };
}

/** The first step of signing in: the password. Answers the body and the pending-sign-in cookie. */
async function logIn(person: TestAccount, password = person.password) {
  const res = await call("POST", "/api/auth/login", "", { email: person.email, password });
  return { res, cookie: cookieHeader(res.headers["set-cookie"]) };
}

describe("setting up two-factor authentication", () => {
  it("asks for the password, shows the key and QR code, and turns on only with a right code", async () => {
    const person = await createAccount(t, { label: "tfa-setup" });
    const wrong = await call("POST", "/api/account/two-factor/setup", person.cookie, {
      password: "not my password",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.password).toEqual(["Current password is incorrect."]);

    const setup = await call("POST", "/api/account/two-factor/setup", person.cookie, {
      password: person.password,
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { key, otpauthUri, qrSvg } = setup.json();
    expect(key).toMatch(/^[A-Z2-7]{32,}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(key);
    expect(uri.searchParams.get("issuer")).toBeTruthy();
    expect(qrSvg).toMatch(/^<svg[^>]*>/);

    const bad = await call("POST", "/api/account/two-factor/enable", person.cookie, {
      code: totpCode(key, Date.now() - 10 * 60_000),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("invalid_code");
    const notDigits = await call("POST", "/api/account/two-factor/enable", person.cookie, {
      code: "12ab56",
    });
    expect(notDigits.statusCode).toBe(400);
    let status = await call("GET", "/api/account/two-factor", person.cookie);
    expect(status.json()).toEqual({ enabled: false, backupCodesLeft: 0 });
    // Still off: signing in needs the password alone.
    expect((await logIn(person)).res.json().user.id).toBe(person.userId);

    const enable = await call("POST", "/api/account/two-factor/enable", person.cookie, {
      code: totpCode(key),
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const codes: string[] = enable.json().backupCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    // The library rotates the session: this browser carries on with the new cookie.
    const cookie = cookieHeader(enable.headers["set-cookie"]);
    expect(await sessionUserOf(cookie)).toBe(person.userId);
    status = await call("GET", "/api/account/two-factor", cookie);
    expect(status.json()).toEqual({ enabled: true, backupCodesLeft: 10 });

    // The backup codes are shown once: enabling again is refused.
    const again = await call("POST", "/api/account/two-factor/enable", cookie, {
      code: totpCode(key),
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(codes[0]);
    const setupAgain = await call("POST", "/api/account/two-factor/setup", cookie, {
      password: person.password,
    });
    expect(setupAgain.statusCode).toBe(409);
  });

  it("refuses a signed-out visitor", async () => {
    expect((await call("GET", "/api/account/two-factor", "")).statusCode).toBe(401);
    const res = await call("POST", "/api/account/two-factor/setup", "", { password: "x" });
    expect(res.statusCode).toBe(401);
  });
});

describe("signing in with two-factor authentication on", () => {
  it("asks for the authenticator code before there is a session", async () => {
    const person = await createAccount(t, { label: "tfa-login" });
    const { key } = await enrol(person);

    const { res, cookie: pending } = await logIn(person);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ twoFactorRequired: true });
    expect(await sessionUserOf(pending)).toBeUndefined();

    const wrong = await call("POST", "/api/auth/two-factor", pending, {
      method: "totp",
      code: totpCode(key, Date.now() - 10 * 60_000),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe("invalid_code");
    const right = await call("POST", "/api/auth/two-factor", pending, {
      method: "totp",
      code: totpCode(key),
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().user.id).toBe(person.userId);
    expect(await sessionUserOf(cookieHeader(right.headers["set-cookie"]))).toBe(person.userId);

    // The pending sign-in is used up.
    const replay = await call("POST", "/api/auth/two-factor", pending, {
      method: "totp",
      code: totpCode(key),
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe("two_factor_expired");
  });

  it("takes each authenticator code once, the one that turned it on included", async () => {
    const person = await createAccount(t, { label: "tfa-once" });
    const { key, enabledWith } = await enrol(person);
    const secondStep = async (code: string) =>
      call("POST", "/api/auth/two-factor", (await logIn(person)).cookie, { method: "totp", code });

    const reusedFromEnable = await secondStep(enabledWith);
    expect(reusedFromEnable.statusCode).toBe(400);
    expect(reusedFromEnable.json().error).toMatchObject({
      code: "invalid_code",
      message: "That code is not right. Please try again.",
    });

    const code = totpCode(key);
    const first = await secondStep(code);
    expect(first.statusCode, first.body).toBe(200);
    // The same code seconds later, for another sign-in, is refused with the usual answer.
    const again = await secondStep(code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: "invalid_code",
      message: "That code is not right. Please try again.",
    });
    expect(again.headers["set-cookie"] ?? "").not.toMatch(/session_token=[^;]/);
    // The app's next code works.
    const next = await secondStep(totpCode(key, Date.now() + 30_000));
    expect(next.statusCode, next.body).toBe(200);
    expect(await sessionUserOf(cookieHeader(next.headers["set-cookie"]))).toBe(person.userId);
  });

  it("lets only one of two sign-ins at once use the same code", async () => {
    const person = await createAccount(t, { label: "tfa-race" });
    const { key } = await enrol(person);
    const [a, b] = await Promise.all([logIn(person), logIn(person)]);
    const code = totpCode(key);
    const answers = await Promise.all(
      [a, b].map(({ cookie }) =>
        call("POST", "/api/auth/two-factor", cookie, { method: "totp", code }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  });

  it("takes each backup code once", async () => {
    const person = await createAccount(t, { label: "tfa-backup" });
    const { backupCodes } = await enrol(person);
    const code = backupCodes[3] as string;

    const first = await logIn(person);
    // Typed without its hyphen and with spaces, as people copy it.
    const typed = ` ${code.replace("-", " ")} `;
    const used = await call("POST", "/api/auth/two-factor", first.cookie, {
      method: "backup",
      code: typed,
    });
    expect(used.statusCode, used.body).toBe(200);
    const cookie = cookieHeader(used.headers["set-cookie"]);
    expect(await sessionUserOf(cookie)).toBe(person.userId);
    const status = await call("GET", "/api/account/two-factor", cookie);
    expect(status.json()).toEqual({ enabled: true, backupCodesLeft: 9 });

    const second = await logIn(person);
    const reused = await call("POST", "/api/auth/two-factor", second.cookie, {
      method: "backup",
      code,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe("invalid_code");
    const other = await call("POST", "/api/auth/two-factor", second.cookie, {
      method: "backup",
      code: backupCodes[4],
    });
    expect(other.statusCode, other.body).toBe(200);
  });

  it("allows five wrong codes per sign-in, then asks for the password again", async () => {
    const person = await createAccount(t, { label: "tfa-throttle" });
    const { key } = await enrol(person);
    const { cookie: pending } = await logIn(person);
    const stale = totpCode(key, Date.now() - 10 * 60_000);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await call("POST", "/api/auth/two-factor", pending, {
        method: "totp",
        code: stale,
      });
      expect(wrong.statusCode).toBe(400);
    }
    const sixth = await call("POST", "/api/auth/two-factor", pending, {
      method: "totp",
      code: totpCode(key),
    });
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json().error.code).toBe("too_many_attempts");
    expect(await sessionUserOf(pending)).toBeUndefined();

    // Ten wrong in a row lock the account's codes, even in a fresh sign-in.
    const next = await logIn(person);
    for (let i = 0; i < 5; i += 1) {
      await call("POST", "/api/auth/two-factor", next.cookie, { method: "totp", code: stale });
    }
    const fresh = await logIn(person);
    const locked = await call("POST", "/api/auth/two-factor", fresh.cookie, {
      method: "totp",
      code: totpCode(key),
    });
    expect(locked.statusCode).toBe(429);
  });

  it("is not skipped by resetting a forgotten password", async () => {
    const person = await createAccount(t, { label: "tfa-reset" });
    const { key } = await enrol(person);
    expect(
      (await call("POST", "/api/auth/forgot-password", "", { email: person.email })).statusCode,
    ).toBe(200);
    // The outbox mails the link after the commit: on a busy machine the answer comes first.
    const resetToken = () =>
      t.mailbox.latestTo(person.email)?.raw.match(/stage=reset&token=([A-Za-z0-9_-]+)/)?.[1];
    await expect.poll(resetToken).toBeTruthy();
    const token = resetToken() as string;
    const reset = await call("POST", "/api/auth/reset-password", "", {
      token,
      password: "a brand new secret 9",
    });
    expect(reset.statusCode).toBe(200);
    expect(await sessionUserOf(cookieHeader(reset.headers["set-cookie"]))).toBeUndefined();

    const { res, cookie } = await logIn(person, "a brand new secret 9");
    expect(res.json()).toEqual({ twoFactorRequired: true });
    const done = await call("POST", "/api/auth/two-factor", cookie, {
      method: "totp",
      code: totpCode(key),
    });
    expect(done.json().user.id).toBe(person.userId);
  });

  it("answers a second step without a pending sign-in as expired", async () => {
    const res = await call("POST", "/api/auth/two-factor", "", { method: "totp", code: "123456" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("two_factor_expired");
    const bad = await call("POST", "/api/auth/two-factor", "", { method: "sms", code: "123456" });
    expect(bad.statusCode).toBe(400);
  });
});

describe("turning two-factor authentication off", () => {
  it("asks for the password; then sign-in needs the password alone", async () => {
    const person = await createAccount(t, { label: "tfa-off" });
    const { cookie } = await enrol(person);
    const wrong = await call("POST", "/api/account/two-factor/disable", cookie, {
      password: "not my password",
    });
    expect(wrong.statusCode).toBe(400);
    expect((await call("GET", "/api/account/two-factor", cookie)).json().enabled).toBe(true);

    const off = await call("POST", "/api/account/two-factor/disable", cookie, {
      password: person.password,
    });
    expect(off.statusCode, off.body).toBe(200);
    const after = cookieHeader(off.headers["set-cookie"]);
    expect((await call("GET", "/api/account/two-factor", after)).json()).toEqual({
      enabled: false,
      backupCodesLeft: 0,
    });
    expect((await logIn(person)).res.json().user.id).toBe(person.userId);
  });
});
