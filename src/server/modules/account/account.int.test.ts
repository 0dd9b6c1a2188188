// Account settings through the real HTTP app (docs/accounts.md): the sessions a person is signed
// in with, ending one or all the others (their sockets close, this browser's stays), and changing
// the password (checked, throttled like logins, every other session ended, nothing changed on a
// refusal). Runs on the embedded database, and on PostgreSQL in the PostgreSQL pass.
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionView } from "../../../domain/contracts/account";
import { SESSION_ENDED_CLOSE_CODE } from "../../../domain/realtime-frames";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { connectRealtime } from "../../test-support/ws-client";
import { touchSession } from "../auth/queries";

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

let t: TestApp;
let baseUrl: string;
let ipCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

/** Another browser signed in as the same person: the cookie of a fresh login. */
async function signIn(who: TestAccount, userAgent: string, password = who.password) {
  ipCounter += 1;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: `10.77.0.${ipCounter}`,
    headers: { "user-agent": userAgent },
    payload: { email: who.email, password },
  });
  const cookie = [res.headers["set-cookie"]]
    .flat()
    .filter((c): c is string => typeof c === "string")
    .map((c) => c.split(";")[0])
    .join("; ");
  return { status: res.statusCode, cookie };
}

const as = (who: TestAccount, cookie: string): TestAccount => ({ ...who, cookie });

