import { describe, expect, it } from "vitest";
import "./zod-config";
import { z } from "zod";

describe("zod in the browser", () => {
  it("is configured without eval before any schema is built (the page's CSP refuses eval)", () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: "x", b: 1 })).toEqual({ a: "x" });
  });
});
