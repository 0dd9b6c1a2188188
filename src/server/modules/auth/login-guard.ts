// Guessing passwords (docs/operations.md "Limits"; OWASP ASVS V2.2): wrong passwords are counted
// per account and IP, so a stranger's guesses lock out that stranger's address at that account,
// never the owner elsewhere nor other people's logins from the same address; a good login clears
// its own pair. An IP-wide ceiling far above that bounds one address trying many accounts. Across
// all addresses an account is only slowed down: past 20 wrong passwords in an hour each attempt
// waits a little longer, up to 3 s, and is never refused. Addresses without an account count the
// same way, and past a low ceiling per IP a guess at one costs no password hash: it waits as long
// as a hash takes and gets the same answer, so a flood of made-up addresses cannot take the CPU
// and the answer still does not tell which addresses have an account. One IP's logins hash one
// at a time, so one client's flood holds one place of the hash pool (password-hash.ts).
import { setTimeout as sleep } from "node:timers/promises";
import { tooManyRequests } from "../../errors";
import { LIMITS, type RateLimits } from "../../infra/rate-limit";
import { typicalHashMs } from "./password-hash";

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

/** Whether this IP's failed logins at addresses without an account are past their ceiling, so a
 * guess at one is answered without a hash (`withoutHash`). */
export async function unknownAddressesSpent(limits: RateLimits, ip: string): Promise<boolean> {
  return (await limits.spent("loginUnknownPerIp", ip)) >= LIMITS.loginUnknownPerIp.points;
}

/** In place of a hash that would only say 'no': as long as one takes, in this IP's turn. */
export const withoutHash = (ip: string): Promise<void> =>
  inTurn(ip, () => sleep(typicalHashMs()).then(() => undefined));

export async function loginFailed(
  limits: RateLimits,
  attempt: Attempt & { known: boolean },
): Promise<void> {
  await limits.record("loginFailuresPerAccountIp", pairKey(attempt));
  await limits.record("loginFailuresPerAccount", attempt.email);
  if (!attempt.known) await limits.record("loginUnknownPerIp", attempt.ip);
}

/** Logins of one IP waiting or hashing; more are refused at once (a 429 whatever the address). */
const MAX_IN_TURN = 10;
const lanes = new Map<string, { tail: Promise<unknown>; count: number }>();

/** Runs `step` after the IP's earlier logins, one at a time, in this process. */
export async function inTurn<T>(ip: string, step: () => Promise<T>): Promise<T> {
  const lane = lanes.get(ip) ?? { tail: Promise.resolve(), count: 0 };
  if (lane.count >= MAX_IN_TURN) throw tooManyRequests(1);
  lane.count += 1;
  lanes.set(ip, lane);
  const result = lane.tail.then(step);
  lane.tail = result.catch(() => undefined);
  try {
    return await result;
  } finally {
    lane.count -= 1;
    if (lane.count === 0) lanes.delete(ip);
  }
}
