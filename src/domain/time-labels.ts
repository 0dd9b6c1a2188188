// Time labels: relative time in s/m/h/d/w (spec-2 §9), the mail thread label (spec-1 §2),
// and the post page's numeric date with 12-hour time (spec-2 §2).
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

export function relativeTime(at: Date, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - at.getTime());
  if (elapsed < MINUTE) return `${Math.floor(elapsed / SECOND)}s`;
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`;
  if (elapsed < WEEK) return `${Math.floor(elapsed / DAY)}d`;
  return `${Math.floor(elapsed / WEEK)}w`;
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());

/** spec-1 §2: same day → time; one day ago → Yesterday; under 7 days → weekday; else month and day. */
export function threadTimeLabel(at: Date, now: Date, locale = "en-US"): string {
  const days = Math.round((startOfDay(now).getTime() - startOfDay(at).getTime()) / DAY);
  if (days <= 0) return at.toLocaleTimeString(locale, { hour: "numeric", minute: "2-digit" });
  if (days === 1) return "Yesterday";
  if (days < 7) return at.toLocaleDateString(locale, { weekday: "long" });
  return at.toLocaleDateString(locale, { month: "short", day: "numeric" });
}

/** spec-2 §2: numeric date plus 12-hour time, e.g. 3/14/2026, 9:26 PM. */
export function postDateLabel(at: Date, locale = "en-US"): string {
  return at.toLocaleString(locale, {
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  });
}

/** 'November 23, 2026': a calendar day in mail and notices (UTC, so every reader sees one date). */
export function longDateLabel(at: Date, locale = "en-US"): string {
  return at.toLocaleDateString(locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}
