// The words of "Where you're signed in" (docs/accounts.md): a session's name, when it was last
// active, and how many sessions a sign-out ended.
import type { SessionView } from "../../../domain/contracts/account";
import { calendarDate } from "../../lib/calendar-date";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** 'Chrome 131 on macOS 14.5'. */
export const sessionName = (session: Pick<SessionView, "browser" | "system">) =>
  `${session.browser} on ${session.system}`;

/** 'just now', '5 minutes ago', 'yesterday', '3 days ago'; a week or more back, the date. */
export function lastActiveLabel(iso: string, now: Date, locale = "en-US"): string {
  const at = new Date(iso);
  const elapsed = Math.max(0, now.getTime() - at.getTime());
  if (elapsed < MINUTE) return "just now";
  if (elapsed >= WEEK) return calendarDate(iso);
  const words = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  if (elapsed < HOUR) return words.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return words.format(-Math.floor(elapsed / HOUR), "hour");
  return words.format(-Math.floor(elapsed / DAY), "day");
}

const sessions = (count: number) => (count === 1 ? "session" : "sessions");

/** 'Signed out of 1 session.', or with `others` 'Signed out of 3 other sessions.' None ended when
 * the others had signed out (or expired) since the list was read. */
export function signedOutMessage(ended: number, others = false): string {
  if (ended === 0) return "No other session was signed in.";
  return `Signed out of ${ended} ${others ? "other " : ""}${sessions(ended)}.`;
}
