import { describe, expect, it } from "vitest";
import { DependencyUnavailable, waitForDependency } from "./start-wait";

const quiet = () => {
  const lines: object[] = [];
  return { lines, log: { warn: (fields: object) => lines.push(fields) } };
};

describe("waitForDependency", () => {
  it("asks again, each failure logged with its pause (0.5 s doubling to 5 s), until it answers", async () => {
    const { lines, log } = quiet();
    const pauses: number[] = [];
    let calls = 0;
    const answer = await waitForDependency(
      "PostgreSQL",
      async () => {
        calls += 1;
        if (calls < 6) throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
        return "open";
      },
      { seconds: 60, log, sleep: async (ms) => void pauses.push(ms) },
    );
    expect(answer).toBe("open");
    expect(pauses).toEqual([500, 1000, 2000, 4000, 5000]);
    expect(lines[0]).toEqual({
      dependency: "PostgreSQL",
      reason: "connect ECONNREFUSED 127.0.0.1:5432",
      retryInMs: 500,
    });
  });

  it("gives up past its seconds with one line naming the dependency, the setting and the error", async () => {
    const { log } = quiet();
    const started = Date.now();
    const failing = waitForDependency(
      "Redis",
      async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:6390");
      },
      { seconds: 1, log },
    );
    await expect(failing).rejects.toThrow(DependencyUnavailable);
    await expect(failing).rejects.toThrow(
      "Redis did not answer within 1 s (START_WAIT_SECONDS): connect ECONNREFUSED 127.0.0.1:6390",
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("names the error at the bottom of a chain (a failed query's connection error)", async () => {
    const { log } = quiet();
    const refused = new Error("connect ECONNREFUSED 127.0.0.1:5433");
    const failing = waitForDependency(
      "the database",
      async () => {
        throw new Error("Failed query: select 1", { cause: refused });
      },
      { seconds: 0, log },
    );
    await expect(failing).rejects.toThrow(
      "the database did not answer within 0 s (START_WAIT_SECONDS): connect ECONNREFUSED 127.0.0.1:5433",
    );
  });

  it("tries once and gives up at once with 0 seconds", async () => {
    const { lines, log } = quiet();
    let calls = 0;
    const failing = waitForDependency(
      "the database",
      async () => {
        calls += 1;
        throw new Error("down");
      },
      { seconds: 0, log },
    );
    await expect(failing).rejects.toThrow("the database did not answer within 0 s");
    expect(calls).toBe(1);
    expect(lines).toEqual([]);
  });
});
