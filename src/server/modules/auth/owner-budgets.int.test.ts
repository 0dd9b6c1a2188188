// Budgets that protect the owner (docs/operations.md "Limits"): a stranger's wrong codes or wrong
// passwords lock out that stranger's address, never the owner's right code or the neighbours'
// right passwords from the same address; address-wide and IP-wide ceilings stay far above them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../infra/rate-limit";
import { createAccount, uniqueEmail } from "../../test-support/accounts";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function post(url: string, payload: object, ip: string, cookie?: string) {
  return t.app.inject({
    method: "POST",
    url,
    payload,
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });
}

describe("verification codes: wrong codes count per address and IP", () => {
  const verify = (email: string, code: string, ip: string, cookie?: string) =>
    post("/api/auth/verify-code", { email, code }, ip, cookie);

  /** A pending account registered from `ip`, with the browser's sign-up cookie and its code. */
  async function pending(label: string, ip: string) {
    const email = uniqueEmail(label);
    const res = await post(
      "/api/auth/register",
      { email, fullName: "Owner", password: "violet kettle 7342", agreeToPolicies: true },
      ip,
    );
    expect(res.statusCode).toBe(201);
    const cookie = String(res.headers["set-cookie"]).split(";")[0] as string;
    const code = await t.mailbox.codeArrived(email);
    const wrong = code === "123456" ? "654321" : "123456";
    return { email, cookie, code, wrong };
  }

  it("a stranger's 10 wrong codes from one IP do not stop the owner's right code from another", async () => {
    const owner = await pending("owner", "10.70.0.1");
    const stranger = "10.70.0.2";
    for (let i = 0; i < 10; i++) {
      const res = await verify(owner.email, owner.wrong, stranger);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("invalid_code");
    }
    // Past its budget for this address the stranger's IP is refused, even with the right code.
    const refused = await verify(owner.email, owner.code, stranger);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("rate_limited");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

    const verified = await verify(owner.email, owner.code, "10.70.0.3", owner.cookie);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ verified: true });
    const login = await post(
      "/api/auth/login",
      { email: owner.email, password: "violet kettle 7342" },
      "10.70.0.3",
    );
    expect(login.statusCode).toBe(200);
  });

  it("keeps the code valid through every wrong try the address-wide ceiling lets in", async () => {
    const owner = await pending("patient", "10.71.0.1");
    const ceiling = LIMITS.codeCheckPerAddress.points;
    const perIp = LIMITS.codeCheckPerAddressIp.points;
    for (let i = 0; i < ceiling - 1; i++) {
      const ip = `10.71.1.${Math.floor(i / perIp) + 1}`;
      expect((await verify(owner.email, owner.wrong, ip)).statusCode).toBe(400);
    }
    const verified = await verify(owner.email, owner.code, "10.71.2.1", owner.cookie);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ verified: true });
  });

  it("refuses everyone past the address-wide ceiling, far above one IP's budget", async () => {
    const owner = await pending("ceiling", "10.72.0.1");
    const ceiling = LIMITS.codeCheckPerAddress.points;
    const perIp = LIMITS.codeCheckPerAddressIp.points;
    expect(ceiling).toBeGreaterThanOrEqual(5 * perIp);
    // docs/operations.md "Limits": at most 1,200 guesses a day at a code drawn from 900,000
    // values, so a day of guessing wins with a chance of at most 1 in 750.
    const guessesPerDay = ceiling * ((24 * 3600) / LIMITS.codeCheckPerAddress.duration);
    expect(guessesPerDay).toBeLessThanOrEqual(1_200);

    for (let i = 0; i < ceiling; i++) {
      const ip = `10.72.1.${Math.floor(i / perIp) + 1}`;
      expect((await verify(owner.email, owner.wrong, ip)).statusCode).toBe(400);
    }
    const owners = await verify(owner.email, owner.code, "10.72.2.1", owner.cookie);
    expect(owners.statusCode).toBe(429);
    expect((await verify(owner.email, owner.wrong, "10.72.2.2")).statusCode).toBe(429);
    // Other addresses are not touched by this one's ceiling.
    const other = await pending("bystander", "10.72.3.1");
    expect((await verify(other.email, other.code, "10.72.3.1", other.cookie)).statusCode).toBe(200);
  });
});

describe("logins: wrong passwords count per account and IP, under a high IP-wide ceiling", () => {
  const login = (email: string, password: string, ip: string) =>
    post("/api/auth/login", { email, password }, ip);

  it("a client locked out of one account does not stop others' right passwords from its IP", async () => {
    const [target, neighbour, another] = await Promise.all([
      createAccount(t, { label: "target" }),
      createAccount(t, { label: "neighbour" }),
      createAccount(t, { label: "another" }),
    ]);
    const shared = "10.80.0.1";
    for (let i = 0; i < LIMITS.loginFailuresPerAccountIp.points; i++) {
      expect((await login(target.email, "wrong password!", shared)).statusCode).toBe(401);
    }
    // The failing client keeps at it, far past the old 25 a 5 minutes and the visitor writes.
    for (let i = 0; i < 80; i++) {
      expect((await login(target.email, "wrong password!", shared)).statusCode).toBe(429);
    }
    const locked = await login(target.email, target.password, shared);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);

    expect((await login(neighbour.email, neighbour.password, shared)).statusCode).toBe(200);
    expect((await login(another.email, "wrong password!", shared)).statusCode).toBe(401);
    expect((await login(another.email, another.password, shared)).statusCode).toBe(200);
    expect((await login(target.email, target.password, "10.80.0.2")).statusCode).toBe(200);
  });

  it("refuses every login from an IP past the IP-wide ceiling, and only from that IP", async () => {
    const person = await createAccount(t, { label: "late" });
    const ip = "10.81.0.1";
    const ceiling = LIMITS.loginPerIp.points;
    expect(ceiling).toBeGreaterThanOrEqual(300);
    // All but the last five attempts are spent straight from the budget (each real one hashes a
    // password); the last five go through the route, each a different unknown address.
    for (let i = 0; i < ceiling - 5; i++) await t.limits.consume("loginPerIp", ip);
    for (let i = 0; i < 5; i++) {
      expect((await login(uniqueEmail(`spray${i}`), "wrong password!", ip)).statusCode).toBe(401);
    }
    const refused = await login(person.email, person.password, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("rate_limited");
    expect((await login(person.email, person.password, "10.81.0.2")).statusCode).toBe(200);
  });
});
