import { describe, expect, it } from "vitest";
import { safeNextPath, signupRedirect } from "./safe-next";

describe("safeNextPath follows only same-origin paths", () => {
  it.each([
    ["/mail", "/mail"],
    ["/ada/edit-profile?x=1", "/ada/edit-profile?x=1"],
    ["%2Fmail%3Fthread%3D7", "/mail?thread=7"],
    [null, "/"],
    ["", "/"],
    ["https://evil.example/", "/"],
    ["//evil.example/path", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["mail", "/"],
    ["%E0%A4%A", "/"],
    ["/signup?next=/mail", "/"],
    ["/ok\nLocation: x", "/"],
  ])("%j → %s", (raw, expected) => expect(safeNextPath(raw)).toBe(expected));

  it("builds the signup redirect with the encoded original path", () => {
    expect(signupRedirect("/ada?tab=posts")).toBe("/signup?next=%2Fada%3Ftab%3Dposts");
  });
});
