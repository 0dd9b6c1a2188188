// Named rate limits for sensitive actions (docs/architecture.md "Rate limits"), keyed per IP or per e-mail address.
// In memory by default; in Redis when REDIS_URL is set so every app instance shares the counters.
import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { ERROR_CODES } from "../../domain/contracts/errors";
import { OTP_RESEND_COOLDOWN_SECONDS } from "../../domain/otp";
import { tooManyRequests } from "../errors";

const MINUTE = 60;

/** points per duration (seconds); the table in docs/architecture.md "Rate limits". */
export const LIMITS = {
  loginPerIp: { points: 25, duration: 5 * MINUTE },
  loginPerAccount: { points: 25, duration: 60 * MINUTE },
  signupPerIp: { points: 5, duration: 30 * MINUTE },
  codeSendPerAddress: { points: 5, duration: 30 * MINUTE },
  codeResendCooldown: { points: 1, duration: OTP_RESEND_COOLDOWN_SECONDS },
  codeCheckPerAddress: { points: 10, duration: 5 * MINUTE },
  passwordResetPerAddress: { points: 5, duration: 30 * MINUTE },
} as const;

export type LimitName = keyof typeof LIMITS;

export interface RateLimits {
  /** Spends one point; throws a 429 AppError with Retry-After when none is left. */
  consume(name: LimitName, key: string): Promise<void>;
  /** Clears a key, e.g. the per-account login counter after a successful login. */
  reset(name: LimitName, key: string): Promise<void>;
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
        const retryAfter = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        if (name === "codeResendCooldown") {
          throw tooManyRequests(
            retryAfter,
            ERROR_CODES.resendCooldown,
            `Please wait ${retryAfter} seconds before asking for a new code.`,
          );
        }
        throw tooManyRequests(retryAfter);
      }
    },
    async reset(name, key) {
      await get(name).delete(key.toLowerCase());
    },
  };
}
