import { describe, expect, it } from "vitest";
import { isTransientFailure } from "./transient-failure";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });
/** Drizzle wraps the driver's error in its own, with the original as `cause`. */
const drizzle = (cause: unknown) =>
  Object.assign(new Error("Failed query: insert …\nparams: …"), { cause });

describe("transient failures to store inbound mail", () => {
  it.each([
    ["database refused the connection", withCode("ECONNREFUSED"), true],
    ["connection reset", drizzle(withCode("ECONNRESET")), true],
    ["broken pipe", withCode("EPIPE"), true],
    ["several addresses refused", new AggregateError([withCode("ECONNREFUSED")], "x"), true],
    ["too many connections (53300)", drizzle(withCode("53300")), true],
    ["connection failure (08006)", withCode("08006"), true],
    ["admin shutdown (57P01)", drizzle(withCode("57P01")), true],
    ["starting up (57P03)", withCode("57P03"), true],
    ["deadlock (40P01)", drizzle(withCode("40P01")), true],
    ["serialization (40001)", withCode("40001"), true],
    ["statement timeout (57014)", withCode("57014"), true],
    ["read-only during failover (25006)", withCode("25006"), true],
    ["I/O error (58030)", withCode("58030"), true],
    ["pg lost its connection", drizzle(new Error("Connection terminated unexpectedly")), true],
    ["pool timed out", new Error("timeout exceeded when trying to connect"), true],
    ["pool closed", drizzle(new Error("Cannot use a pool after calling end on the pool")), true],
    ["PGlite closed", drizzle(new Error("PGlite is closed")), true],
    ["NUL in text (22021)", drizzle(withCode("22021")), false],
    ["untranslatable (22P05)", withCode("22P05"), false],
    ["check violation (23514)", drizzle(withCode("23514")), false],
    ["unique violation (23505)", withCode("23505"), false],
    ["index row too big (54000)", withCode("54000"), false],
    ["undefined column (42703)", withCode("42703"), false],
    ["a bug", new TypeError("Cannot read properties of undefined"), false],
    ["a message that only mentions a connection", new Error("bad Connection terminated"), false],
    ["not an error", "ECONNREFUSED", false],
    ["nothing", null, false],
  ])("%s: %s", (_name, error, expected) => {
    expect(isTransientFailure(error)).toBe(expected);
  });
});
