import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./outbox";

describe("retryDelayMs", () => {
  it("doubles from 5 s and stops at an hour", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(10)).toBe(2_560_000);
    expect(retryDelayMs(11)).toBe(3_600_000);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });
});
