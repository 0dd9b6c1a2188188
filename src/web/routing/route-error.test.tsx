import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, MemoryRouter, Outlet, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouteErrorBoundary } from "./route-error";

function Broken(): never {
  throw new Error("the screen failed");
}

function Frame() {
  return (
    <>
      <nav>
        <Link to="/fine">Fine page</Link>
        <Link to="/broken">Broken page</Link>
      </nav>
      <RouteErrorBoundary>
        <Outlet />
      </RouteErrorBoundary>
    </>
  );
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route element={<Frame />}>
          <Route path="fine" element={<p>All is well</p>} />
          <Route path="broken" element={<Broken />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

afterEach(() => vi.restoreAllMocks());

describe("RouteErrorBoundary", () => {
  it("shows 'Something went wrong' in place of a failed screen, the frame around it still there", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderAt("/broken");
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go Home" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("link", { name: "Fine page" })).toBeTruthy();
  });

  it("clears when the address changes, and catches again at a failing one", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const user = renderAt("/broken");
    await user.click(screen.getByRole("link", { name: "Fine page" }));
    expect(await screen.findByText("All is well")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Something went wrong" })).toBeNull();
    await user.click(screen.getByRole("link", { name: "Broken page" }));
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
  });
});
