// The transparency report's rules both sides share (docs/safety.md "Transparency report"): the
// calendar years it covers, in UTC; how long the moderators' statement may be; and how a median
// time reads.

/** The moderators' statement for a year, in characters. */
export const STATEMENT_MAX = 5_000;

/** A UTC calendar year as a half-open range of instants: `from` ≤ t < `to`. */
export interface YearRange {
  from: Date;
  to: Date;
}

export function yearRange(year: number): YearRange {
  return { from: new Date(Date.UTC(year, 0, 1)), to: new Date(Date.UTC(year + 1, 0, 1)) };
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
const pair = (big: string, small: string | null) => (small ? `${big} ${small}` : big);

/** A duration as a person reads it, to the minute under two days and to the hour after:
 * 'under a minute', '12 minutes', '1 hour 30 minutes', '3 days 4 hours'. */
export function durationLabel(seconds: number): string {
  if (seconds < MINUTE) return "under a minute";
  const minutes = Math.round(seconds / MINUTE);
  if (minutes < 60) return unit(minutes, "minute");
  if (minutes < (2 * DAY) / MINUTE) {
    const rest = minutes % 60;
    return pair(unit(Math.floor(minutes / 60), "hour"), rest ? unit(rest, "minute") : null);
  }
  const hours = Math.round(seconds / HOUR);
  const rest = hours % 24;
  return pair(unit(Math.floor(hours / 24), "day"), rest ? unit(rest, "hour") : null);
}
