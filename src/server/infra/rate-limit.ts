// Every named rate limit of the app (docs/operations.md "Limits"), keyed per account, per IP, per
// e-mail address, per account and IP or per address and IP. In memory by default; in Redis when REDIS_URL is set, so
// every app instance spends from the same budgets, and in each instance's memory while Redis is
// away. rate-limiter-flexible does the counting.
import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { ERROR_CODES } from "../../domain/error-codes";
import { OTP_MAX_WRONG_TRIES, OTP_RESEND_COOLDOWN_SECONDS } from "../../domain/otp";
import { AppError, tooManyRequests } from "../errors";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** points per duration (seconds); the table in docs/operations.md "Limits". */
export const LIMITS = {
  /** /api requests of a signed-in person, from any IP (http/api-limits.ts). */
  readsPerAccount: { points: 600, duration: MINUTE },
  writesPerAccount: { points: 120, duration: MINUTE },
  /** /api requests without an account, per IP. */
  readsPerIp: { points: 300, duration: MINUTE },
  writesPerIp: { points: 60, duration: MINUTE },
  /** Every admitted /api request from one IP: the ceiling above many accounts behind one NAT. */
  requestsPerIp: { points: 12_000, duration: MINUTE },
  /**
   * Login attempts from one IP, whatever the account: a ceiling far above what the people behind
   * one address use, so one client's guessing does not refuse its neighbours' logins; the login
   * route spends this instead of the visitor write budget (http/api-limits.ts).
   */
  loginPerIp: { points: 300, duration: 5 * MINUTE },
  /**
   * Wrong passwords for one account from one IP; cleared by a good login from that IP. Only that
   * client's further attempts at that account are refused (modules/auth/login-guard.ts).
   */
  loginFailuresPerAccountIp: { points: 10, duration: 15 * MINUTE },
  /**
   * Failed logins at addresses without an account from one IP: past these, a guess at such an
   * address is answered without a password hash (modules/auth/login-guard.ts).
   */
  loginUnknownPerIp: { points: 20, duration: 5 * MINUTE },
  /** Wrong passwords for one account from anywhere: counted to slow logins down, never refused. */
  loginFailuresPerAccount: { points: 1_000_000, duration: 60 * MINUTE },
  signupPerIp: { points: 5, duration: 30 * MINUTE },
  codeSendPerAddress: { points: 5, duration: 30 * MINUTE },
  codeResendCooldown: { points: 1, duration: OTP_RESEND_COOLDOWN_SECONDS },
  /** Code checks for one address from one IP: a stranger's wrong codes spend only their own. */
  codeCheckPerAddressIp: { points: 10, duration: 60 * MINUTE },
  /**
   * Code checks for one address from anywhere, the ceiling that keeps a 6-digit code out of
   * reach (docs/operations.md "Limits"): at most 50 guesses an hour, 1,200 a day, against 900,000
   * values, so a day of guessing wins with a chance of 1 in 750. better-auth voids a code only
   * after as many wrong tries (OTP_MAX_WRONG_TRIES), so the strangers' wrong codes that this
   * ceiling lets in never void the owner's code.
   */
  codeCheckPerAddress: { points: OTP_MAX_WRONG_TRIES, duration: 60 * MINUTE },
  codeCheckPerIp: { points: 50, duration: 10 * MINUTE },
  passwordResetPerAddress: { points: 5, duration: 30 * MINUTE },
  /**
   * Wrong codes for one e-mail change (person and new address; docs/accounts.md "Changing the
   * e-mail"): the code is void after five, until a new one is asked for. Only its owner, signed
   * in, can try it, so strangers cannot spend these.
   */
  emailChangeWrongCodes: { points: 5, duration: 10 * MINUTE },
  /**
   * An authenticator code an account has used, refused for as long as the auth library would
   * still accept it: its 30 s step and one on each side (modules/auth/totp-once.ts).
   */
  totpCodeUsed: { points: 1, duration: 90 },
  /** Mail a person sends to outside addresses (docs/mail.md "Outbound"). */
  externalMailPerUser: { points: 50, duration: 24 * 60 * MINUTE },
  /** Face verification attempts of one account (docs/profiles-and-media.md "Face verification"). */
  faceVerifyPerUser: { points: 5, duration: 60 * MINUTE },
  /** Link previews one account asks for while writing (docs/feed.md "Link previews"). */
  linkPreviewsPerUser: { points: 30, duration: MINUTE },
  /** Username checkouts one account starts (docs/usernames.md). */
  checkoutPerUser: { points: 10, duration: 60 * MINUTE },
  /**
   * People-search result pages one account reads (docs/search.md "Search budget"). Spent with
   * `consumeWithin` and the ceiling of that account's age (config.searchBudget), so an account
   * turning 30 days old keeps what it has spent; these points only bound the counter.
   */
  searchPagesPerHour: { points: 1_000_000, duration: HOUR },
  searchPagesPerDay: { points: 1_000_000, duration: 24 * HOUR },
  /** A filter set one account searched (account and the set's hash): counted, never refused. */
  searchFilterSetSeen: { points: 1_000_000, duration: 10 * MINUTE },
  /** The distinct filter sets one account searched in those 10 minutes: counted, never refused. */
  searchFilterSets: { points: 1_000_000, duration: 10 * MINUTE },
  /**
   * A new account's writes an hour (docs/safety.md "New accounts"), spent only while the account
   * is new (policy/new-accounts.ts): posts, comments, messages to people who do not follow it,
   * follows.
   */
  newAccountPosts: { points: 10, duration: HOUR },
  newAccountComments: { points: 30, duration: HOUR },
  newAccountMessages: { points: 10, duration: HOUR },
  newAccountFollows: { points: 30, duration: HOUR },
  /** Activities one remote server posts to our inboxes, keyed by the host of the key that signs
   * them (docs/federation.md "Safety"). */
  inboxPerServer: { points: 3_000, duration: MINUTE },
} as const;

