// A browser's last success is written at most once a minute (delivery-marks.ts).
import { describe, expect, it } from "vitest";
import { DeliveryMarks } from "./delivery-marks";

describe("DeliveryMarks", () => {
  it("is due at a browser's first push, then again only a minute later", () => {
    const marks = new DeliveryMarks();
    expect(marks.due("laptop", 1_000)).toBe(true);
    expect(marks.due("laptop", 60_999)).toBe(false);
    expect(marks.due("phone", 2_000)).toBe(true);
    expect(marks.due("laptop", 61_000)).toBe(true);
    expect(marks.due("laptop", 62_000)).toBe(false);
  });
});
