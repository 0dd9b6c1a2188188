// spec-2 §9: activity groups by age — under 24 h New; under 2 days Yesterday; under 7 days
// Last 7 days; under 30 days Last 30 days; else Older. Snippets are cut at 50 characters.
export const ACTIVITY_BUCKETS = [
  "New",
  "Yesterday",
  "Last 7 days",
  "Last 30 days",
  "Older",
] as const;
export type ActivityBucket = (typeof ACTIVITY_BUCKETS)[number];

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export function activityBucket(at: Date, now: Date): ActivityBucket {
  const age = now.getTime() - at.getTime();
  if (age < DAY) return "New";
  if (age < 2 * DAY) return "Yesterday";
  if (age < 7 * DAY) return "Last 7 days";
  if (age < 30 * DAY) return "Last 30 days";
  return "Older";
}

export const SNIPPET_MAX = 50;

function snippet(text: string | null | undefined): string | null {
  if (!text) return null;
  const flat = text.replace(/\s+/g, " ").trim();
  return [...flat].length > SNIPPET_MAX ? `${[...flat].slice(0, SNIPPET_MAX).join("")}…` : flat;
}

/** What a notice quotes of a text behind a content warning: the warning, never the words
 * (docs/feed.md "Content warnings"); the words' snippet when there is none. */
export function warnedSnippet(
  text: string | null | undefined,
  warning: string | null,
): string | null {
  return warning ? snippet(`Content warning: ${warning}`) : snippet(text);
}

/** spec-1 §2, §9: the menu badge caps at 99+. */
export function badgeCount(count: number): string {
  return count > 99 ? "99+" : String(count);
}