export type LimitName = keyof typeof LIMITS;

export interface RateLimits {
  /** Spends one point; throws a 429 AppError with Retry-After when none is left. */
  consume(name: LimitName, key: string): Promise<void>;
  /** Throws the same 429 when the budget is spent, without spending from it. */
  check(name: LimitName, key: string): Promise<void>;
  /**
   * Spends one point; throws the 429 once more than `ceiling` points are spent in the window: a
   * budget whose size depends on who spends it (the search budget, smaller for new accounts).
   */
  consumeWithin(name: LimitName, key: string, ceiling: number): Promise<void>;
  /** Spends one point without ever refusing (a failure to count); answers the points spent. */
  record(name: LimitName, key: string): Promise<number>;
  /** Points spent in the current window. */
  spent(name: LimitName, key: string): Promise<number>;
  /** Clears a key, e.g. the failed logins of an account and IP after a good login. */
  reset(name: LimitName, key: string): Promise<void>;
}

/** "42 minutes", "3 hours": how long a refusal that says so lasts, rounded up. */
function waitText(seconds: number): string {
  const [amount, unit] =
    seconds < 2 * MINUTE
      ? [seconds, "second"]
      : seconds < 2 * HOUR
        ? [Math.ceil(seconds / MINUTE), "minute"]
        : [Math.ceil(seconds / HOUR), "hour"];
  return `${amount} ${unit}${amount === 1 ? "" : "s"}`;
}

