// What infra/tick-shape.ts works around, shown in a Node process of its own: queued callbacks, a
// full collection with none alive (as at start-up), more callbacks, then V8's own record of how
// nextTick's callback object got its keys (the function's feedback, printed by %DebugPrint).
import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const tickShape = path.join(import.meta.dirname, "tick-shape.ts");
const SCRIPT = `
const ticks = (n) => new Promise((done) => {
  for (let i = 0; i < n; i++) process.nextTick(() => {});
  process.nextTick(done);
});
await ticks(50);
gc();
gc();
await ticks(50);
console.log("held:", typeof process[Symbol.for("tick-shape.held")]?.callback);
new Function("f", "%DebugPrint(f)")(process.nextTick);
`;

/** The state of each key nextTick's callback object is given (4 in Node 20, 5 in Node 24), and
 * what the process holds. */
function afterCollection(holdShape: boolean) {
  // Into a file: V8 prints through C's stdio, which drops what a full non-blocking pipe refuses.
  const file = path.join(mkdtempSync(path.join(tmpdir(), "tick-shape-")), "out.txt");
  const out = openSync(file, "w");
  execFileSync(
    process.execPath,
    [
      "--allow-natives-syntax",
      "--expose-gc",
      "--import",
      "tsx",
      ...(holdShape ? ["--import", tickShape] : []),
      "--input-type=module",
      "--eval",
      SCRIPT,
    ],
    { stdio: ["ignore", out, "inherit"] },
  );
  closeSync(out);
  const output = readFileSync(file, "utf8");
  rmSync(path.dirname(file), { recursive: true });
  return {
    keys: [...output.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1]),
    held: output.match(/^held: (\w+)$/m)?.[1],
  };
}

describe("nextTick's fast path", () => {
  it("is lost for good once a collection frees the callback object's maps", () => {
    const { keys, held } = afterCollection(false);
    expect(keys.length).toBeGreaterThanOrEqual(4);
    expect(new Set(keys.slice(1))).toEqual(new Set(["MEGAMORPHIC"]));
    expect(held).toBe("undefined");
  });

  it("is kept while the process holds one queued callback object", () => {
    const { keys, held } = afterCollection(true);
    expect(keys.length).toBeGreaterThanOrEqual(4);
    expect(new Set(keys)).toEqual(new Set(["MONOMORPHIC"]));
    expect(held).toBe("function");
  });
});
