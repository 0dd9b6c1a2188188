// Request ids (docs/operations.md "Logs"): every answer has an X-Request-Id header, every error
// answer carries the same id as `error.requestId`, and every log line of the request has it as
// `reqId`. A safe incoming X-Request-Id is kept; an unsafe one is replaced.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capturedLog } from "../test-support/captured-log";
import { createTestApp, type TestApp } from "../test-support/test-app";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const { logger, lines: logLines } = capturedLog();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logger });
});
afterAll(async () => {
  await t.close();
});

describe("request ids", () => {
  it("puts the id of a 404 on an unknown /api path in the body and the header", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    const id = res.headers["x-request-id"];
    expect(id).toMatch(UUID);
    expect(res.json().error).toEqual({
      code: "not_found",
      message: "No route for GET /api/nope",
      requestId: id,
    });
  });

  it("puts the id of a validation error in the body and the header", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/validate-email",
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error).toMatchObject({ code: "validation_error", fields: expect.any(Object) });
    expect(error.requestId).toMatch(UUID);
    expect(error.requestId).toBe(res.headers["x-request-id"]);
  });

  it("sends the header on a successful answer too, and a new id per request", async () => {
    const first = await t.app.inject({ method: "GET", url: "/healthz" });
    const second = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(first.headers["x-request-id"]).toMatch(UUID);
    expect(second.headers["x-request-id"]).toMatch(UUID);
    expect(first.headers["x-request-id"]).not.toBe(second.headers["x-request-id"]);
  });

  it("keeps a safe incoming X-Request-Id, in the header, the error and every log line", async () => {
    const given = "edge-7f3a.b_91";
    const res = await t.app.inject({
      method: "GET",
      url: "/api/nope-either",
      headers: { "x-request-id": given },
    });
    expect(res.headers["x-request-id"]).toBe(given);
    expect(res.json().error.requestId).toBe(given);
    const lines = logLines.filter((line) => line.reqId === given);
    // Its "request completed" line with what was asked and answered, and nothing of this request
    // without the id.
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: "request completed",
        method: "GET",
        url: "/api/nope-either",
        statusCode: 404,
      }),
    );
    const about = logLines.filter((line) => JSON.stringify(line).includes("/api/nope-either"));
    expect(about.every((line) => line.reqId === given)).toBe(true);
  });

  it.each([
    ["too long", "a".repeat(65)],
    ["with spaces", "my request id"],
    ["with a slash", "a/b"],
    ["with markup", "<script>"],
  ])("replaces an incoming X-Request-Id %s", async (_label, given) => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/nope",
      headers: { "x-request-id": given },
    });
    const id = res.headers["x-request-id"];
    expect(id).toMatch(UUID);
    expect(res.json().error.requestId).toBe(id);
  });

  it("keeps an id of exactly 64 safe characters", async () => {
    const given = `${"A1._-".repeat(12)}abcd`;
    expect(given).toHaveLength(64);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/nope",
      headers: { "x-request-id": given },
    });
    expect(res.headers["x-request-id"]).toBe(given);
  });
});