async function sessionsOf(who: TestAccount): Promise<SessionView[]> {
  const res = await inject(t, who, "GET", "/api/account/sessions");
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

const signedIn = async (who: TestAccount) =>
  (await inject(t, who, "GET", "/api/auth/session")).json().user?.id === who.userId;

describe("Where you're signed in", () => {
  it("lists every session with its browser and system, marks this one, and shows no token", async () => {
    const person = await createAccount(t, { label: "sessions" });
    const firefox = await signIn(person, FIREFOX);
    const iphone = await signIn(person, IPHONE);
    const items = await sessionsOf(as(person, firefox.cookie));
    expect(items).toHaveLength(3);
    expect(items.map((s) => s.current)).toEqual([true, false, false]);
    expect(items[0]).toMatchObject({ browser: "Firefox 128", system: "Windows" });
    expect(items.map((s) => `${s.browser} on ${s.system}`)).toContain("Safari 17 on iOS 17.5");
    for (const s of items) {
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(Date.parse(s.lastSeenAt)).not.toBeNaN();
    }
    const body = JSON.stringify(items);
    for (const cookie of [person.cookie, firefox.cookie, iphone.cookie]) {
      const token = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] as string;
      expect(token.length).toBeGreaterThan(10);
      expect(body).not.toContain(token);
    }
  });

  it("asks to sign in first", async () => {
    expect((await inject(t, null, "GET", "/api/account/sessions")).statusCode).toBe(401);
    expect(
      (await inject(t, null, "POST", "/api/account/sessions/sign-out-others")).statusCode,
    ).toBe(401);
  });

  it("ends one other session: its socket closes, this browser's stays open", async () => {
    const person = await createAccount(t, { label: "endone" });
    const other = await signIn(person, IPHONE);
    const otherSocket = await connectRealtime(baseUrl, other.cookie);
    const mySocket = await connectRealtime(baseUrl, person.cookie);
    const target = (await sessionsOf(person)).find((s) => !s.current) as SessionView;

    const res = await inject(t, person, "DELETE", `/api/account/sessions/${target.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 1 });
    expect(await otherSocket.closed).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(await signedIn(as(person, other.cookie))).toBe(false);
    expect(await signedIn(person)).toBe(true);
    expect(await sessionsOf(person)).toHaveLength(1);
    mySocket.send({ type: "ping" });
    await mySocket.waitFor((m) => m.type === "pong");
    mySocket.close();
  });

  it("refuses this session, someone else's and one already ended, and changes nothing", async () => {
    const person = await createAccount(t, { label: "refuse" });
    const stranger = await createAccount(t, { label: "stranger" });
    const [mine] = await sessionsOf(person);
    const [theirs] = await sessionsOf(stranger);

    const current = await inject(t, person, "DELETE", `/api/account/sessions/${mine?.id}`);
    expect(current.statusCode).toBe(400);
    expect(current.json().error.message).toBe("Use Log out to sign out of this device.");
    const foreign = await inject(t, person, "DELETE", `/api/account/sessions/${theirs?.id}`);
    expect(foreign.statusCode).toBe(404);
    const unknown = await inject(t, person, "DELETE", "/api/account/sessions/no-such-session");
    expect(unknown.statusCode).toBe(404);
    expect(await signedIn(person)).toBe(true);
    expect(await signedIn(stranger)).toBe(true);
  });

  it("signs out of every other session at once", async () => {
    const person = await createAccount(t, { label: "others" });
    const others = [await signIn(person, IPHONE), await signIn(person, FIREFOX)];
    const sockets = await Promise.all(others.map((o) => connectRealtime(baseUrl, o.cookie)));
    // An expired session, never listed, goes too but is not counted.
    const expired = await signIn(person, IPHONE);
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 day' where id = (select id from sessions where user_id = ${person.userId} order by created_at desc limit 1)`,
    );
    expect(await sessionsOf(person)).toHaveLength(3);

    const res = await inject(t, person, "POST", "/api/account/sessions/sign-out-others");
    expect(res.json()).toEqual({ ended: 2 });
    expect(await signedIn(as(person, expired.cookie))).toBe(false);
    const left = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sessions where user_id = ${person.userId}`,
    );
    expect(left[0]?.n).toBe(1);
    for (const socket of sockets) expect(await socket.closed).toBe(SESSION_ENDED_CLOSE_CODE);
    for (const o of others) expect(await signedIn(as(person, o.cookie))).toBe(false);
    expect((await sessionsOf(person)).map((s) => s.current)).toEqual([true]);
    const again = await inject(t, person, "POST", "/api/account/sessions/sign-out-others");
    expect(again.json()).toEqual({ ended: 0 });
  });

  it("keeps when each session was last used", async () => {
    const person = await createAccount(t, { label: "lastseen" });
    const iphone = await signIn(person, IPHONE);
    await signIn(person, FIREFOX);
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await t.database.db.execute(
      sql`update sessions set last_seen_at = ${hourAgo.toISOString()}::timestamptz where user_id = ${person.userId}`,
    );
    // The iPhone's next request is verified by the library (its cookie is not cached yet), so
    // it is seen; the Firefox session, unused, keeps its time.
    expect(await signedIn(as(person, iphone.cookie))).toBe(true);
    const recent = (s: SessionView) => Date.parse(s.lastSeenAt) > Date.now() - 60_000;
    await expect
      .poll(async () => (await sessionsOf(person)).find((s) => s.browser === "Safari 17"))
      .toSatisfy((s: SessionView | undefined) => s !== undefined && recent(s));
    const firefox = (await sessionsOf(person)).find((s) => s.browser === "Firefox 128");
    expect(firefox?.lastSeenAt).toBe(hourAgo.toISOString());
  });

  it("moves a session's expiry on once a day of it has passed, and refuses an expired one", async () => {
    const person = await createAccount(t, { label: "refresh" });
    const phone = await signIn(person, IPHONE);
    const laptop = await signIn(person, FIREFOX);
    // The session's token: the cookie's value up to its signature.
    const tokenOf = (cookie: string) => {
      const value = cookie
        .split("; ")
        .find((part) => part.includes("session_token="))
        ?.split("=")[1];
      const signed = decodeURIComponent(value ?? "");
      return signed.slice(0, signed.lastIndexOf("."));
    };
    const expiryOf = async (cookie: string) => {
      const [row] = await queryRows<{ days: number }>(
        t.database.db,
        sql`select extract(epoch from expires_at - now()) / 86400 as days from sessions
            where token = ${tokenOf(cookie)}`,
      );
      return Number(row?.days);
    };
    // Neither cookie has been used yet, so neither is in the session cache.
    await t.database.db.execute(
      sql`update sessions set expires_at = now() + interval '28 days' where user_id = ${person.userId}`,
    );
    expect(await signedIn(as(person, phone.cookie))).toBe(true);
    expect(await expiryOf(phone.cookie)).toBeGreaterThan(29.9);
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where token = ${tokenOf(laptop.cookie)}`,
    );
    expect(await signedIn(as(person, laptop.cookie))).toBe(false);
  });

  it("writes a session's last-seen time at most every five minutes", async () => {
    const person = await createAccount(t, { label: "touch" });
    const [session] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from sessions where user_id = ${person.userId}`,
    );
    const id = session?.id as string;
    const seenAt = async () =>
      (
        await queryRows<{ at: string }>(
          t.database.db,
          sql`select last_seen_at::text as at from sessions where id = ${id}`,
        )
      )[0]?.at;
    const setSeen = (minutesAgo: number) =>
      t.database.db.execute(
        sql`update sessions set last_seen_at = now() - make_interval(mins => ${minutesAgo}) where id = ${id}`,
      );
    await setSeen(2);
    const twoMinutesAgo = await seenAt();
    await touchSession(t.database.db, id);
    expect(await seenAt()).toBe(twoMinutesAgo);
    await setSeen(6);
    const sixMinutesAgo = await seenAt();
    await touchSession(t.database.db, id);
    expect(Date.parse(String(await seenAt()))).toBeGreaterThan(Date.parse(String(sixMinutesAgo)));
  });
});

describe("Changing the password", () => {
  const change = (who: TestAccount, currentPassword: string, newPassword: string) =>
    inject(t, who, "POST", "/api/account/password", { currentPassword, newPassword });

  it("refuses a wrong current password, a common, short or unchanged new one, and changes nothing", async () => {
    const person = await createAccount(t, { label: "pwrefuse" });
    const other = await signIn(person, IPHONE);

    const wrong = await change(person, "not my password", "a brand new secret 91");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({
      currentPassword: ["Current password is incorrect."],
    });
    const common = await change(person, person.password, "password123");
    expect(common.statusCode).toBe(400);
    expect(Object.keys(common.json().error.fields)).toEqual(["newPassword"]);
    const short = await change(person, person.password, "short");
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.newPassword).toEqual([
      "Password must be at least 8 characters.",
    ]);
    const same = await change(person, person.password, person.password);
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields.newPassword).toEqual([
      "New password must be different from the current one.",
    ]);

    expect(await signedIn(as(person, other.cookie))).toBe(true);
    expect((await signIn(person, FIREFOX)).status).toBe(200);
  });

  it("sets the new password and ends every other session; this browser stays signed in", async () => {
    const person = await createAccount(t, { label: "pwchange" });
    const others = [await signIn(person, IPHONE), await signIn(person, FIREFOX)];
    const socket = await connectRealtime(baseUrl, others[0]?.cookie);
    const mySocket = await connectRealtime(baseUrl, person.cookie);

    const res = await change(person, person.password, "a brand new secret 91");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect(await socket.closed).toBe(SESSION_ENDED_CLOSE_CODE);
    for (const o of others) expect(await signedIn(as(person, o.cookie))).toBe(false);
    expect(await signedIn(person)).toBe(true);
    mySocket.send({ type: "ping" });
    await mySocket.waitFor((m) => m.type === "pong");
    mySocket.close();

    expect((await signIn(person, FIREFOX)).status).toBe(401);
    expect((await signIn(person, FIREFOX, "a brand new secret 91")).status).toBe(200);
  });

  it("counts wrong current passwords like wrong logins: refused after ten from one address", async () => {
    const person = await createAccount(t, { label: "pwthrottle" });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await change(person, `wrong guess ${i}`, "a brand new secret 91")).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Refused even with the right one until the window passes: guessing gains nothing.
    expect((await change(person, person.password, "a brand new secret 91")).statusCode).toBe(429);
  });
});
