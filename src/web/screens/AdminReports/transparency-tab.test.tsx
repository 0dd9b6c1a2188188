import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADA, apiError, json, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { makeTransparencyReport } from "../../test-support/transparency";
import { TransparencyTab } from "./transparency-tab";

afterEach(() => vi.unstubAllGlobals());

/** The years 2025 and 2024, with what each statement says; a PUT stores one, or answers
 * `refuse` when given. */
function statementsApi(statements: Record<number, string | null>, refuse?: () => Response) {
  return stubFetch(({ method, path, body }) => {
    if (method === "GET" && path === "/api/transparency") {
      return json({ years: [2025, 2024], latest: 2025 });
    }
    const year = Number(path.split("/").at(-1));
    if (method === "GET" && path.startsWith("/api/transparency/")) {
      return json(makeTransparencyReport(year, { statement: statements[year] ?? null }));
    }
    if (method === "PUT" && path.startsWith("/api/admin/transparency/")) {
      if (refuse) return refuse();
      const text = (body as { statement: string }).statement.trim();
      statements[year] = text || null;
      return json({
        year,
        statement: text ? { text, updatedAt: "2026-01-05T10:00:00.000Z" } : null,
      });
    }
    return undefined;
  });
}

const renderTab = () =>
  renderWithRoutes([{ path: "/admin/reports", element: <TransparencyTab /> }], {
    url: "/admin/reports",
    viewer: ADA,
  });

const textbox = (year: number) =>
  screen.findByRole("textbox", { name: `Statement for ${year}` }) as Promise<HTMLTextAreaElement>;

describe("TransparencyTab", () => {
  it("loads the latest year's statement, saves a change and says so", async () => {
    const calls = statementsApi({ 2025: "Old words." });
    const { user } = renderTab();
    const field = await textbox(2025);
    expect(field.value).toBe("Old words.");
    expect(screen.getByRole("button", { name: "Save statement" })).toHaveProperty("disabled", true);
    await user.clear(field);
    await user.type(field, "A calm year.");
    expect(screen.getByText(/12 of 5,000 characters/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save statement" }));
    expect(await screen.findByText("Saved. The 2025 report shows it now.")).toBeTruthy();
    expect(calls.filter((call) => call.method === "PUT")).toEqual([
      {
        method: "PUT",
        path: "/api/admin/transparency/2025",
        body: { statement: "A calm year." },
      },
    ]);
    expect(field.value).toBe("A calm year.");
    expect(screen.getByRole("link", { name: "transparency report" }).getAttribute("href")).toBe(
      "/transparency?year=2025",
    );
  });

  it("keeps a draft per year while another year is chosen, and removes with an empty one", async () => {
    statementsApi({ 2024: "About 2024." });
    const { user } = renderTab();
    await user.type(await textbox(2025), "Draft for 2025");
    await user.selectOptions(screen.getByRole("combobox", { name: "Year" }), "2024");
    const older = await textbox(2024);
    expect(older.value).toBe("About 2024.");
    await user.clear(older);
    await user.click(screen.getByRole("button", { name: "Save statement" }));
    expect(await screen.findByText("The statement for 2024 is removed.")).toBeTruthy();
    await user.selectOptions(screen.getByRole("combobox", { name: "Year" }), "2025");
    expect((await textbox(2025)).value).toBe("Draft for 2025");
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    statementsApi({}, () => apiError(400, "A statement is at most 5,000 characters."));
    const { user } = renderTab();
    const field = await textbox(2025);
    await user.type(field, "Too much");
    await user.click(screen.getByRole("button", { name: "Save statement" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "A statement is at most 5,000 characters.",
    );
    expect(field.value).toBe("Too much");
  });
});
