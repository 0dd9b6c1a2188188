import { describe, expect, it } from "vitest";
import { secretBox } from "./secret-box";

describe("secretBox", () => {
  const box = secretBox("a session secret of enough length", "test keys");

  it("opens what it sealed, and the sealed text does not hold the plain text", () => {
    const sealed = box.seal('{"d":"private key material"}');
    expect(sealed).not.toContain("private key material");
    expect(box.open(sealed)).toBe('{"d":"private key material"}');
  });

  it("seals the same text differently each time", () => {
    expect(box.seal("same")).not.toBe(box.seal("same"));
  });

  it("refuses a tampered text, another purpose's box and another secret's", () => {
    const sealed = box.seal("secret");
    const [version, iv, tag, body = ""] = sealed.split(".");
    const flipped = `${body.slice(0, -1)}${body.endsWith("A") ? "B" : "A"}`;
    expect(() => box.open([version, iv, tag, flipped].join("."))).toThrow();
    expect(() => secretBox("a session secret of enough length", "other").open(sealed)).toThrow();
    expect(() => secretBox("another secret entirely", "test keys").open(sealed)).toThrow();
    expect(() => box.open("not sealed")).toThrow("not a sealed secret");
  });
});
