// Limits that stop abuse without locking out the innocent (docs/operations.md "Limits"): budgets
// per account rather than per building, login guesses keyed on account and IP, verify-code that
// tells strangers nothing, views counted once per visitor, uploads bounded per account.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../infra/rate-limit";
import { createAccount, type TestAccount, uniqueEmail } from "../test-support/accounts";
import { multipartFile } from "../test-support/multipart";
import { publish } from "../test-support/social";
import { createTestApp, type TestApp } from "../test-support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function get(url: string, ip: string, who?: TestAccount) {
  return t.app.inject({
    method: "GET",
    url,
    remoteAddress: ip,
    headers: who ? { cookie: who.cookie } : {},
  });
}

describe("API budgets", () => {
  it("limits a signed-in person's reads per account: a neighbour on the same IP is not refused", async () => {
    const [greedy, neighbour] = await Promise.all([createAccount(t), createAccount(t)]);
    const ip = "10.40.0.1";
    for (let i = 0; i < LIMITS.readsPerAccount.points; i++) {
      expect((await get("/api/activity/unread-count", ip, greedy)).statusCode).toBe(200);
    }
    const refused = await get("/api/activity/unread-count", ip, greedy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("rate_limited");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await get("/api/activity/unread-count", ip, neighbour)).statusCode).toBe(200);
    expect((await get("/api/search/people?q=a", ip)).statusCode).toBe(200);
  });

  it("limits writes more tightly than reads", async () => {
    const writer = await createAccount(t);
    const ip = "10.40.0.2";
    const write = () =>
      t.app.inject({
        method: "POST",
        url: "/api/activity/read-all",
        remoteAddress: ip,
        headers: { cookie: writer.cookie },
      });
    expect(LIMITS.writesPerAccount.points).toBeLessThan(LIMITS.readsPerAccount.points);
    for (let i = 0; i < LIMITS.writesPerAccount.points; i++) {
      expect((await write()).statusCode).toBe(200);
    }
    expect((await write()).statusCode).toBe(429);
    expect((await get("/api/activity/unread-count", ip, writer)).statusCode).toBe(200);
  });

  it("limits visitors per IP, and a signed-in person on that IP is not refused", async () => {
    const [person] = await Promise.all([createAccount(t)]);
    const ip = "10.40.0.3";
    for (let i = 0; i < LIMITS.readsPerIp.points; i++) {
      expect((await get("/api/search/people?q=a", ip)).statusCode).toBe(200);
    }
    expect((await get("/api/search/people?q=a", ip)).statusCode).toBe(429);
    expect((await get("/api/search/people?q=a", "10.40.0.4")).statusCode).toBe(200);
    expect((await get("/api/search/people?q=a", ip, person)).statusCode).toBe(200);
  });
});

