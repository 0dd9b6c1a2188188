// pino writes its lines through sonic-boom 4.2.1, patched (patches/sonic-boom+4.2.1.patch): while
// a write to the file is under way, lines gather in a buffer of up to 16 KB, and unpatched every
// new line measured that whole buffer's UTF-8 length again, so each access log line cost more the
// busier the server (docs/performance.md "Trivial routes"). The lines still arrive whole and in
// order.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";

const LINES = 2000;
const line = (i: number) => `{"n":${i},"msg":"${"é".repeat(20)}${"x".repeat(60)}"}\n`;

describe("the log stream's buffered writes", () => {
  let dir = "";
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it("measures each line once, however much is buffered, and keeps every line in order", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "log-stream-"));
    const file = path.join(dir, "out.log");
    const stream = pino.destination({ dest: file, sync: false });
    await new Promise((resolve) => stream.once("ready", resolve));
    const byteLength = Buffer.byteLength;
    let measured = 0;
    vi.spyOn(Buffer, "byteLength").mockImplementation((value, encoding) => {
      if (typeof value === "string") measured += value.length;
      return byteLength(value, encoding);
    });

    let written = 0;
    for (let i = 0; i < LINES; i++) {
      // The first line starts a write to the file; the rest wait in the buffer behind it.
      stream.write(line(i));
      written += line(i).length;
    }
    vi.restoreAllMocks();
    // Unpatched: about 18 million characters measured for these 186,000.
    expect(measured).toBeLessThan(2 * written);

    await new Promise<void>((resolve, reject) => {
      stream.flush((error) => (error ? reject(error) : resolve()));
    });
    await new Promise((resolve) => {
      stream.once("close", resolve);
      stream.end();
    });
    const expected = Array.from({ length: LINES }, (_, i) => line(i)).join("");
    expect(readFileSync(file, "utf8")).toBe(expected);
  });
});
