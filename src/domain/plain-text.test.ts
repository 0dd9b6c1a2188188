import { describe, expect, it } from "vitest";
import { controlCharacterPaths, hasControlCharacters, stripControlCharacters } from "./plain-text";

describe("plain text: no C0 control characters but tab, LF and CR", () => {
  it.each([
    ["hello", false],
    ["line one\nline two", false],
    ["windows\r\nline", false],
    ["a\ttab", false],
    ["emoji 🎉 and ü", false],
    ["nul \u0000 inside", true],
    ["bell \u0007", true],
    ["escape \u001b[31m", true],
    ["vertical tab \u000b", true],
    ["form feed \u000c", true],
    ["delete \u007f is not C0", false],
  ])("%j breaks the rule: %s", (text, expected) => {
    expect(hasControlCharacters(text)).toBe(expected);
  });

  it.each([
    [{ content: "ok" }, []],
    [{ content: "a\u0000b" }, [["content"]]],
    [{ details: { city: "x\u0001", age: 3 } }, [["details", "city"]]],
    [{ tags: ["ok", "b\u0002"] }, [["tags", 1]]],
    [{ "bad\u0000key": "fine" }, [["bad\u0000key"]]],
    ["top\u0000level", [[]]],
    [null, []],
    [42, []],
  ])("finds the paths in %j", (value, expected) => {
    expect(controlCharacterPaths(value)).toEqual(expected);
  });

  it.each([
    ["hello", "hello"],
    ["nul \u0000 inside", "nul  inside"],
    ["\u0000\u0000", ""],
    ["keeps\ttab\nline\r\nbreaks", "keeps\ttab\nline\r\nbreaks"],
    ["bell \u0007, escape \u001b[31m, vt \u000b, ff \u000c", "bell , escape [31m, vt , ff "],
    ["emoji 🎉, ü and delete \u007f stay", "emoji 🎉, ü and delete \u007f stay"],
  ])("strips %j to %j", (text, expected) => {
    expect(stripControlCharacters(text)).toBe(expected);
    expect(hasControlCharacters(stripControlCharacters(text))).toBe(false);
  });
});
