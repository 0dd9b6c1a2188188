// The search budget's rules (docs/search.md "Search budget"): which ceilings an account has by
// its age, the hour's and the day's windows as the rate limits count them, one name per filter
// set, and the sealed cursor that stops a search at page 20.
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "../../errors";
import { createRateLimits } from "../../infra/rate-limit";
import { isNewAccount } from "../../policy/new-accounts";
import { filterSetKey, NEW_ACCOUNT_DAYS, pageCeilings } from "./search-budget";
import { MAX_PAGES_PER_SEARCH, openCursor, sealCursor } from "./search-cursor";

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const NOW = new Date("2026-11-29T12:00:00Z");
const BUDGET = { hour: { newAccount: 100, others: 500 }, day: { newAccount: 300, others: 1000 } };
const ago = (ms: number) => new Date(NOW.getTime() - ms);

afterEach(() => {
  vi.useRealTimers();
});

describe("an account's ceilings", () => {
  it.each([
    ["made a minute ago", ago(60_000), true],
    ["one millisecond short of 30 days", ago(30 * DAY - 1), true],
    ["exactly 30 days old", ago(30 * DAY), false],
    ["a year old", ago(365 * DAY), false],
    ["gone", null, true],
  ])("%s: new is %s", (_, createdAt, young) => {
    expect(isNewAccount(createdAt, NOW, NEW_ACCOUNT_DAYS)).toBe(young);
    expect(pageCeilings(BUDGET, createdAt, NOW)).toEqual(
      young ? { hour: 100, day: 300 } : { hour: 500, day: 1000 },
    );
  });
});

/** Spends `n` pages of `limit` under `ceiling`, then answers the refusal of one more. */
async function spendThenRefusal(
  limits: ReturnType<typeof createRateLimits>,
  limit: "searchPagesPerHour" | "searchPagesPerDay",
  ceiling: number,
  n: number,
) {
  for (let i = 0; i < n; i++) await limits.consumeWithin(limit, "viewer", ceiling);
  return limits.consumeWithin(limit, "viewer", ceiling).catch((error: unknown) => error);
}

describe("the hour's and the day's windows", () => {
  it("refuses the page after the hour's ceiling with 429 and a wait, and opens again an hour later", async () => {
    vi.useFakeTimers({ now: NOW });
    const limits = createRateLimits();
    const refused = await spendThenRefusal(limits, "searchPagesPerHour", 100, 100);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, code: "rate_limited" });
    expect((refused as AppError).message).toBe(
      "You have looked through a lot of search results. You can search again in 60 minutes.",
    );
    expect((refused as AppError).extra.retryAfter).toBe(3600);
    vi.advanceTimersByTime(HOUR - 1000);
    await expect(limits.consumeWithin("searchPagesPerHour", "viewer", 100)).rejects.toMatchObject({
      extra: { retryAfter: 1 },
    });
    vi.advanceTimersByTime(1000);
    await expect(
      limits.consumeWithin("searchPagesPerHour", "viewer", 100),
    ).resolves.toBeUndefined();
  });

  it("keeps what a young account spent when it turns 30 days old: the larger ceiling counts on", async () => {
    vi.useFakeTimers({ now: NOW });
    const limits = createRateLimits();
    expect(await spendThenRefusal(limits, "searchPagesPerHour", 100, 100)).toBeInstanceOf(AppError);
    // The 101st was refused and still counted: 101 spent, 399 left under 500.
    for (let i = 0; i < 399; i++) await limits.consumeWithin("searchPagesPerHour", "viewer", 500);
    await expect(limits.consumeWithin("searchPagesPerHour", "viewer", 500)).rejects.toMatchObject({
      status: 429,
    });
  });

  it("refuses past the day's ceiling though each hour is under its own, until the day is over", async () => {
    vi.useFakeTimers({ now: NOW });
    const limits = createRateLimits();
    const page = async () => {
      await limits.consumeWithin("searchPagesPerHour", "viewer", 100);
      await limits.consumeWithin("searchPagesPerDay", "viewer", 300);
    };
    for (let hour = 0; hour < 3; hour++) {
      for (let i = 0; i < 100; i++) await page();
      vi.advanceTimersByTime(HOUR);
    }
    const refused = await page().catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 429 });
    expect((refused as AppError).message).toMatch(/search again in 21 hours\.$/);
    vi.advanceTimersByTime(21 * HOUR);
    await expect(page()).resolves.toBeUndefined();
  });
});

describe("a filter set's name", () => {
  it("is the same whatever the order of keys and list values, and differs with any value", () => {
    const a = filterSetKey({ gender: "Female", zodiac: ["Leo", "Aries"], ageMin: 30 });
    expect(filterSetKey({ ageMin: 30, zodiac: ["Aries", "Leo"], gender: "Female" })).toBe(a);
    expect(filterSetKey({ gender: "Female", zodiac: ["Leo", "Aries"], ageMin: 31 })).not.toBe(a);
    expect(filterSetKey({ gender: "Female", zodiac: ["Leo", "Aries"], ageMin: 30 })).not.toContain(
      "Female",
    );
  });
});

describe("the sealed cursor", () => {
  const seal = { secret: "s".repeat(48), viewerId: "viewer-1", filterSet: "set-a" };
  const position = Buffer.from('{"sort":"name","key":"ann","id":"u1"}').toString("base64url");
  const refusal = (raw: string, with_ = seal) => {
    try {
      openCursor(raw, with_);
    } catch (error) {
      return error as AppError;
    }
    throw new Error("the cursor was accepted");
  };

  it("gives back its position and the pages read before it", () => {
    expect(openCursor(undefined, seal)).toEqual({ position: undefined, pagesRead: 0 });
    expect(openCursor(sealCursor(position, 3, seal), seal)).toEqual({ position, pagesRead: 3 });
  });

  it(`lets page ${MAX_PAGES_PER_SEARCH} be read and refuses the next with a message that says why`, () => {
    expect(openCursor(sealCursor(position, 19, seal), seal).pagesRead).toBe(19);
    const deep = refusal(sealCursor(position, 20, seal));
    expect(deep.status).toBe(400);
    expect(deep.message).toBe(
      "Search shows the first 20 pages of results. Add a filter or change the text to see other people.",
    );
    expect(deep.extra.fields).toEqual({ cursor: [deep.message] });
  });

  it.each([
    ["a lowered page count", () => sealCursor(position, 20, seal).replace(".20.", ".2."), seal],
    [
      "a moved position",
      () => `${position}x${sealCursor(position, 2, seal).slice(position.length)}`,
      seal,
    ],
    ["another viewer", () => sealCursor(position, 2, seal), { ...seal, viewerId: "viewer-2" }],
    ["another filter set", () => sealCursor(position, 2, seal), { ...seal, filterSet: "set-b" }],
    ["another secret", () => sealCursor(position, 2, { ...seal, secret: "t".repeat(48) }), seal],
    ["no seal at all", () => position, seal],
    ["a seal twice", () => `${sealCursor(position, 2, seal)}.x`, seal],
  ])("is 'Invalid cursor' with %s", (_, make, opener) => {
    const refused = refusal(make(), opener);
    expect(refused).toMatchObject({ status: 400, message: "Invalid cursor" });
  });
});
