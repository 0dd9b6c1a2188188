import { describe, expect, it } from "vitest";
import { AddressSlots, addressKey } from "./address-slots";

describe("inbound SMTP places per address", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2::9", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["not an address", "not an address"],
  ])("counts %s under %s", (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  const anyone = () => true;
  const admitted = (slots: AddressSlots, id: string, address: string) =>
    slots.admit(id, address, anyone).admitted;

  it("gives each address a few places and takes them back on close", () => {
    const slots = new AddressSlots({ perAddress: 2, total: 100 });
    expect(admitted(slots, "a", "203.0.113.7")).toBe(true);
    expect(admitted(slots, "b", "203.0.113.7")).toBe(true);
    expect(slots.admit("c", "203.0.113.7", anyone)).toEqual({
      admitted: false,
      refusal: "address",
    });
    expect(admitted(slots, "d", "2001:db8:1:2::1")).toBe(true);
    expect(admitted(slots, "e", "2001:db8:1:2::2")).toBe(true);
    expect(admitted(slots, "f", "2001:db8:1:2:ffff::3")).toBe(false);
    expect(admitted(slots, "g", "198.51.100.1")).toBe(true);
    // A refused connection holds nothing, so closing it frees nothing.
    slots.release("c");
    expect(admitted(slots, "h", "203.0.113.7")).toBe(false);
    slots.release("a");
    slots.release("a");
    expect(admitted(slots, "i", "203.0.113.7")).toBe(true);
    expect(admitted(slots, "j", "203.0.113.7")).toBe(false);
    expect(slots.size).toBe(5);
  });

  /** A full server of 6 places: x holds 3 (x1 oldest), y 2, z 1. */
  function fullServer() {
    const slots = new AddressSlots({ perAddress: 3, total: 6 });
    for (const [id, address] of [
      ["y1", "198.51.100.2"],
      ["x1", "198.51.100.1"],
      ["x2", "198.51.100.1"],
      ["z1", "198.51.100.3"],
      ["y2", "198.51.100.2"],
      ["x3", "198.51.100.1"],
    ] as const) {
      expect(admitted(slots, id, address)).toBe(true);
    }
    return slots;
  }

  it.each([
    ["a new address", "203.0.113.9", anyone, { admitted: true, evicted: "x1" }],
    ["an address holding one", "198.51.100.3", anyone, { admitted: true, evicted: "x1" }],
    ["an address holding two", "198.51.100.2", anyone, { admitted: true, evicted: "x1" }],
    ["the busiest address", "198.51.100.1", anyone, { admitted: false, refusal: "address" }],
    [
      "a new address, the oldest busy",
      "203.0.113.9",
      (id: string) => id !== "x1",
      { admitted: true, evicted: "x2" },
    ],
    [
      "a new address, none of the busiest closable",
      "203.0.113.9",
      (id: string) => !id.startsWith("x"),
      { admitted: false, refusal: "full" },
    ],
  ])("when full, a connection from %s: %j", (_, address, closable, expected) => {
    const slots = fullServer();
    expect(slots.admit("new", address, closable)).toEqual(expected);
    expect(slots.size).toBe(6);
  });

  it("refuses a newcomer holding as many as the busiest, and weighs ties by age", () => {
    const slots = new AddressSlots({ perAddress: 10, total: 4 });
    for (const [id, address] of [
      ["b1", "198.51.100.2"],
      ["a1", "198.51.100.1"],
      ["a2", "198.51.100.1"],
      ["b2", "198.51.100.2"],
    ] as const) {
      slots.admit(id, address, anyone);
    }
    expect(slots.admit("a3", "198.51.100.1", anyone)).toEqual({
      admitted: false,
      refusal: "full",
    });
    // Both hold two: the oldest session of either makes way, then the other address's.
    expect(slots.admit("c1", "203.0.113.9", anyone)).toEqual({ admitted: true, evicted: "b1" });
    expect(slots.admit("d1", "203.0.113.10", anyone)).toEqual({ admitted: true, evicted: "a1" });
    // Every address holds one now: a newcomer holds none, so the oldest of them all makes way.
    expect(slots.admit("e1", "203.0.113.11", anyone)).toEqual({ admitted: true, evicted: "a2" });
    expect(slots.admit("c2", "203.0.113.9", anyone)).toEqual({ admitted: false, refusal: "full" });
  });
});
