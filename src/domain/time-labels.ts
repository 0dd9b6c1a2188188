// Time labels: relative time in spec-2 §9's units under a week, then the day ('Nov 3', with the
// year when it is not this one), the mail thread label (spec-1 §2), and the numeric date with
// 12-hour time (spec-2 §2), which `timeStamp` pairs as shown text and tooltip.
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** '42s', '7m', '3h', '2d' under a week (a moment ahead of `now` reads as 0s); null from a week
 * on, when the day says more. */
function relativeTime(at: Date, now: Date): string | null {
  const elapsed = Math.max(0, now.getTime() - at.getTime());
  if (elapsed < MINUTE) return `${Math.floor(elapsed / SECOND)}s`;
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`;
  if (elapsed < WEEK) return `${Math.floor(elapsed / DAY)}d`;
  return null;
}

// The words below are written out for en-US, the app's one language, rather than asked of Intl:
// a page's first use of Intl loads the browser's locale data, a long task on a phone
// (docs/performance.md "Lighthouse"). time-labels.test.ts holds them equal to Intl's.
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** '9:05 AM', local time. */
export function clockTime(at: Date): string {
  const hours = at.getHours();
  const minutes = String(at.getMinutes()).padStart(2, "0");
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());

/** spec-1 §2: same day → time; one day ago → Yesterday; under 7 days → weekday; else month and day. */
export function threadTimeLabel(at: Date, now: Date): string {
  const days = Math.round((startOfDay(now).getTime() - startOfDay(at).getTime()) / DAY);
  if (days <= 0) return clockTime(at);
  if (days === 1) return "Yesterday";
  if (days < 7) return WEEKDAYS[at.getDay()] as string;
  return `${(MONTHS[at.getMonth()] as string).slice(0, 3)} ${at.getDate()}`;
}

/** spec-2 §2: numeric date plus 12-hour time, e.g. 3/14/2026, 9:26 PM. */
export function postDateLabel(at: Date): string {
  return `${at.getMonth() + 1}/${at.getDate()}/${at.getFullYear()}, ${clockTime(at)}`;
}

/** 'Nov 3' in the current year, 'Nov 3, 2025' in any other (local time). */
export function shortDateLabel(at: Date, now: Date): string {
  const day = `${(MONTHS[at.getMonth()] as string).slice(0, 3)} ${at.getDate()}`;
  return at.getFullYear() === now.getFullYear() ? day : `${day}, ${at.getFullYear()}`;
}

/** How a moment is shown everywhere it is listed or shown on its own (feed, profile, the post page,
 * comments, activity, moderation lists): relative under a week ('7m', '3h', '2d': spec-2 §9's
 * units), then the day ('Nov 3', 'Nov 3, 2025'), with the full local date and time (spec-2 §2's
 * numeric date with 12-hour time) for its tooltip. The mail lists keep spec-1 §2's own label. */
export function timeStamp(at: Date, now: Date): { short: string; full: string; relative: boolean } {
  const relative = relativeTime(at, now);
  return {
    short: relative ?? shortDateLabel(at, now),
    full: postDateLabel(at),
    relative: relative !== null,
  };
}

/** 'November 23, 2026': a calendar day in mail and notices (UTC, so every reader sees one date). */
export function longDateLabel(at: Date): string {
  return `${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}, ${at.getUTCFullYear()}`;
}

/** 'March 14, 2027': a day as people write it, in local time (renewal and grace dates). */
export function calendarDateLabel(at: Date): string {
  return `${MONTHS[at.getMonth()]} ${at.getDate()}, ${at.getFullYear()}`;
}
