// How the export's rows become file bytes, a row at a time (docs/accounts.md "Your data"): a JSON
// array written element by element, and CSV in the layout Mastodon's follow import reads.

/** Reads pages until one comes back short; `next` gets the previous page's last row. */
export async function* paged<T>(
  fetch: (last: T | null) => Promise<T[]>,
  limit: number,
): AsyncGenerator<T[]> {
  let last: T | null = null;
  for (;;) {
    const page = await fetch(last);
    if (page.length > 0) yield page;
    if (page.length < limit) return;
    last = page.at(-1) as T;
  }
}

/** `[`, one element per line, `]`: valid JSON however many elements, never held whole. */
export async function* jsonArray(items: AsyncIterable<unknown[]>): AsyncGenerator<Buffer> {
  let first = true;
  yield Buffer.from("[");
  for await (const page of items) {
    const lines = page.map((item) => {
      const line = `${first ? "\n" : ",\n"}  ${JSON.stringify(item)}`;
      first = false;
      return line;
    });
    yield Buffer.from(lines.join(""));
  }
  yield Buffer.from(first ? "]\n" : "\n]\n");
}

/** Mastodon's follow list import (Preferences → Import and export): one account a line. */
export const FOLLOWS_CSV_HEADER = "Account address,Show boosts,Notify on new posts,Languages";

const csvField = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/** The header, then one line per address: boosts shown, no notifications, any language. */
export async function* followsCsv(addresses: AsyncIterable<string[]>): AsyncGenerator<Buffer> {
  yield Buffer.from(`${FOLLOWS_CSV_HEADER}\n`);
  for await (const page of addresses) {
    yield Buffer.from(page.map((address) => `${csvField(address)},true,false,\n`).join(""));
  }
}
