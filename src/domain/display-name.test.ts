import { describe, expect, it } from "vitest";
import { displayName } from "./display-name";

describe("displayName", () => {
  it.each([
    [{ fullName: "Ada Lovelace", handle: "ada" }, "Ada Lovelace"],
    [{ fullName: "  Ada  ", handle: "ada" }, "Ada"],
    [{ fullName: "", handle: "ada" }, "ada"],
    [{ fullName: "   ", handle: "ada" }, "ada"],
    [{ fullName: "Deleted account", handle: "" }, "Deleted account"],
    [{ address: "grace@example.com" }, "grace@example.com"],
  ])("%o reads %s", (who, expected) => {
    expect(displayName(who)).toBe(expected);
  });
});
