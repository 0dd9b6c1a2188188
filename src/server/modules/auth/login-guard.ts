// Guessing passwords (docs/operations.md "Limits"; OWASP ASVS V2.2): wrong passwords are counted
// per account and IP, so a stranger's guesses lock out that stranger's address at that account,
// never the owner elsewhere nor other people's logins from the same address; a good login clears
// its own pair. An IP-wide ceiling far above that bounds one address trying many accounts. Across
// all addresses an account is only slowed down: past 20 wrong passwords in an hour each attempt
// waits a little longer, up to 3 s, and is never refused.
import { setTimeout as sleep } from "node:timers/promises";
import type { RateLimits } from "../../infra/rate-limit";

const SLOWDOWN_AFTER = 20;
const STEP_MS = 250;
const MAX_DELAY_MS = 3_000;

/** How long an attempt waits, given the account's wrong passwords in the last hour. */
export const loginDelayMs = (failures: number): number =>
  Math.min(MAX_DELAY_MS, Math.max(0, failures - SLOWDOWN_AFTER) * STEP_MS);

interface Attempt {
  email: string;
  ip: string;
}

const pairKey = ({ email, ip }: Attempt) => `${email} ${ip}`;

/**
 * Before the password is checked: 429 when this account-and-IP pair or this IP has no tries left.
 * The pair is checked first, so a client refused at one account spends nothing of its address's
 * ceiling by asking again.
 */
export async function admitLogin(limits: RateLimits, attempt: Attempt): Promise<void> {
  await limits.check("loginFailuresPerAccountIp", pairKey(attempt));
  await limits.consume("loginPerIp", attempt.ip);
  const failures = await limits.spent("loginFailuresPerAccount", attempt.email);
  const delay = loginDelayMs(failures);
  if (delay > 0) await sleep(delay);
}

export async function loginSucceeded(limits: RateLimits, attempt: Attempt): Promise<void> {
  await limits.reset("loginFailuresPerAccountIp", pairKey(attempt));
}

export async function loginFailed(limits: RateLimits, attempt: Attempt): Promise<void> {
  await limits.record("loginFailuresPerAccountIp", pairKey(attempt));
  await limits.record("loginFailuresPerAccount", attempt.email);
}
