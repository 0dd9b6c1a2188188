import { describe, expect, it } from "vitest";
import { createMemoryBus } from "./bus";
import type { DomainEvent } from "./events";
import { compareSequences } from "./sequence";

const read = (threadId: string): DomainEvent => ({ type: "mail.read", userId: "u1", threadId });

describe("the in-process bus's log", () => {
  it("numbers events in order and gives the ones after a sequence, up to a position", async () => {
    const bus = createMemoryBus();
    const seen: string[] = [];
    bus.subscribe((_event, seq) => {
      seen.push(seq);
    });
    await bus.publish(read("t1"));
    const after = bus.log.position();
    await bus.publish(read("t2"));
    await bus.publish(read("t3"));
    const upTo = bus.log.position();
    await bus.publish(read("t4"));
    expect(seen).toEqual(["1", "2", "3", "4"]);
    expect(await bus.log.backlog(after, upTo)).toEqual({
      events: [
        { seq: "2", event: read("t2") },
        { seq: "3", event: read("t3") },
      ],
    });
  });

  it("tells a client whose missed events were dropped, or that it never sent, to refetch", async () => {
    const bus = createMemoryBus(undefined, { windowMs: 30 });
    await bus.publish(read("t1"));
    const after = bus.log.position();
    await bus.publish(read("t2"));
    expect(await bus.log.backlog(after, bus.log.position())).toEqual({
      events: [{ seq: "2", event: read("t2") }],
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await bus.log.backlog(after, bus.log.position())).toEqual({ refetch: "too-old" });
    // Quiet since: a client at the newest position has missed nothing.
    expect(await bus.log.backlog(bus.log.position(), bus.log.position())).toEqual({ events: [] });
    expect(await bus.log.backlog("99", bus.log.position())).toEqual({ refetch: "unknown" });
    expect(await bus.log.backlog("1-0", bus.log.position())).toEqual({ refetch: "unknown" });
  });

  it("has an epoch of its own per process", () => {
    expect(createMemoryBus().log.epoch).not.toBe(createMemoryBus().log.epoch);
  });
});

describe("compareSequences", () => {
  it.each([
    ["1", "2", -1],
    ["10", "9", 1],
    ["1764450000000-3", "1764450000000-12", -1],
    ["1764450000001-0", "1764450000000-99", 1],
    ["5-1", "5-1", 0],
  ])("%s against %s", (a, b, sign) => {
    expect(Math.sign(compareSequences(a, b))).toBe(sign);
  });
});
