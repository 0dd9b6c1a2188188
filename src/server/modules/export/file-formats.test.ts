import { describe, expect, it } from "vitest";
import { followsCsv, jsonArray, paged } from "./file-formats";
import { asctime, escapeFromLines } from "./mbox";

async function text(chunks: AsyncIterable<Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts).toString();
}

async function* pages<T>(...list: T[][]) {
  yield* list;
}

describe("jsonArray", () => {
  it.each<[unknown[][], unknown[]]>([
    [[], []],
    [[[{ a: 1 }]], [{ a: 1 }]],
    [
      [[1, 2], [3]],
      [1, 2, 3],
    ],
    [[['a "quoted"\nline']], ['a "quoted"\nline']],
  ])("writes %j as a JSON array", async (input, expected) => {
    expect(JSON.parse(await text(jsonArray(pages(...input))))).toEqual(expected);
  });
});

describe("followsCsv", () => {
  it("writes Mastodon's header and one account a line, quoting what needs it", async () => {
    expect(await text(followsCsv(pages(["a@x.example", "b@x.example"], ['odd,"name"@x'])))).toBe(
      'Account address,Show boosts,Notify on new posts,Languages\na@x.example,true,false,\nb@x.example,true,false,\n"odd,""name""@x",true,false,\n',
    );
  });
});

describe("paged", () => {
  it("asks for the next page after the last row until a page comes back short", async () => {
    const asked: (number | null)[] = [];
    const rows = [1, 2, 3, 4, 5];
    const all: number[] = [];
    for await (const page of paged<number>(async (last) => {
      asked.push(last);
      const from = last === null ? 0 : rows.indexOf(last) + 1;
      return rows.slice(from, from + 2);
    }, 2)) {
      all.push(...page);
    }
    expect(all).toEqual(rows);
    expect(asked).toEqual([null, 2, 4]);
  });
});

describe("mboxrd", () => {
  it.each([
    ["From the start", ">From the start"],
    [">From quoted", ">>From quoted"],
    ["a line\nFrom here\n>>From there", "a line\n>From here\n>>>From there"],
    ["From: a header-like line", "From: a header-like line"],
    ["  From indented", "  From indented"],
  ])("escapes %j", (line, escaped) => {
    expect(escapeFromLines(line)).toBe(escaped);
  });

  it.each([
    ["2026-11-25T17:33:03.000Z", "Wed Nov 25 17:33:03 2026"],
    ["2026-01-05T04:05:06.000Z", "Mon Jan  5 04:05:06 2026"],
  ])("dates the From line of %s as asctime", (iso, expected) => {
    expect(asctime(new Date(iso))).toBe(expected);
  });
});
