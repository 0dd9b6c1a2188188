import { describe, expect, it, vi } from "vitest";
import { entryBytes } from "../../infra/keyed-cache";
import { SessionCache } from "./session-cache";

const HOUR = 60 * 60 * 1000;

function setup(options: { ttlMs?: number; maxBytes?: number; bypassMs?: number } = {}) {
  let now = 1_000_000;
  const cache = new SessionCache({ ...options, now: () => now });
  const resolve = vi.fn(async () => ({ userId: "u1", expiresAt: new Date(now + HOUR) }));
  return { cache, resolve, advance: (ms: number) => (now += ms), now: () => now };
}

describe("SessionCache", () => {
  it("asks the auth library once, then answers from memory within the time to live", async () => {
    const { cache, resolve, advance } = setup({ ttlMs: 60_000 });
    expect(await cache.userId("cookie-a", resolve)).toBe("u1");
    advance(47_000); // entries live 80–100% of the time to live
    expect(await cache.userId("cookie-a", resolve)).toBe("u1");
    expect(resolve).toHaveBeenCalledTimes(1);
    advance(14_000);
    expect(await cache.userId("cookie-a", resolve)).toBe("u1");
    expect(resolve).toHaveBeenCalledTimes(2);
  });

  it("never answers past the session's own expiry", async () => {
    const { cache, advance, now } = setup({ ttlMs: 60_000 });
    const expiring = vi.fn(async () => ({ userId: "u1", expiresAt: new Date(now() + 5_000) }));
    await cache.userId("cookie-a", expiring);
    advance(6_000);
    const gone = vi.fn(async () => null);
    expect(await cache.userId("cookie-a", gone)).toBeNull();
    expect(gone).toHaveBeenCalledTimes(1);
  });

  it("keeps nothing for a cookie the library refuses", async () => {
    const { cache } = setup();
    const refuse = vi.fn(async () => null);
    expect(await cache.userId("forged", refuse)).toBeNull();
    expect(await cache.userId("forged", refuse)).toBeNull();
    expect(refuse).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it("forgets a revoked user's sessions and asks the library for a while after", async () => {
    const { cache, resolve, advance } = setup({ bypassMs: 10_000 });
    await cache.userId("cookie-a", resolve);
    await cache.userId("cookie-b", resolve);
    const other = vi.fn(async () => ({ userId: "u2", expiresAt: new Date(Date.now() + HOUR) }));
    await cache.userId("cookie-c", other);
    cache.revoke("u1");
    expect(cache.size).toBe(1);

    // A lookup that raced the revocation's commit still sees the session: it is not kept.
    expect(await cache.userId("cookie-a", resolve)).toBe("u1");
    expect(await cache.userId("cookie-a", resolve)).toBe("u1");
    expect(resolve).toHaveBeenCalledTimes(4);
    await cache.userId("cookie-c", other);
    expect(other).toHaveBeenCalledTimes(1);

    advance(10_001);
    await cache.userId("cookie-a", resolve);
    await cache.userId("cookie-a", resolve);
    expect(resolve).toHaveBeenCalledTimes(5);
  });

  it("drops the oldest entry beyond its memory bound", async () => {
    const { cache, resolve } = setup({ maxBytes: 2 * entryBytes("cookie-a", "u1") + 1 });
    await cache.userId("cookie-a", resolve);
    await cache.userId("cookie-b", resolve);
    await cache.userId("cookie-c", resolve);
    expect(cache.size).toBe(2);
    await cache.userId("cookie-b", resolve);
    expect(resolve).toHaveBeenCalledTimes(3);
    await cache.userId("cookie-a", resolve);
    expect(resolve).toHaveBeenCalledTimes(4);
  });
});
