// What waits for someone to use the page (when-used.ts): nothing runs while the page loads on its
// own, and the first sign of a person runs it once.
import { describe, expect, it, vi } from "vitest";
import { whenUsed } from "./when-used";

describe("whenUsed", () => {
  it("waits for the first key or pointer, then runs once", () => {
    const run = vi.fn();
    whenUsed(run);
    window.dispatchEvent(new Event("load"));
    window.dispatchEvent(new Event("focus"));
    document.dispatchEvent(new Event("visibilitychange"));
    expect(run).not.toHaveBeenCalled();
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", bubbles: true }));
    expect(run).toHaveBeenCalledTimes(1);
    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", bubbles: true }));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("runs on a pointer moving over the page", () => {
    const run = vi.fn();
    whenUsed(run);
    document.body.dispatchEvent(new Event("pointermove", { bubbles: true }));
    expect(run).toHaveBeenCalledTimes(1);
  });
});
