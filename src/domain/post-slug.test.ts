import { describe, expect, it } from "vitest";
import { postSlug } from "./post-slug";

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
