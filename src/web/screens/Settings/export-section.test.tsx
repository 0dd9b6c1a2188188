import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EXPORT_POLL_MS } from "../../state/queries/export";
import { type ExportState, exportApi, exportView, readyExport } from "../../test-support/export";
import { ADA, apiError, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { ExportSection } from "./export-section";

function renderSection(state: ExportState) {
  const calls = stubFetch(exportApi(state));
  renderWithRoutes([{ path: "/settings", element: <ExportSection /> }], {
    url: "/settings",
    viewer: ADA,
  });
  return calls;
}

const section = () => screen.getByRole("region", { name: "Your data" });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Settings: your data", () => {
  it("asks for an export, shows its progress while it builds, then the download link", async () => {
    const state: ExportState = { current: { export: null, nextRequestAt: null }, pollsToReady: 1 };
    const calls = renderSection(state);
    await userEvent.click(
      await within(section()).findByRole("button", { name: "Download my data" }),
    );

    expect(await within(section()).findByText("Preparing your data: your posts…")).toBeTruthy();
    const bar = within(section()).getByRole("progressbar", { name: "Preparing your data" });
    expect(bar.getAttribute("aria-valuenow")).toBe("25");
    expect(within(section()).getByText(/300 of 1,200 items/)).toBeTruthy();
    expect(within(section()).queryByRole("button", { name: "Download my data" })).toBeNull();

    // The section polls the server until the build is done.
    const link = await within(section()).findByRole(
      "link",
      { name: "Download (50.0 MB)" },
      { timeout: EXPORT_POLL_MS + 5_000 },
    );
    expect(link.getAttribute("href")).toBe(readyExport().downloadUrl);
    expect(within(section()).getByText(/The link works until December 2, 2026/)).toBeTruthy();
    expect(
      within(section()).getByText("You can ask for a new copy on November 26, 2026."),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("finds a build in progress after a reload, from the server", async () => {
    renderSection({
      current: {
        export: exportView({ progress: { done: 900, total: 1000, stage: "mail.mbox" } }),
        nextRequestAt: null,
      },
      pollsToReady: 5,
    });
    expect(await within(section()).findByText("Preparing your data: your mail…")).toBeTruthy();
    expect(within(section()).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("90");
  });

  it("says when a build failed and offers to try again", async () => {
    renderSection({
      current: { export: exportView({ status: "failed" }), nextRequestAt: null },
      pollsToReady: 1,
    });
    expect((await within(section()).findByRole("alert")).textContent).toBe(
      "We could not prepare your data.",
    );
    await userEvent.click(within(section()).getByRole("button", { name: "Try again" }));
    expect(await within(section()).findByRole("progressbar")).toBeTruthy();
  });

  it("shows the server's refusal under the button, and the button again", async () => {
    renderSection({
      current: { export: null, nextRequestAt: null },
      pollsToReady: 1,
      refusal: apiError(429, "You can ask for a copy of your data once a day."),
    });
    await userEvent.click(
      await within(section()).findByRole("button", { name: "Download my data" }),
    );
    expect(
      await within(section()).findByText("You can ask for a copy of your data once a day."),
    ).toBeTruthy();
    expect(within(section()).getByRole("button", { name: "Download my data" })).toBeTruthy();
  });

  it("shows a load error with Retry", async () => {
    let fail = true;
    const state: ExportState = { current: { export: null, nextRequestAt: null }, pollsToReady: 1 };
    const api = exportApi(state);
    stubFetch((request) => (fail ? apiError(500, "Something went wrong.") : api(request)));
    renderWithRoutes([{ path: "/settings", element: <ExportSection /> }], {
      url: "/settings",
      viewer: ADA,
    });
    expect(await within(section()).findByText("Failed to load your data export")).toBeTruthy();
    fail = false;
    await userEvent.click(within(section()).getByRole("button", { name: "Retry" }));
    await waitFor(() =>
      expect(within(section()).getByRole("button", { name: "Download my data" })).toBeTruthy(),
    );
  });
});