describe("login guesses", () => {
  const login = (email: string, password: string, ip: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: ip,
      payload: { email, password },
    });

  it("locks wrong passwords per account and IP; the owner elsewhere still gets in", async () => {
    const owner = await createAccount(t);
    const attacker = "10.41.0.1";
    for (let i = 0; i < LIMITS.loginFailuresPerAccountIp.points; i++) {
      expect((await login(owner.email, "wrong password!", attacker)).statusCode).toBe(401);
    }
    const locked = await login(owner.email, owner.password, attacker);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    expect((await login(owner.email, owner.password, "10.41.0.2")).statusCode).toBe(200);
  });

  it("clears an address's wrong passwords with a good login from it", async () => {
    const owner = await createAccount(t);
    const ip = "10.41.1.1";
    const tries = LIMITS.loginFailuresPerAccountIp.points;
    for (let i = 0; i < tries - 1; i++) await login(owner.email, "wrong password!", ip);
    expect((await login(owner.email, owner.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < tries; i++) {
      expect((await login(owner.email, "wrong password!", ip)).statusCode).toBe(401);
    }
  });

  it("slows down, never locks, an account guessed at from many addresses", async () => {
    const owner = await createAccount(t);
    for (let i = 0; i < 24; i++) {
      expect((await login(owner.email, "wrong password!", `10.42.0.${i + 1}`)).statusCode).toBe(
        401,
      );
    }
    const started = performance.now();
    const res = await login(owner.email, owner.password, "10.42.1.1");
    expect(res.statusCode).toBe(200);
    // 24 wrong passwords in the hour: 4 over the 20 let through at full speed, 250 ms each.
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
  });
});

describe("verify-code", () => {
  const verify = (email: string, code: string, ip: string, cookie?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/verify-code",
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
      payload: { email, code },
    });

  it("answers a stranger the same for a verified address and an unknown one", async () => {
    const verified = await createAccount(t);
    const known = await verify(verified.email, "123456", "10.43.0.1");
    const unknown = await verify(uniqueEmail("nobody"), "123456", "10.43.0.1");
    expect(known.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    // Each answer carries its own request id; everything else is the same.
    const { requestId: _known, ...knownError } = known.json().error;
    const { requestId: _unknown, ...unknownError } = unknown.json().error;
    expect(knownError).toEqual(unknownError);
  });

  it("treats an already-used code as verified in the browser that registered (spec-2 §8)", async () => {
    const email = uniqueEmail("twice");
    const ip = "10.43.1.1";
    const register = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: ip,
      payload: { email, fullName: "Twice", password: "violet kettle 7342", agreeToPolicies: true },
    });
    expect(register.statusCode).toBe(201);
    const cookie = String(register.headers["set-cookie"]).split(";")[0];
    const code = await t.mailbox.codeArrived(email);
    expect((await verify(email, code, ip, cookie)).json()).toEqual({ verified: true });
    const again = await verify(email, code, ip, cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ verified: true });
    const elsewhere = await verify(email, code, "10.43.1.2");
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.code).toBe("invalid_code");
  });

  it("limits code checks per IP across addresses", async () => {
    const ip = "10.43.2.1";
    for (let i = 0; i < LIMITS.codeCheckPerIp.points; i++) {
      expect((await verify(uniqueEmail(`probe${i}`), "123456", ip)).statusCode).toBe(400);
    }
    const refused = await verify(uniqueEmail("probe-last"), "123456", ip);
    expect(refused.statusCode).toBe(429);
  });
});

describe("anonymous views", () => {
  it("counts a visitor without a cookie once per post, however often they call", async () => {
    const author = await createAccount(t);
    const post = await publish(t, author, "Counted once");
    const views = [];
    for (let i = 0; i < 5; i++) {
      views.push(
        await t.app.inject({
          method: "POST",
          url: `/api/posts/${post.id}/view`,
          remoteAddress: "10.44.0.1",
          headers: { "user-agent": "Mozilla/5.0 test" },
        }),
      );
    }
    expect(views.map((v) => v.json().viewsCount)).toEqual([1, 1, 1, 1, 1]);
    const cookie = String(views[0]?.headers["set-cookie"]).split(";")[0];
    const withCookie = await t.app.inject({
      method: "POST",
      url: `/api/posts/${post.id}/view`,
      remoteAddress: "10.44.0.2",
      headers: { cookie, "user-agent": "Mozilla/5.0 test" },
    });
    expect(withCookie.json()).toEqual({ counted: false, viewsCount: 1 });
  });

  it("does not count a visitor with neither a cookie nor a user agent", async () => {
    const author = await createAccount(t);
    const post = await publish(t, author, "Not counted");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/posts/${post.id}/view`,
      remoteAddress: "10.44.1.1",
      headers: { "user-agent": "" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ counted: false, viewsCount: 0 });
  });
});

describe("uploads in flight", () => {
  it("takes two uploads of one account at a time and refuses a third with 429", async () => {
    const person = await createAccount(t);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const image = await sharp({
      create: { width: 64, height: 64, channels: 3, background: "#336699" },
    })
      .jpeg()
      .toBuffer();
    const form = await multipartFile(image, "a.jpg", "image/jpeg");
    const half = Math.floor(form.payload.length / 2);
    // Three uploads whose bodies stop halfway: none can finish until the rest is sent, so the
    // one that arrives third is refused at once, whichever it is.
    const held = [1, 2, 3].map((slot) => {
      const req = httpRequest({
        host: "127.0.0.1",
        port,
        method: "PUT",
        path: `/api/profiles/${person.userId}/pictures/${slot}`,
        headers: { ...form.headers, cookie: person.cookie, "content-length": form.payload.length },
      });
      const answered = new Promise<number>((resolve, reject) => {
        req.on("response", (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
      });
      req.write(form.payload.subarray(0, half));
      return { req, answered };
    });
    expect(await Promise.race(held.map((h) => h.answered))).toBe(429);
    for (const { req } of held) req.end(form.payload.subarray(half));
    const statuses = await Promise.all(held.map((h) => h.answered));
    expect(statuses.sort()).toEqual([200, 200, 429]);
  });
});
