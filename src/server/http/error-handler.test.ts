// A database data error (SQLSTATE class 22) that slips past validation is a 400, and its SQL
// parameters never reach the log; other database errors stay 500 without their parameters. A
// command to a Redis that is away, or a query to a database that is away, is a 503 with
// Retry-After (docs/operations.md "Redis" and "Database").
import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import Fastify, { type FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import pg from "pg";
import pino from "pino";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { redisOptions } from "../infra/redis";
import { registerErrorHandling, UNAVAILABLE_RETRY_AFTER_SECONDS } from "./error-handler";
import { registerRequestIdHeader, requestIdOf } from "./request-id";

function appThrowing(cause: Error & { code: string }) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, next) {
      lines.push(String(chunk));
      next();
    },
  });
  const logger: FastifyBaseLogger = pino({ level: "info" }, sink);
  const app = Fastify({ loggerInstance: logger, genReqId: requestIdOf });
  registerErrorHandling(app);
  registerRequestIdHeader(app);
  app.get("/boom", async () => {
    throw new DrizzleQueryError("select $1", ["secret-param-value"], cause);
  });
  return { app, lines };
}

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("database errors", () => {
  it.each([
    ["22P05", "unsupported Unicode escape sequence"],
    ["22021", 'invalid byte sequence for encoding "UTF8": 0x00'],
    ["22008", "date/time field value out of range"],
  ])("answers SQLSTATE %s with 400 and logs no parameters", async (code, message) => {
    const { app, lines } = appThrowing(pgError(code, message));
    const res = await app.inject({ method: "GET", url: "/boom" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: "validation_error",
        message: "This request holds a value that cannot be stored.",
        requestId: res.headers["x-request-id"],
      },
    });
    expect(lines.join("")).toContain(code);
    expect(lines.join("")).not.toContain("secret-param-value");
  });

  it("answers any other database error with 500 and logs no parameters", async () => {
    const { app, lines } = appThrowing(pgError("53300", "too many connections"));
    const res = await app.inject({ method: "GET", url: "/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe("internal_error");
    expect(lines.join("")).toContain("too many connections");
    expect(lines.join("")).not.toContain("secret-param-value");
  });

  it("logs the failure with the request's id, the one in the answer", async () => {
    const { app, lines } = appThrowing(pgError("53300", "too many connections"));
    const res = await app.inject({
      method: "GET",
      url: "/boom",
      headers: { "x-request-id": "trace-53300" },
    });
    expect(res.headers["x-request-id"]).toBe("trace-53300");
    expect(res.json().error.requestId).toBe("trace-53300");
    const logged = lines
      .flatMap((chunk) => chunk.split("\n").filter(Boolean))
      .map((line) => JSON.parse(line));
    const failure = logged.find((line) => line.msg === "unhandled error");
    expect(failure?.reqId).toBe("trace-53300");
    expect(logged.every((line) => line.reqId === "trace-53300")).toBe(true);
  });
});

describe("Redis away", () => {
  /** What a real client answers for a command while its Redis is away. */
  async function redisFailure(kind: "offline" | "closed"): Promise<Error> {
    // Port 1: nothing listens there.
    const url = "redis://127.0.0.1:1";
    const client = new Redis(url, redisOptions(url));
    client.on("error", () => {});
    if (kind === "closed") client.disconnect();
    try {
      await client.get("anything");
      throw new Error("the command should have failed");
    } catch (error) {
      return error as Error;
    } finally {
      client.disconnect();
    }
  }

  it.each(["offline", "closed"] as const)(
    "answers a failed Redis command (%s) with 503 and Retry-After, not 500",
    async (kind) => {
      const failure = await redisFailure(kind);
      const app = Fastify();
      registerErrorHandling(app);
      app.get("/needs-redis", async () => {
        throw failure;
      });
      const res = await app.inject({ method: "GET", url: "/needs-redis" });
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      expect(res.json().error).toMatchObject({
        code: "unavailable",
        retryAfter: UNAVAILABLE_RETRY_AFTER_SECONDS,
      });
    },
  );

  it("keeps 500 for an error that is not Redis being away", async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get("/boom", async () => {
      throw new Error("Connection refused by the payment provider");
    });
    expect((await app.inject({ method: "GET", url: "/boom" })).statusCode).toBe(500);
  });
});

describe("the database away", () => {
  // Port 1: nothing listens there. What each driver throws for a query it cannot send.
  const url = "postgres://postgres@127.0.0.1:1/none";
  const failure = async (query: () => Promise<unknown>): Promise<Error> => {
    try {
      await query();
    } catch (error) {
      return error as Error;
    }
    throw new Error("the query should have failed");
  };

  it.each([
    [
      "node-postgres, refused",
      () => {
        const pool = new pg.Pool({ connectionString: url });
        return failure(() => pool.query("select 1")).finally(() => pool.end());
      },
    ],
    [
      "postgres.js, refused",
      () => {
        const client = postgres(url, { max: 1, connect_timeout: 2 });
        return failure(() => client`select 1`).finally(() => client.end());
      },
    ],
    ["the server shutting down (57P01)", async () => pgError("57P01", "terminating connection")],
    ["the server starting up (57P03)", async () => pgError("57P03", "the database is starting")],
  ])("answers a query that failed on %s with 503 and Retry-After, not 500", async (_, cause) => {
    const { app, lines } = appThrowing((await cause()) as Error & { code: string });
    const res = await app.inject({ method: "GET", url: "/boom" });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    expect(res.json().error).toMatchObject({
      code: "unavailable",
      retryAfter: UNAVAILABLE_RETRY_AFTER_SECONDS,
    });
    expect(lines.join("")).toContain("the database is away");
    expect(lines.join("")).not.toContain("secret-param-value");
  });
});
