// Quiet hours (docs/notifications.md "Quiet hours"): a daily window in the person's time zone
// during which pushes and e-mails wait. Times are minutes after local midnight.
const DAY = 24 * 60;
const MINUTE_MS = 60_000;

export interface QuietWindow {
  start: number;
  end: number;
  timeZone: string;
}

export const minutesOf = (clock: string): number => {
  const [hours = 0, minutes = 0] = clock.split(":").map(Number);
  return hours * 60 + minutes;
};

export const clockOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The minute of the local day at `at` in `timeZone`. */
function localMinute(at: Date, timeZone: string): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part("hour") * 60 + part("minute");
}

/** Whether `minute` of the day falls in the window [start, end), which may run past midnight. */
const inside = (minute: number, { start, end }: QuietWindow) =>
  start < end ? minute >= start && minute < end : minute >= start || minute < end;

/** When the window that holds `now` ends, or null when `now` is outside it. A clock change inside
 * the window (summer time) is followed: the end is when the local clock reads `end`, or, where the
 * change skips that time, as many minutes after the start as the window is long. */
export function quietUntil(now: Date, window: QuietWindow): Date | null {
  const minute = localMinute(now, window.timeZone);
  if (!inside(minute, window)) return null;
  const startOfMinute = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  const guess = startOfMinute + ((window.end - minute + DAY) % DAY) * MINUTE_MS;
  const read = localMinute(new Date(guess), window.timeZone);
  const drift = ((window.end - read + DAY + DAY / 2) % DAY) - DAY / 2;
  const corrected = guess + drift * MINUTE_MS;
  const end =
    corrected > now.getTime() && localMinute(new Date(corrected), window.timeZone) === window.end
      ? corrected
      : guess;
  return new Date(end);
}
