// The API's outside contract: error shape, statuses, limits, docs, health.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const email = (label: string) => `${label}.${Math.random().toString(36).slice(2, 10)}@example.com`;

describe("errors and bad input", () => {
  it("answers an unknown /api path with a 404 in the error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: {
        code: "not_found",
        message: "No route for GET /api/nope",
        requestId: res.headers["x-request-id"],
      },
    });
  });

  it.each([
    ["missing fields", {}, "email"],
    [
      "bad e-mail",
      { email: "not-an-email", fullName: "A", password: "long enough pass", agreeToPolicies: true },
      "email",
    ],
    [
      "name too long",
      {
        email: "x@example.com",
        fullName: "A".repeat(21),
        password: "long enough pass",
        agreeToPolicies: true,
      },
      "fullName",
    ],
    [
      "short password",
      { email: "x@example.com", fullName: "A", password: "short", agreeToPolicies: true },
      "password",
    ],
    [
      "policies not agreed",
      {
        email: "x@example.com",
        fullName: "A",
        password: "long enough pass",
        agreeToPolicies: false,
      },
      "agreeToPolicies",
    ],
  ])("refuses register with %s: 400 with field details", async (_label, payload, field) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload,
      remoteAddress: "10.9.0.1",
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe("validation_error");
    expect(Object.keys(body.error.fields)).toContain(field);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it("maps the agree-to-policies refusal to the spec's message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        email: "x@example.com",
        fullName: "A",
        password: "long enough pass",
        agreeToPolicies: false,
      },
    });
    expect(res.json().error.fields.agreeToPolicies).toEqual(["Please agree to policies"]);
  });

  it("answers malformed JSON with a 400 in the error shape", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("validation_error");
  });

  it("answers an oversized body with 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "a@example.com", password: "x".repeat(100_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("payload_too_large");
  });

  it.each([
    [
      "mailinator.com",
      "This email provider is not supported. Please use a standard provider like Gmail, Outlook, or iCloud.",
    ],
    [
      "chtcht.local",
      "Addresses on chtcht.local are mailboxes of this product; use an e-mail address elsewhere.",
    ],
  ])("refuses registration with an address at %s and creates nothing", async (domain, message) => {
    const address = `someone${Math.random().toString(36).slice(2, 8)}@${domain}`;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        email: address,
        fullName: "A",
        password: "long enough pass",
        agreeToPolicies: true,
      },
      remoteAddress: "10.9.0.2",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "email_refused", message });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: address, password: "long enough pass" },
    });
    expect(login.statusCode).toBe(401);
  });

  it("refuses a very common password", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        email: email("common"),
        fullName: "A",
        password: "password123",
        agreeToPolicies: true,
      },
      remoteAddress: "10.9.0.3",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("common_password");
  });

  it("refuses a cross-origin state change", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("forbidden");
  });

  it("requires a session for the unread count", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/activity/unread-count" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("unauthorized");
  });

  it.each([
    ["a 10,000-character path parameter", `/api/profiles/${"a".repeat(10_000)}`],
    ["a bad percent-encoding", "/api/%c0"],
  ])("answers %s with a 4xx in the error shape", async (_label, url) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      error: {
        code: expect.any(String),
        message: expect.any(String),
        requestId: res.headers["x-request-id"],
      },
    });
  });
});

describe("validate-email", () => {
  it.each([
    ["person@example.com", { ok: true }],
    ["  Person@Example.COM ", { ok: true }],
    ["nope", { ok: false, reason: "invalid-email" }],
    ["a@mailinator.com", { ok: false, reason: "blocked-domain" }],
    ["a@sub.mailinator.com", { ok: false, reason: "blocked-domain" }],
    ["a@chtcht.local", { ok: false, reason: "own-domain" }],
    ["a@mail.chtcht.local", { ok: false, reason: "own-domain" }],
  ])("%s → %o", async (address, expected) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/validate-email",
      payload: { email: address },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expected);
  });
});

describe("rate limits", () => {
  it("limits sign-up to 5 per 30 minutes per IP, with Retry-After", async () => {
    const ip = "10.7.7.7";
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: {
          email: email(`rl${i}`),
          fullName: "Rate",
          password: "long enough pass",
          agreeToPolicies: true,
        },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(201);
    }
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        email: email("rl6"),
        fullName: "Rate",
        password: "long enough pass",
        agreeToPolicies: true,
      },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe("rate_limited");
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(1700);
  });

  it("limits code checks to 10 per hour per address from one IP", async () => {
    const address = email("codes");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/verify-code",
        payload: { email: address, code: "123456" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("limits password reset mails to 5 per 30 minutes per address", async () => {
    const address = email("resets");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/forgot-password",
        payload: { email: address },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("service endpoints", () => {
  it("answers /healthz with 200", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("serves the OpenAPI document with the auth routes", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/auth/register", "/api/auth/login", "/api/auth/verify-code"]),
    );
  });
});
