import { describe, expect, it } from "vitest";
import {
  defaultHandleBase,
  defaultHandleCandidate,
  displayHandle,
  normalizeHandle,
} from "./handles";

describe("defaultHandleBase (lower-case, a–z 0–9 . _ -)", () => {
  it.each([
    ["Ada.Lovelace@example.com", "ada.lovelace"],
    ["john+news@example.com", "johnnews"],
    ["José_Ñ@example.com", "jose_n"],
    ["..dots..@example.com", "dots"],
    ["+++@example.com", "user"],
    [`${"a".repeat(40)}@example.com`, "a".repeat(30)],
  ])("%s → %s", (email, base) => expect(defaultHandleBase(email)).toBe(base));
});

describe("defaultHandleCandidate", () => {
  it.each([
    ["ada", 0, "ada"],
    ["ada", 1, "ada2"],
    ["ada", 9, "ada10"],
    ["mail", 0, "mail1"],
    ["signup", 0, "signup1"],
  ])("%s attempt %i → %s", (base, attempt, candidate) =>
    expect(defaultHandleCandidate(base, attempt)).toBe(candidate),
  );

  it("falls back to a random six-digit tail after ten tries", () => {
    expect(defaultHandleCandidate("ada", 10, () => 0.5)).toBe("ada550000");
  });
});

describe("displayHandle (spec-1 §2)", () => {
  it.each([
    [{ username: "ada", defaultUsername: "ada.l", emailAddress: "x@y.z" }, "ada"],
    [{ username: null, defaultUsername: "ada.l", emailAddress: "x@y.z" }, "ada.l"],
    [{ username: null, defaultUsername: null, emailAddress: "local@y.z" }, "local"],
  ])("%o → %s", (profile, handle) => expect(displayHandle(profile)).toBe(handle));
});

describe("normalizeHandle (strip @, trim, lower-case)", () => {
  it.each([
    ["@Ada", "ada"],
    ["  @ada  ", "ada"],
    ["ADA.L", "ada.l"],
  ])("%j → %s", (raw, handle) => expect(normalizeHandle(raw)).toBe(handle));
});
