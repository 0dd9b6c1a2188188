import { describe, expect, it } from "vitest";
import { createRateLimits, LIMITS } from "../../infra/rate-limit";
import { admitLogin, loginDelayMs, loginFailed } from "./login-guard";

describe("login slowdown per account (never a lock)", () => {
  it.each([
    [0, 0],
    [20, 0],
    [21, 250],
    [24, 1000],
    [32, 3000],
    [10_000, 3000],
  ])("after %i wrong passwords an attempt waits %i ms", (failures, ms) => {
    expect(loginDelayMs(failures)).toBe(ms);
  });
});

describe('a locked account-and-IP pair (docs/operations.md "Limits")', () => {
  it("refuses that client at that account without spending its address's login ceiling", async () => {
    const limits = createRateLimits();
    const locked = { email: "owner@example.com", ip: "203.0.113.7", known: true };
    for (let i = 0; i < LIMITS.loginFailuresPerAccountIp.points; i++) {
      await admitLogin(limits, locked);
      await loginFailed(limits, locked);
    }
    const spentBefore = await limits.spent("loginPerIp", locked.ip);
    for (let i = 0; i < LIMITS.loginPerIp.points; i++) {
      await expect(admitLogin(limits, locked)).rejects.toMatchObject({ status: 429 });
    }
    expect(await limits.spent("loginPerIp", locked.ip)).toBe(spentBefore);
    // Another account from the same address is admitted.
    await expect(
      admitLogin(limits, { email: "neighbour@example.com", ip: locked.ip }),
    ).resolves.toBeUndefined();
  });
});
