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

  it("gives each address a few places and takes them back on close", () => {
    const slots = new AddressSlots(2);
    expect(slots.take("a", "203.0.113.7")).toBe(true);
    expect(slots.take("b", "203.0.113.7")).toBe(true);
    expect(slots.take("c", "203.0.113.7")).toBe(false);
    expect(slots.take("d", "2001:db8:1:2::1")).toBe(true);
    expect(slots.take("e", "2001:db8:1:2::2")).toBe(true);
    expect(slots.take("f", "2001:db8:1:2:ffff::3")).toBe(false);
    expect(slots.take("g", "198.51.100.1")).toBe(true);
    // A refused connection holds nothing, so closing it frees nothing.
    slots.release("c");
    expect(slots.take("h", "203.0.113.7")).toBe(false);
    slots.release("a");
    slots.release("a");
    expect(slots.take("i", "203.0.113.7")).toBe(true);
    expect(slots.take("j", "203.0.113.7")).toBe(false);
    expect(slots.size).toBe(5);
  });
});
