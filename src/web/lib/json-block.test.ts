import { describe, expect, it } from "vitest";
import { servedForThisVisit } from "./json-block";

const visit = (type?: NavigationTimingType) => ({
  getEntriesByType: () => (type ? [{ type } as PerformanceNavigationTiming] : []),
});

describe("servedForThisVisit", () => {
  it("trusts a page loaded or reloaded now, and not one Back or Forward brought back", () => {
    expect(servedForThisVisit(visit("navigate"))).toBe(true);
    expect(servedForThisVisit(visit("reload"))).toBe(true);
    expect(servedForThisVisit(visit("back_forward"))).toBe(false);
    expect(servedForThisVisit(visit())).toBe(true);
  });
});
