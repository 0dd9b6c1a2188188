// Whether a deletion code is waiting (docs/accounts.md "Deleting the account"), through the real
// HTTP app: after a reload within the resend minute the screen asks this, so it can offer the
// code entry for the code already mailed instead of a send the cooldown refuses.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAILED_CODE_MAX_WRONG_TRIES } from "../../db/mailed-codes";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const status = (who: TestAccount | null) => inject(t, who, "GET", "/api/account/deletion/code");
const requestCode = (who: TestAccount) => inject(t, who, "POST", "/api/account/deletion/code");
const identifier = (who: TestAccount) => `delete-account:${who.userId}`;

describe("GET /api/account/deletion/code", () => {
  it("asks to sign in first", async () => {
    expect((await status(null)).statusCode).toBe(401);
  });

  it("says no code is pending before one is sent", async () => {
    const person = await createAccount(t, { label: "nocode" });
    const res = await status(person);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.json()).toEqual({ pending: false });
  });

  it("offers the code sent a moment ago, with the rest of the resend minute to wait", async () => {
    const person = await createAccount(t, { label: "pending" });
    expect((await requestCode(person)).statusCode).toBe(200);
    // As if the code had gone out 43 seconds ago.
    await t.database.db.execute(
      sql`update verifications set created_at = created_at - interval '43 seconds',
            expires_at = expires_at - interval '43 seconds'
          where identifier = ${identifier(person)}`,
    );
    const res = await status(person);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ pending: true, email: person.email });
    expect(body.resendAfterSeconds).toBeGreaterThanOrEqual(16);
    expect(body.resendAfterSeconds).toBeLessThanOrEqual(17);
    expect(body.expiresInSeconds).toBeGreaterThanOrEqual(556);
    expect(body.expiresInSeconds).toBeLessThanOrEqual(557);
    // The cooldown still refuses a new send, so the screen must not need one.
    expect((await requestCode(person)).statusCode).toBe(429);
  });

  it("says none is pending once the code expired or wrong tries voided it", async () => {
    const expired = await createAccount(t, { label: "expiredstatus" });
    await requestCode(expired);
    await t.database.db.execute(
      sql`update verifications set expires_at = now() - interval '1 second'
          where identifier = ${identifier(expired)}`,
    );
    expect((await status(expired)).json()).toEqual({ pending: false });

    const voided = await createAccount(t, { label: "voidedstatus" });
    await requestCode(voided);
    for (let i = 0; i < MAILED_CODE_MAX_WRONG_TRIES; i++) {
      // Wrong whatever was mailed: mailed codes are six digits from 100000.
      await inject(t, voided, "POST", "/api/account/deletion", { code: "000000" });
    }
    expect((await status(voided)).json()).toEqual({ pending: false });
  });
});
