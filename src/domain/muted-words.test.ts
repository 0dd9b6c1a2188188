import { describe, expect, it } from "vitest";
import { expiryOf, MUTED_WORD_MAX_LENGTH, mutedWordMatcher, parseMutedWord } from "./muted-words";

const matches = (entry: string, ...texts: (string | null)[]) =>
  mutedWordMatcher([entry])(texts).length > 0;

describe("mutedWordMatcher", () => {
  it.each([
    // Whole words, any case.
    ["spoiler", "No spoilers here", false],
    ["spoiler", "SPOILER: he dies", true],
    ["spoiler", "a spoiler!", true],
    ["spoiler", "(spoiler)", true],
    ["spoiler", "unspoiler", false],
    ["spoiler", "spoiler_alert", false],
    ["spoiler", "#spoiler", true],
    ["spoiler", "https://x.test/spoiler", true],
    // Phrases: the words in order, whatever punctuation stands between them.
    ["game of thrones", "Watching Game of Thrones tonight", true],
    ["game of thrones", "game-of-thrones", true],
    ["game of thrones", "game  of\nthrones", true],
    ["game of thrones", "game of the thrones", false],
    ["game of thrones", "thrones of game", false],
    ["Game-of-Thrones", "game of thrones", true],
    // Apostrophes belong to their word.
    ["don't", "I don’t know", true],
    ["don", "I don't know", false],
    // Unicode: NFKC and lower case on both sides; accents are letters of their own.
    ["café", "CAFÉ au lait", true],
    ["café", "cafe au lait", false],
    ["cafe\u0301", "café", true],
    ["ｆｕｌｌ", "full width", true],
    ["straße", "STRASSE", false],
    ["straße", "Straße", true],
    ["мир", "Привет, Мир!", true],
    ["мир", "мирный", false],
    ["नमस्ते", "नमस्ते दोस्त", true],
    // Scripts written without spaces match anywhere.
    ["ネタバレ", "これはネタバレです", true],
    ["剧透", "有剧透！", true],
    ["สปอยล์", "ห้ามสปอยล์นะ", true],
    // No letter or digit: anywhere.
    ["🍕", "pizza🍕time", true],
    ["🍕", "pizza time", false],
    // Hashtags: a `#tag` entry matches the tag only, by the tag pages' rules.
    ["#tag", "a #Tag here", true],
    ["#tag", "a tag here", false],
    ["#tag", "a #tags here", false],
    ["#tag", "https://x.test/page#tag", false],
    ["#café", "#CAFÉ", true],
    ["#日本", "#日本", true],
  ])("%s in %j: %s", (entry, text, expected) => {
    expect(matches(entry, text)).toBe(expected);
  });

  it("reads every text of an item, but a phrase never spans two", () => {
    expect(matches("spoiler", null, "about the finale", "Spoiler")).toBe(true);
    expect(matches("big finale", "the big", "finale")).toBe(false);
  });

  it("answers the entries that match, as written, in their order", () => {
    const match = mutedWordMatcher(["Cats", "#dogs", "birds", "ネコ"]);
    expect(match(["#dogs and cats and ネコ"])).toEqual(["Cats", "#dogs", "ネコ"]);
    expect(match(["nothing"])).toEqual([]);
    expect(mutedWordMatcher([])(["cats"])).toEqual([]);
  });
});

describe("parseMutedWord", () => {
  it.each([
    ["  Game   of\tThrones ", { text: "Game of Thrones", key: "game of thrones", kind: "words" }],
    ["Game-of-Thrones", { text: "Game-of-Thrones", key: "game of thrones", kind: "words" }],
    ["#Café", { text: "#Café", key: "#café", kind: "tag" }],
    ["ネタバレ", { text: "ネタバレ", key: "ネタバレ", kind: "anywhere" }],
    ["🍕", { text: "🍕", key: "🍕", kind: "anywhere" }],
    ["", "empty"],
    ["   ", "empty"],
    ["?!", "empty"],
    ["#", "empty"],
    ["#123", "bad_tag"],
    ["#two words", "bad_tag"],
    ["x".repeat(MUTED_WORD_MAX_LENGTH + 1), "too_long"],
  ])("%j", (raw, expected) => {
    expect(parseMutedWord(raw)).toEqual(expected);
  });

  it("takes the longest entry whole", () => {
    expect(parseMutedWord("é".repeat(MUTED_WORD_MAX_LENGTH))).toMatchObject({ kind: "words" });
  });
});

describe("expiryOf", () => {
  const now = new Date("2026-11-30T10:00:00.000Z");
  it.each([
    ["day", "2026-12-01T10:00:00.000Z"],
    ["week", "2026-12-07T10:00:00.000Z"],
    ["month", "2026-12-30T10:00:00.000Z"],
  ] as const)("%s", (duration, expected) => {
    expect(expiryOf(duration, now)?.toISOString()).toBe(expected);
  });
  it("never", () => expect(expiryOf("never", now)).toBeNull());
});
