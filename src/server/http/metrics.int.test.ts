// GET /metrics (docs/operations.md "Metrics"): a 404 unless METRICS_TOKEN is set and the request
// carries it; with it, Prometheus text with the process metrics, the HTTP histogram by route
// pattern, and the product's counters and gauges moving with what the app did.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../test-support/accounts";
import { follow } from "../test-support/social";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { connectRealtime } from "../test-support/ws-client";

const TOKEN = "metrics-token-for-the-test";

describe("without METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 404, with or without a token", async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ method: "GET", url: "/metrics", headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("process_cpu");
    }
  });
});

describe("with METRICS_TOKEN", () => {
  let t: TestApp;
  let ann: TestAccount;
  let bo: TestAccount;
  const scrape = async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  /** The value of the sample whose line starts with `series` (name and labels). */
  const sample = (text: string, series: string) => {
    const line = text.split("\n").find((l) => l.startsWith(series));
    return line === undefined ? undefined : Number(line.slice(series.length).trim());
  };

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    [ann, bo] = await Promise.all([createAccount(t), createAccount(t)]);
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 404 without the token or with another one", async () => {
    for (const authorization of [undefined, "Bearer nope", TOKEN, `Basic ${TOKEN}`]) {
      const res = await t.app.inject({
        method: "GET",
        url: "/metrics",
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(404);
    }
  });

  it("reports the process, requests by route pattern, and the product's own figures", async () => {
    const port = (t.app.server.address() as AddressInfo).port;
    const socket = await connectRealtime(`http://127.0.0.1:${port}`, bo.cookie);
    await t.app.inject({ method: "GET", url: `/api/profiles/${ann.handle}` });
    await follow(t, ann, bo);
    await socket.waitFor((m) => m.type === "follow.changed");
    for (let i = 0; i < 6; i++) {
      await t.app.inject({
        method: "POST",
        url: "/api/auth/forgot-password",
        remoteAddress: `10.77.0.${i + 1}`,
        payload: { email: ann.email },
      });
    }
    await t.app.outbox.drain();
    // A search catches the index up with the two sign-ups.
    await t.app.inject({
      method: "GET",
      url: "/api/search/profiles?gender=Female",
      headers: { cookie: ann.cookie },
    });

    const text = await scrape();
    expect(text).toContain("# TYPE process_cpu_user_seconds_total counter");
    expect(text).toContain("nodejs_heap_size_used_bytes");
    expect(
      sample(
        text,
        'chtcht_http_request_duration_seconds_count{method="GET",route="/api/profiles/:handle",status="2xx"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, "chtcht_websocket_connections")).toBe(1);
    expect(
      sample(text, 'chtcht_realtime_events_published_total{type="follow.changed"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'chtcht_realtime_messages_delivered_total{type="follow.changed"}'),
    ).toBeGreaterThanOrEqual(1);
    // Sign-up codes and the reset links went out through the outbox.
    expect(
      sample(text, 'chtcht_smtp_messages_total{direction="out",outcome="sent"}'),
    ).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'chtcht_rate_limit_refusals_total{limit="passwordResetPerAddress"}')).toBe(
      1,
    );
    expect(sample(text, 'chtcht_outbox_messages{state="pending"}')).toBe(0);
    expect(sample(text, "chtcht_search_index_profiles")).toBe(2);
    expect(sample(text, "chtcht_search_index_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(text).toContain("chtcht_feed_cache_hit_ratio");
    // The signed-in requests above left their session in memory, counted by its size.
    expect(sample(text, 'chtcht_cache_bytes{cache="sessions"}')).toBeGreaterThan(100);
    expect(sample(text, 'chtcht_cache_bytes{cache="posts"}')).toBeGreaterThanOrEqual(0);
    if (t.database.kind === "postgres") expect(text).toContain("chtcht_db_pool_connections");
    socket.close();
  });
});
