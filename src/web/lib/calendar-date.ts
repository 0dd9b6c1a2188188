// A day as people write it ('March 14, 2027'), for renewal and grace dates.
export function calendarDate(iso: string, locale = "en-US"): string {
  return new Date(iso).toLocaleDateString(locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
  });
}
