import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, json, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { makeTransparencyReport } from "../../test-support/transparency";
import { TransparencyScreen } from "./transparency-screen";

afterEach(() => vi.unstubAllGlobals());

const REPORT_2025 = makeTransparencyReport(2025, {
  reasons: { spam: 12, harassment: 3 },
  kinds: { dismiss: 4, remove: 7, suspend: 2 },
  rules: { spam: 6, harassment: 2, none: 1 },
  flags: { in: 2, out: 1 },
  closed: 14,
  median: { seconds: 5400, label: "1 hour 30 minutes" },
  appeals: { received: 3, approved: 1, rejected: 1, openAtYearEnd: 1 },
  suspensions: { suspended: 2, suspendedAtYearEnd: 1 },
  statement: "We answered every report within a day.\nThank you.",
});

function renderReport(url: string, answers: Record<string, () => Response>) {
  const calls = stubFetch(({ method, path }) =>
    method === "GET" && answers[path] ? answers[path]() : undefined,
  );
  const rendered = renderWithRoutes([{ path: "/transparency", element: <TransparencyScreen /> }], {
    url,
    viewer: null,
  });
  return { ...rendered, calls };
}

const years = () => json({ years: [2026, 2025, 2024], latest: 2025 });
const table = (caption: string) => within(screen.getByRole("table", { name: caption }));
const countOf = (caption: string, row: string) =>
  table(caption)
    .getByRole("rowheader", { name: new RegExp(`^${row}`) })
    .closest("tr")
    ?.querySelector("td")?.textContent;

describe("TransparencyScreen", () => {
  it("shows the latest year with records in tables, with the statement and the JSON", async () => {
    renderReport("/transparency", {
      "/api/transparency": years,
      "/api/transparency/2025": () => json(REPORT_2025),
    });
    expect(
      await screen.findByRole("heading", { name: "Transparency report", level: 1 }),
    ).toBeTruthy();
    await screen.findByRole("table", { name: "Reports received in 2025, by reason" });
    expect((screen.getByRole("combobox", { name: "Year" }) as HTMLSelectElement).value).toBe(
      "2025",
    );

    expect(countOf("Reports received in 2025, by reason", "Spam")).toBe("12");
    expect(countOf("Reports received in 2025, by reason", "Violence or threats")).toBe("0");
    expect(countOf("Reports received in 2025, by reason", "All reports")).toBe("15");
    expect(countOf("Reports across servers in 2025", "From other servers")).toBe("2");
    expect(countOf("Actions in 2025, by kind", "Removed")).toBe("7");
    expect(countOf("Actions in 2025, by kind", "All actions")).toBe("13");
    expect(
      countOf(
        "Removals, restrictions and suspensions in 2025, by the rule enforced",
        "No rule named",
      ),
    ).toBe("1");
    expect(countOf("Appeals in 2025", "Approved")).toBe("1");
    expect(countOf("Appeals in 2025", "Waiting for a decision at the end of 2025")).toBe("1");
    expect(countOf("Suspensions in 2025", "Accounts suspended at the end of 2025")).toBe("1");
    // Each table's headers are real headers: a column's and each row's.
    expect(
      table("Appeals in 2025")
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Appeals", "Count"]);

    expect(screen.getByText("1 hour 30 minutes")).toBeTruthy();
    expect(screen.getByText(/Median over 14 closed reports \(5,400 seconds\)/)).toBeTruthy();
    expect(screen.getByText(/We answered every report within a day/).textContent).toContain(
      "Thank you.",
    );
    expect(screen.getByRole("link", { name: "/api/transparency/2025" }).getAttribute("href")).toBe(
      "/api/transparency/2025",
    );
    expect(screen.getByText(/in UTC/)).toBeTruthy();
  });

  it("changes year from the picker, through the address", async () => {
    const { user, router } = renderReport("/transparency", {
      "/api/transparency": years,
      "/api/transparency/2025": () => json(REPORT_2025),
      "/api/transparency/2026": () =>
        json(makeTransparencyReport(2026, { live: true, reasons: { spam: 1 } })),
    });
    await screen.findByRole("table", { name: "Reports received in 2025, by reason" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Year" }), "2026");
    await screen.findByRole("table", { name: "Reports received in 2026, by reason" });
    expect(router.state.location.search).toBe("?year=2026");
    expect(countOf("Appeals in 2026", "Waiting for a decision now")).toBe("0");
    expect(screen.getByText(/2026 is not over/)).toBeTruthy();
    expect(screen.getByText("The moderators have not written a statement for 2026.")).toBeTruthy();
    expect(screen.getByText("No report was closed in 2026.")).toBeTruthy();
  });

  it("says when nothing happened in a year, and when the address names a year without a report", async () => {
    renderReport("/transparency?year=2019", {
      "/api/transparency": years,
      "/api/transparency/2025": () => json(makeTransparencyReport(2025)),
    });
    expect(await screen.findByText("There is no report for 2019; here is 2025's.")).toBeTruthy();
    expect(
      await screen.findByText("Nothing was reported and no moderator acted in 2025."),
    ).toBeTruthy();
    expect(countOf("Reports received in 2025, by reason", "All reports")).toBe("0");
  });

  it("shows a failed load with Retry, and loads again", async () => {
    let fail = true;
    const { user } = renderReport("/transparency?year=2024", {
      "/api/transparency": years,
      "/api/transparency/2024": () =>
        fail ? apiError(429, "") : json(makeTransparencyReport(2024, { reasons: { other: 1 } })),
    });
    expect(await screen.findByText("Could not load the report for 2024.")).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await screen.findByRole("table", { name: "Reports received in 2024, by reason" });
  });

  it("shows that the years could not be loaded", async () => {
    // A 4xx is not retried (a 5xx would be, after a wait).
    renderReport("/transparency", { "/api/transparency": () => apiError(429, "") });
    expect(await screen.findByText("Could not load the transparency report.")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy());
  });
});
