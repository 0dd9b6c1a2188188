// Rate limits shared by every app instance through Redis (REDIS_URL), as behind a load balancer.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { createRateLimits } from "./rate-limit";
import { connectRedis } from "./redis";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redisA = await connectRedis(redisUrl).catch(() => undefined);

describe.skipIf(!redisA)("rate limits in Redis", () => {
  let redisB: Awaited<ReturnType<typeof connectRedis>>;
  beforeAll(async () => {
    redisB = await connectRedis(redisUrl);
  });
  afterAll(async () => {
    await redisA?.quit();
    await redisB?.quit();
  });

  it("counts one budget across two instances", async () => {
    const instanceA = createRateLimits(redisA);
    const instanceB = createRateLimits(redisB);
    const key = `${randomUUID()}@example.com`;
    await instanceA.consume("codeResendCooldown", key);
    const refused = await instanceB
      .consume("codeResendCooldown", key)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, code: "resend_cooldown" });
    expect((refused as AppError).extra.retryAfter).toBeGreaterThan(50);
  });

  it("lets each instance spend from the same 5-per-30-minutes budget", async () => {
    const instances = [createRateLimits(redisA), createRateLimits(redisB)];
    const key = `${randomUUID()}@example.com`;
    for (let i = 0; i < 5; i++) await instances[i % 2]?.consume("passwordResetPerAddress", key);
    await expect(instances[1]?.consume("passwordResetPerAddress", key)).rejects.toMatchObject({
      status: 429,
    });
    await instances[0]?.reset("passwordResetPerAddress", key);
    await expect(instances[1]?.consume("passwordResetPerAddress", key)).resolves.toBeUndefined();
  });
});
