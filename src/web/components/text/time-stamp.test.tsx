// The one time presentation (docs/feed.md "Times"): relative under a week, then the day; the full
// date and time on hover, the exact instant in dateTime.
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TimeStamp } from "./time-stamp";

const now = new Date(2026, 10, 21, 15, 0, 0);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

function shown(at: Date, seenAt = now, label?: string) {
  const iso = at.toISOString();
  render(<TimeStamp at={iso} now={seenAt} label={label} />);
  const time = screen.getByText((_, element) => element?.tagName === "TIME");
  expect(time.getAttribute("dateTime")).toBe(iso);
  return { text: time.textContent, title: time.getAttribute("title") };
}

describe("TimeStamp", () => {
  it.each([
    [59 * S, "59s"],
    [60 * S, "1m"],
    [60 * M - 1, "59m"],
    [60 * M, "1h"],
    [24 * H - 1, "23h"],
    [24 * H, "1d"],
    [7 * D - 1, "6d"],
    [7 * D, "Nov 14"],
  ])("%i ms ago reads %s", (ms, text) => {
    expect(shown(new Date(now.getTime() - ms)).text).toBe(text);
  });

  it("names the year of a day in another year, and titles it with the full date and time", () => {
    expect(shown(new Date(2025, 10, 3, 21, 26))).toEqual({
      text: "Nov 3, 2025",
      title: "11/3/2025, 9:26 PM",
    });
  });

  it("says 'ago' in a sentence while relative, and gives the day alone after a week", () => {
    render(<TimeStamp at={new Date(now.getTime() - 3 * D).toISOString()} now={now} ago />);
    render(<TimeStamp at={new Date(now.getTime() - 8 * D).toISOString()} now={now} ago />);
    const texts = screen
      .getAllByText((_, element) => element?.tagName === "TIME")
      .map((time) => time.textContent);
    expect(texts).toEqual(["3d ago", "Nov 13"]);
  });

  it("shows a spec's own label where one is given, with the same tooltip", () => {
    expect(shown(new Date(2026, 10, 21, 9, 5), now, "9:05 AM")).toEqual({
      text: "9:05 AM",
      title: "11/21/2026, 9:05 AM",
    });
  });
});
