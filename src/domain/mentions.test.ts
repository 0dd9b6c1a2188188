import { describe, expect, it } from "vitest";
import { MAX_MENTIONS, mentionSegments, mentionsIn } from "./mentions";

describe("mentionsIn", () => {
  it.each([
    ["hi @ann", ["ann"], []],
    ["@Ann and @bob.", ["ann", "bob"], []],
    ["cc @zed@social.example!", [], ["zed@social.example"]],
    ["@ann @ann @Zed@Social.Example @zed@social.example", ["ann"], ["zed@social.example"]],
    ["mail ann@example.com or a@b", [], []],
    ["not@ann, nor /@ann, nor @", [], []],
    ["(@ann) @a.b-c_d", ["ann", "a.b-c_d"], []],
    ["@zed@host.example.", [], ["zed@host.example"]],
  ])("%j", (text, here, elsewhere) => expect(mentionsIn(text)).toEqual({ here, elsewhere }));

  it(`stops at ${MAX_MENTIONS} people`, () => {
    const text = Array.from({ length: 15 }, (_, i) => `@p${i}`).join(" ");
    const { here } = mentionsIn(text);
    expect(here).toHaveLength(MAX_MENTIONS);
    expect(here.at(-1)).toBe(`p${MAX_MENTIONS - 1}`);
  });
});

describe("mentionSegments", () => {
  it("keeps every character, in order", () => {
    const text = "Hi @Ann, meet @zed@social.example.\nBye";
    const parts = mentionSegments(text);
    expect(parts.map((p) => p.text).join("")).toBe(text);
    expect(parts.filter((p) => p.kind === "mention")).toEqual([
      { kind: "mention", text: "@Ann", handle: "ann", elsewhere: false },
      {
        kind: "mention",
        text: "@zed@social.example",
        handle: "zed@social.example",
        elsewhere: true,
      },
    ]);
  });

  it("answers one text run when nothing is mentioned", () => {
    expect(mentionSegments("plain")).toEqual([{ kind: "text", text: "plain" }]);
    expect(mentionSegments("")).toEqual([]);
  });
});
