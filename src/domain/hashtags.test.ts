import { describe, expect, it } from "vitest";
import {
  hashtagSegments,
  hashtagsIn,
  MAX_POST_TAGS,
  parseTagName,
  TAG_MAX_LENGTH,
} from "./hashtags";

const keys = (text: string) => hashtagsIn(text).map((t) => t.key);

describe("hashtagsIn", () => {
  it.each([
    ["#cats are nice", ["cats"]],
    ["I like #Cats and #CATS", ["cats"]],
    ["#café au lait", ["café"]],
    ["#日本語 です", ["日本語"]],
    ["#Straße", ["straße"]],
    ["Привет #мир", ["мир"]],
    ["#नमस्ते", ["नमस्ते"]],
    ["#snake_case and #_x", ["snake_case", "_x"]],
    ["#2024goals", ["2024goals"]],
    ["#123 is a number", []],
    ["#١٢٣ is a number too", []],
    ["https://x.test/page#section", []],
    ["see www.x.test/#top and #real", ["real"]],
    ["a#b", []],
    ["1#b", []],
    ["##x", []],
    ["&#35; or /#x", []],
    ["#end.", ["end"]],
    ["(#paren), #comma, #bang! #q?", ["paren", "comma", "bang", "q"]],
    ["#tag's", ["tag"]],
    ["#party🎉 #🎉", ["party"]],
    ["#", []],
    ["# spaced", []],
    ["line\n#next", ["next"]],
    ["#ｆｕｌｌ", ["full"]],
    [`#${"a".repeat(TAG_MAX_LENGTH)}`, ["a".repeat(TAG_MAX_LENGTH)]],
    [`#${"a".repeat(TAG_MAX_LENGTH + 1)}`, []],
  ])("%j", (text, expected) => expect(keys(text)).toEqual(expected));

  it("keeps the form a tag was first written in", () => {
    expect(hashtagsIn("#Café then #CAFÉ")).toEqual([{ key: "café", name: "Café" }]);
  });

  it("treats a decomposed é as the composed one", () => {
    expect(keys("#cafe\u0301")).toEqual(["café"]);
  });

  it(`stops at ${MAX_POST_TAGS} tags`, () => {
    const text = Array.from({ length: 15 }, (_, i) => `#t${i}`).join(" ");
    expect(keys(text)).toEqual(Array.from({ length: MAX_POST_TAGS }, (_, i) => `t${i}`));
  });
});

describe("hashtagSegments", () => {
  it("keeps every character, in order", () => {
    const text = "Hi #Café, see https://x.test/#a and #日本語!";
    const parts = hashtagSegments(text);
    expect(parts.map((p) => p.text).join("")).toBe(text);
    expect(parts.filter((p) => p.kind === "tag")).toEqual([
      { kind: "tag", text: "#Café", name: "Café", key: "café" },
      { kind: "tag", text: "#日本語", name: "日本語", key: "日本語" },
    ]);
  });

  it("links every use of a tag, beyond the ten a post indexes", () => {
    const text = Array.from({ length: 12 }, (_, i) => `#t${i}`).join(" ");
    expect(hashtagSegments(text).filter((p) => p.kind === "tag")).toHaveLength(12);
  });
});

describe("parseTagName", () => {
  it.each([
    ["café", "café"],
    ["Café", "café"],
    ["#Café", "café"],
    ["日本語", "日本語"],
    ["123", null],
    ["", null],
    ["a b", null],
    ["a-b", null],
    ["a".repeat(TAG_MAX_LENGTH + 1), null],
  ])("%j", (raw, expected) => expect(parseTagName(raw)).toBe(expected));
});