/** What a new account's refused write says: how many it may make and when it may again. */
const NEW_ACCOUNT_REFUSALS: Partial<Record<LimitName, (wait: string) => string>> = {
  newAccountPosts: (wait) =>
    `Your account is new, so it can publish ${LIMITS.newAccountPosts.points} posts an hour for now. You can post again in ${wait}.`,
  newAccountComments: (wait) =>
    `Your account is new, so it can write ${LIMITS.newAccountComments.points} comments an hour for now. You can comment again in ${wait}.`,
  newAccountMessages: (wait) =>
    `Your account is new, so it can send ${LIMITS.newAccountMessages.points} messages an hour to people who don't follow you. You can write again in ${wait}.`,
  newAccountFollows: (wait) =>
    `Your account is new, so it can follow ${LIMITS.newAccountFollows.points} people an hour for now. You can follow again in ${wait}.`,
};

function refusal(name: LimitName, msBeforeNext: number) {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const newAccount = NEW_ACCOUNT_REFUSALS[name];
  if (newAccount) {
    return tooManyRequests(retryAfter, ERROR_CODES.rateLimited, newAccount(waitText(retryAfter)));
  }
  if (name === "searchPagesPerHour" || name === "searchPagesPerDay") {
    return tooManyRequests(
      retryAfter,
      ERROR_CODES.rateLimited,
      `You have looked through a lot of search results. You can search again in ${waitText(retryAfter)}.`,
    );
  }
  if (name === "codeResendCooldown") {
    return tooManyRequests(
      retryAfter,
      ERROR_CODES.resendCooldown,
      `Please wait ${retryAfter} seconds before asking for a new code.`,
    );
  }
  return tooManyRequests(retryAfter);
}

export function createRateLimits(redis?: Redis): RateLimits {
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  for (const [name, { points, duration }] of Object.entries(LIMITS) as [
    LimitName,
    (typeof LIMITS)[LimitName],
  ][]) {
    const keyPrefix = `rl:${name}`;
    limiters.set(
      name,
      redis
        ? new RateLimiterRedis({
            storeClient: redis,
            keyPrefix,
            points,
            duration,
            useRedisPackage: false,
            // While Redis is away (docs/operations.md "Redis"), each instance counts the same
            // budget in its own memory; every call asks Redis first, so counting goes back there
            // as soon as it answers. A connection that is not ready is not waited for.
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
          })
        : new RateLimiterMemory({ keyPrefix, points, duration }),
    );
  }
  const get = (name: LimitName) => limiters.get(name) as RateLimiterAbstract;
  return {
    async consume(name, key) {
      try {
        await get(name).consume(key.toLowerCase());
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        throw refusal(name, error.msBeforeNext);
      }
    },
    async check(name, key) {
      const state = await get(name).get(key.toLowerCase());
      if (state && state.consumedPoints >= LIMITS[name].points) {
        throw refusal(name, state.msBeforeNext);
      }
    },
    async consumeWithin(name, key, ceiling) {
      try {
        const spent = await get(name).consume(key.toLowerCase());
        if (spent.consumedPoints > ceiling) throw refusal(name, spent.msBeforeNext);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        throw refusal(name, error.msBeforeNext);
      }
    },
    async record(name, key) {
      return (await get(name).penalty(key.toLowerCase(), 1)).consumedPoints;
    },
    async spent(name, key) {
      return (await get(name).get(key.toLowerCase()))?.consumedPoints ?? 0;
    },
    async reset(name, key) {
      await get(name).delete(key.toLowerCase());
    },
  };
}

/** The same budgets, counting each refusal by limit (docs/operations.md "Metrics"). */
export function countRefusals(limits: RateLimits, refused: (name: LimitName) => void): RateLimits {
  const counted =
    <A extends unknown[]>(spend: (name: LimitName, key: string, ...rest: A) => Promise<void>) =>
    async (name: LimitName, key: string, ...rest: A) => {
      try {
        await spend(name, key, ...rest);
      } catch (error) {
        if (error instanceof AppError && error.status === 429) refused(name);
        throw error;
      }
    };
  return {
    ...limits,
    consume: counted((name, key) => limits.consume(name, key)),
    consumeWithin: counted((name, key, ceiling: number) =>
      limits.consumeWithin(name, key, ceiling),
    ),
    check: counted((name, key) => limits.check(name, key)),
  };
}
