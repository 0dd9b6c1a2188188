// Muted words (docs/safety.md "Muted words"): what an entry is, how long it lasts and what text it
// matches. Shared by the server, which marks matching posts, comments and messages, and the
// browser, which checks an entry before sending it. Both sides compare NFKC, lower-cased text.
//
// An entry is one of three kinds, chosen from what it holds:
// - `#tag`: matches the hashtag only, by the tag pages' own rules (hashtags.ts);
// - words and phrases: the entry's words appear whole and in the same order, whatever stands
//   between them (spaces, punctuation, a `#`): `spoiler` matches `Spoiler!` and `#spoiler` but not
//   `spoilers`; `game of thrones` matches `Game-of-Thrones`. A word is a run of letters (any
//   script, with their combining marks), digits and `_`, with an apostrophe inside it (`don't`);
// - anything in a script written without spaces between words (Chinese, Japanese, Thai, Lao,
//   Khmer, Myanmar), or with no letter or digit at all (an emoji): matches anywhere in the text.

import { hashtagSegments, parseTagName, tagKey } from "./hashtags";

/** How many entries a person may keep (Bluesky's own limit is larger; a list one reads whole). */
export const MUTED_WORDS_MAX = 100;
/** The longest entry, in characters as written. */
export const MUTED_WORD_MAX_LENGTH = 100;

export const MUTED_WORD_CONTEXTS = ["feed", "comments", "mail"] as const;
export type MutedWordContext = (typeof MUTED_WORD_CONTEXTS)[number];

export const MUTED_WORD_DURATIONS = ["day", "week", "month", "never"] as const;
export type MutedWordDuration = (typeof MUTED_WORD_DURATIONS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
const DURATION_MS: Record<MutedWordDuration, number | null> = {
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
  never: null,
};

/** When an entry chosen at `now` for `duration` stops applying; null for never. */
export function expiryOf(duration: MutedWordDuration, now: Date): Date | null {
  const ms = DURATION_MS[duration];
  return ms === null ? null : new Date(now.getTime() + ms);
}

const WORD = /[\p{L}\p{M}\p{N}_]+(?:['’][\p{L}\p{M}\p{N}_]+)*/gu;
const UNSPACED_SCRIPT =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;
const SOMETHING = /[\p{L}\p{N}\p{Extended_Pictographic}]/u;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

const fold = (text: string) => tagKey(text).replace(/’/g, "'");
const wordsOf = (folded: string) => folded.match(WORD) ?? [];

export type MutedWordKind = "tag" | "words" | "anywhere";

export interface ParsedMutedWord {
  /** As the person wrote it, trimmed, each run of spaces made one. */
  text: string;
  /** Two entries with one key match the same texts: the second is a duplicate. */
  key: string;
  kind: MutedWordKind;
}

export type MutedWordProblem = "empty" | "too_long" | "bad_tag";

/** The entry `raw` as kept, or why it cannot be one. */
export function parseMutedWord(raw: string): ParsedMutedWord | MutedWordProblem {
  const text = raw.trim().replace(/\s+/gu, " ");
  if ([...text].length > MUTED_WORD_MAX_LENGTH) return "too_long";
  if (!SOMETHING.test(text)) return "empty";
  if (text.startsWith("#")) {
    const tag = parseTagName(text);
    return tag === null ? "bad_tag" : { text, key: `#${tag}`, kind: "tag" };
  }
  const folded = fold(text);
  if (UNSPACED_SCRIPT.test(folded) || !WORD_CHAR.test(folded)) {
    return { text, key: folded, kind: "anywhere" };
  }
  return { text, key: wordsOf(folded).join(" "), kind: "words" };
}

/** One text of an item: a post's words and its content warning, a message's subject and body. */
export type MatchableText = string | null | undefined;

/**
 * A matcher over `entries` (as stored: each parses): the entries, as written, that match any of
 * the texts, in the entries' order; none when nothing matches.
 */
export function mutedWordMatcher(entries: readonly string[]) {
  const parsed = entries.flatMap((text) => {
    const entry = parseMutedWord(text);
    return typeof entry === "string" ? [] : [entry];
  });
  return (texts: readonly MatchableText[]): string[] => {
    if (parsed.length === 0) return [];
    const present = texts.filter((t): t is string => Boolean(t));
    if (present.length === 0) return [];
    const folded = present.map(fold);
    const words = ` ${folded.map((t) => wordsOf(t).join(" ")).join(" \u0000 ")} `;
    let tags: Set<string> | undefined;
    return parsed.flatMap((entry) => {
      if (entry.kind === "anywhere")
        return folded.some((t) => t.includes(entry.key)) ? [entry.text] : [];
      if (entry.kind === "words") return words.includes(` ${entry.key} `) ? [entry.text] : [];
      tags ??= new Set(
        present.flatMap((t) =>
          hashtagSegments(t).flatMap((s) => (s.kind === "tag" ? [`#${s.key}`] : [])),
        ),
      );
      return tags.has(entry.key) ? [entry.text] : [];
    });
  };
}
