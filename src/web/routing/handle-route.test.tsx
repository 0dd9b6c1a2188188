import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { HandleRoute } from "./handle-route";

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function landing(url: string) {
  const router = createMemoryRouter(
    [{ element: <HandleRoute />, children: [{ path: "*", element: <Where /> }] }],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return screen.getByTestId("where").textContent;
}

describe("HandleRoute", () => {
  it.each([
    ["/@ada", "/ada"],
    ["/@ada/edit-profile?x=1", "/ada/edit-profile?x=1"],
    ["/ada", "/ada"],
    ["/@carol@social.example", "/@carol@social.example"],
    ["/carol@social.example", "/@carol@social.example"],
    ["/carol@social.example/", "/@carol@social.example"],
  ])("%s lands on %s", (url, where) => expect(landing(url)).toBe(where));
});
