import { describe, expect, it } from "vitest";
import { parseTheme, resolveTheme } from "./theme";

describe("parseTheme (spec-1 §4: only dark, light, system)", () => {
  it.each([
    ["dark", "dark"],
    ["light", "light"],
    ["system", "system"],
    ["Dark", "system"],
    ["", "system"],
    [null, "system"],
    [undefined, "system"],
    ["blue", "system"],
  ])("%j → %s", (stored, theme) => expect(parseTheme(stored)).toBe(theme));
});

describe("resolveTheme", () => {
  it.each([
    ["dark", false, "dark"],
    ["light", true, "light"],
    ["system", true, "dark"],
    ["system", false, "light"],
  ] as const)("%s with OS dark=%s → %s", (theme, osDark, applied) =>
    expect(resolveTheme(theme, osDark)).toBe(applied),
  );
});
