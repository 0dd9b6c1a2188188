import { getLogger, reset } from "@logtape/logtape";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { joinLibraryLog } from "./library-log";

afterAll(() => reset());

describe("joinLibraryLog", () => {
  it("writes the library's warnings and errors to the app's log, and nothing quieter", async () => {
    const lines: [string, Record<string, unknown>, string][] = [];
    const log = {
      warn: (fields: Record<string, unknown>, message: string) =>
        lines.push(["warn", fields, message]),
      error: (fields: Record<string, unknown>, message: string) =>
        lines.push(["error", fields, message]),
    } as unknown as FastifyBaseLogger;
    await joinLibraryLog(log);
    const library = getLogger(["fedify", "federation", "outbox"]);
    library.debug("not this");
    library.info("nor this");
    library.warning("Slow inbox {inbox}.", { inbox: "https://c.example/inbox" });
    const failure = new Error("refused");
    library.error("Failed to send activity {activityId}.", { activityId: "x", error: failure });
    expect(lines).toEqual([
      [
        "warn",
        { library: "fedify.federation.outbox", inbox: "https://c.example/inbox" },
        "Slow inbox https://c.example/inbox.",
      ],
      [
        "error",
        { library: "fedify.federation.outbox", activityId: "x", err: failure },
        "Failed to send activity x.",
      ],
    ]);
  });
});
