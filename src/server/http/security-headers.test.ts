import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import {
  appSecurityOptions,
  registerSecurityHeaders,
  securityHeaders,
  securityHeadersFor,
} from "./security-headers";

describe("securityHeaders", () => {
  it("are helmet's, with the policy given", () => {
    const headers = securityHeaders({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'"] } },
      crossOriginEmbedderPolicy: false,
    });
    expect(headers["content-security-policy"]).toContain("default-src 'self'");
    expect(headers["content-security-policy"]).toContain("script-src 'self'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
    expect(headers["cross-origin-embedder-policy"]).toBeUndefined();
  });

  it("of the app: its own policy, upgrading insecure requests only behind HTTPS", () => {
    const plain = securityHeaders(appSecurityOptions(false))["content-security-policy"];
    expect(plain).toContain("connect-src 'self' ws: wss:");
    expect(plain).toContain("img-src 'self' data: blob:");
    expect(plain).not.toContain("upgrade-insecure-requests");
    const secure = securityHeaders(appSecurityOptions(true))["content-security-policy"];
    expect(secure).toContain("upgrade-insecure-requests");
  });

  it("refuses a directive that would need the request", () => {
    expect(() =>
      securityHeaders({
        contentSecurityPolicy: {
          directives: { scriptSrc: ["'self'", (_req, res) => `'nonce-${String(res)}'`] },
        },
      }),
    ).toThrow(/depends on the request/);
  });

  it("are helmet's on an HTML document, a resource's few on anything else, and a route's own header wins", async () => {
    const app = Fastify();
    registerSecurityHeaders(app, securityHeadersFor({}));
    app.get("/page", async (_request, reply) =>
      reply.type("text/html; charset=utf-8").send("<p>hi"),
    );
    app.get("/json", async () => ({ ok: true }));
    app.get("/own", async (_request, reply) => {
      reply.header("content-security-policy", "sandbox");
      return { ok: true };
    });
    const page = await app.inject({ url: "/page" });
    expect(page.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");

    const json = await app.inject({ url: "/json" });
    expect(json.headers["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(json.headers["x-content-type-options"]).toBe("nosniff");
    expect(json.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(json.headers["referrer-policy"]).toBe("no-referrer");
    expect(json.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
    expect(json.headers["x-frame-options"]).toBeUndefined();

    const own = await app.inject({ url: "/own" });
    expect(own.headers["content-security-policy"]).toBe("sandbox");
    expect(own.headers["x-content-type-options"]).toBe("nosniff");
    const missing = await app.inject({ url: "/nowhere" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["x-content-type-options"]).toBe("nosniff");
    expect(missing.headers["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});
