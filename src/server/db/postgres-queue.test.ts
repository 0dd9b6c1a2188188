// postgres.js's internal queue, as patches/postgres+3.4.9.patch leaves it (docs/architecture.md
// "Database"). Unpatched, a queue that is shifted and pushed without ever emptying (the busy
// connections under steady load: each statement takes the first busy connection and puts it back)
// keeps every shifted slot, and `remove`, called on each of those moves, scans them all: the work
// per statement grows with the statements sent since the pool was last idle.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

interface Queue<T> {
  readonly length: number;
  push(x: T): T;
  shift(): T | undefined;
  remove(x: T): T | null;
}
type QueueOf = <T>() => Queue<T>;

const require = createRequire(import.meta.url);
// The CommonJS build, and the ES module build beside it that `import "postgres"` loads.
const commonJs = require.resolve("postgres");
const copies: [string, () => Promise<QueueOf>][] = [
  ["CommonJS", async () => require(path.join(path.dirname(commonJs), "queue.js")) as QueueOf],
  [
    "ES module",
    async () => {
      const file = path.join(path.dirname(commonJs), "..", "..", "src", "queue.js");
      return ((await import(pathToFileURL(file).href)) as { default: QueueOf }).default;
    },
  ],
];

/** The longest array `Array.prototype.indexOf` was asked to search while `run` ran. */
function longestSearch(run: () => void): number {
  const indexOf = Array.prototype.indexOf;
  let longest = 0;
  Array.prototype.indexOf = function (this: unknown[], ...args: [unknown, number?]) {
    longest = Math.max(longest, this.length);
    return indexOf.apply(this, args);
  };
  try {
    run();
  } finally {
    Array.prototype.indexOf = indexOf;
  }
  return longest;
}

describe.each(copies)("postgres.js's queue (%s)", (_build, load) => {
  it("keeps its search short while connections cycle through it without it emptying", async () => {
    const Queue = await load();
    const busy = Queue<{ id: number }>();
    for (let id = 1; id <= 5; id++) busy.push({ id });
    const longest = longestSearch(() => {
      for (let i = 0; i < 20_000; i++) {
        const connection = busy.shift() as { id: number };
        busy.remove(connection);
        busy.push(connection);
      }
    });
    expect(busy.length).toBe(5);
    expect(longest).toBeLessThan(100);
  });

  it("behaves as a first-in, first-out list with removal, through every compaction", async () => {
    const Queue = await load();
    const queue = Queue<number>();
    const model: number[] = [];
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    let next = 0;
    for (let step = 0; step < 20_000; step++) {
      const roll = random();
      // Pushes slightly outnumber shifts, so the queue both grows long and drains to empty.
      const growing = step % 4_000 < 2_000;
      if (roll < (growing ? 0.5 : 0.3)) {
        model.push(next);
        expect(queue.push(next)).toBe(next);
        next++;
      } else if (roll < 0.9) {
        expect(queue.shift()).toBe(model.shift());
      } else {
        const target = model.length > 0 ? model[Math.floor(random() * model.length)] : -1;
        const at = model.indexOf(target as number);
        if (at !== -1) model.splice(at, 1);
        expect(queue.remove(target as number)).toBe(at === -1 ? null : target);
      }
      expect(queue.length).toBe(model.length);
    }
    while (model.length > 0) expect(queue.shift()).toBe(model.shift());
    expect(queue.length).toBe(0);
  });
});
