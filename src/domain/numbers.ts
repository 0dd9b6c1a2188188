// Counts as en-US writes them ('1,234,567'), without Intl: a page's first use of Intl loads the
// browser's locale data, a long task on a phone (docs/performance.md "Lighthouse").

/** 1234567 → '1,234,567'; -1234 → '-1,234'; fractions keep their digits after the point. */
export function formatCount(n: number): string {
  const [whole = "", fraction] = String(Math.abs(n)).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${n < 0 ? "-" : ""}${grouped}${fraction ? `.${fraction}` : ""}`;
}
