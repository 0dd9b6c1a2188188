import { describe, expect, it } from "vitest";
import { maxAttempts, retryDelayMs } from "./outbox";

describe("retryDelayMs", () => {
  it("doubles from 5 s and stops at an hour", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(10)).toBe(2_560_000);
    expect(retryDelayMs(11)).toBe(3_600_000);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });
});

describe("maxAttempts", () => {
  const triedFor = (attempts: number) =>
    Array.from({ length: attempts - 1 }, (_, i) => retryDelayMs(i + 1)).reduce((a, b) => a + b, 0);

  it("tries a mail for about 43 minutes and a provider's event for about three days", () => {
    expect(maxAttempts("mail")).toBe(10);
    expect(triedFor(maxAttempts("mail")) / 60_000).toBeCloseTo(42.6, 1);
    const days = triedFor(maxAttempts("payments.event")) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThan(3.1);
  });
});
