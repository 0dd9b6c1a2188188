// The drain's bookkeeping (http/in-flight.ts) on Node's own request and response objects, with
// the clock faked: a drain ends a quiet second after the last request came or went, waits for a
// request passed on until its response closes, marks every answer from then on to close its
// connection, and gives up after five seconds.
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { InFlight } from "./in-flight";

const response = () => new ServerResponse(new IncomingMessage(new Socket()));

/** Whether `promise` has settled once the faked clock has moved on by `ms`. */
async function settledAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

/** `drained` is still waiting 900 ms on, and has ended 200 ms after that: a quiet second. */
async function expectQuietSecond(drained: Promise<void>) {
  expect(await settledAfter(drained, 900)).toBe(false);
  expect(await settledAfter(drained, 200)).toBe(true);
}

describe("InFlight", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("ends a drain once nothing has come or gone for a second", async () => {
    const inFlight = new InFlight();
    await vi.advanceTimersByTimeAsync(5_000);
    inFlight.answered();
    await vi.advanceTimersByTimeAsync(400);
    const drained = inFlight.drain();
    expect(inFlight.draining).toBe(true);
    expect(await settledAfter(drained, 500)).toBe(false);
    expect(await settledAfter(drained, 150)).toBe(true);
  });

  it("waits for a request passed on until its response closes, then a quiet second", async () => {
    const inFlight = new InFlight();
    const open = response();
    inFlight.passed(open);
    const drained = inFlight.drain();
    expect(open.getHeader("connection")).toBe("close");
    expect(await settledAfter(drained, 3_000)).toBe(false);
    open.emit("close");
    await expectQuietSecond(drained);
  });

  it("closes the connection of a request passed on while draining, and an answer moves the quiet second on", async () => {
    const inFlight = new InFlight();
    const drained = inFlight.drain();
    await vi.advanceTimersByTimeAsync(800);
    inFlight.answered();
    expect(await settledAfter(drained, 800)).toBe(false);
    const late = response();
    inFlight.passed(late);
    expect(late.getHeader("connection")).toBe("close");
    late.emit("close");
    await expectQuietSecond(drained);
  });

  it("gives up after five seconds with a request still open", async () => {
    const inFlight = new InFlight();
    const stuck = response();
    inFlight.passed(stuck);
    const drained = inFlight.drain();
    expect(await settledAfter(drained, 4_900)).toBe(false);
    expect(await settledAfter(drained, 200)).toBe(true);
  });
});
