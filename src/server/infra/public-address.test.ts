import { describe, expect, it } from "vitest";
import { mayConnectTo, parseAllowedRanges } from "./public-address";

describe("mayConnectTo", () => {
  it.each([
    ["93.184.215.14", "public IPv4"],
    ["8.8.8.8", "public IPv4"],
    ["2606:4700:4700::1111", "global unicast IPv6"],
    ["2a00:1450:4001:81c::200e", "global unicast IPv6"],
    ["::ffff:93.184.215.14", "IPv4-mapped public address"],
  ])("lets %s through (%s)", (ip) => {
    expect(mayConnectTo(ip)).toBe(true);
  });

  it.each([
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback range"],
    ["10.0.0.1", "private"],
    ["172.16.5.4", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local (cloud metadata)"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "this network"],
    ["192.0.2.1", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["240.0.0.1", "reserved"],
    ["::1", "IPv6 loopback"],
    ["::", "IPv6 unspecified"],
    ["fe80::1", "IPv6 link-local"],
    ["fe80::1%eth0", "IPv6 link-local with a zone"],
    ["fc00::1", "unique local"],
    ["fd12:3456:789a::1", "unique local"],
    ["fec0::1", "site-local"],
    ["ff02::1", "IPv6 multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex form"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:169.254.169.254", "IPv4-mapped link-local"],
    ["::127.0.0.1", "IPv4-compatible"],
    ["64:ff9b::a00:1", "NAT64 of 10.0.0.1"],
    ["2002:a00:1::1", "6to4"],
    ["2001:0:4136:e378::1", "Teredo"],
    ["2001:db8::1", "IPv6 documentation"],
    ["localhost", "a name, not an address"],
    ["0x7f.1", "a legacy IPv4 form"],
    ["", "nothing"],
  ])("refuses %s (%s)", (ip) => {
    expect(mayConnectTo(ip)).toBe(false);
  });

  it("lets an operator's allowed ranges through, and only those", () => {
    const allowed = parseAllowedRanges(["127.0.0.1", "10.1.0.0/16", "::1"]);
    expect(mayConnectTo("127.0.0.1", allowed)).toBe(true);
    expect(mayConnectTo("::ffff:127.0.0.1", allowed)).toBe(true);
    expect(mayConnectTo("127.0.0.2", allowed)).toBe(false);
    expect(mayConnectTo("10.1.200.3", allowed)).toBe(true);
    expect(mayConnectTo("10.2.0.1", allowed)).toBe(false);
    expect(mayConnectTo("::1", allowed)).toBe(true);
    expect(mayConnectTo("fe80::1", allowed)).toBe(false);
  });
});
