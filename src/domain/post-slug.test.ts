import { describe, expect, it } from "vitest";
import { postSlug, slugCandidates } from "./post-slug";

describe("postSlug (spec-1 §2)", () => {
  it.each([
    ["Hello world", "hello-world"],
    ["  Hello   World  ", "hello-world"],
    ["one two three four five six seven eight nine ten", "one-two-three-four-five-six-seven-eight"],
    ["Café déjà vu!", "caf-dj-vu"],
    ["🎉 Party time 🎉", "party-time"],
    ["👍🏽 thumbs", "thumbs"],
    ["Top 10 tips for 2026", "top-10-tips-for-2026"],
    ["🇺🇸 flag 1️⃣ keycap", "flag-1-keycap"],
    ["👨‍👩‍👧 family", "family"],
    ["What's up?! #tbt @ada", "whats-up-tbt-ada"],
    ["a".repeat(60), "a".repeat(40)],
    [
      "supercalifragilistic expialidocious words go here",
      "supercalifragilistic-expialidocious-word",
    ],
    ["", "post"],
    ["🎉🎉🎉", "post"],
    ["!!! ???", "-"],
    ["日本語のテキスト", "post"],
  ])("%j → %s", (content, slug) => expect(postSlug(content)).toBe(slug));
});

describe("slugCandidates", () => {
  it.each([
    [
      "hello-world",
      "3FA2C1D4-0000-4000-8000-00000000ABCD",
      [
        "hello-world",
        "hello-world-3fa2c1",
        "hello-world-3fa2c1d40000",
        "hello-world-3fa2c1d400004000800000000000abcd",
      ],
    ],
    [
      "post",
      "00000000-0000-4000-8000-000000000001",
      ["post", "post-000000", "post-000000000000", "post-00000000000040008000000000000001"],
    ],
  ])("%s with id %s", (base, id, expected) => {
    expect(slugCandidates(base, id)).toEqual(expected);
  });
});
