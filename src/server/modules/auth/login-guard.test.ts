import { describe, expect, it } from "vitest";
import { loginDelayMs } from "./login-guard";

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
