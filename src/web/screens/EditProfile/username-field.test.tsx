import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADA, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { profileOf } from "../../test-support/safety";
import { UsernameField } from "./username-field";

afterEach(() => vi.unstubAllGlobals());

const renderField = (username: string | null) => {
  stubFetch(() => undefined);
  return renderWithRoutes(
    [
      {
        path: "/:handle/edit-profile",
        element: <UsernameField profile={{ ...profileOf(ADA), username, isOwner: true }} />,
      },
    ],
    { url: "/ada/edit-profile", viewer: ADA },
  );
};

describe("UsernameField", () => {
  it("offers 'Get a custom username' without a reserved one; it opens Reserve Username", async () => {
    const { user } = renderField(null);
    expect(screen.getByLabelText("Username")).toHaveProperty("value", "@ada.default");
    await user.click(screen.getByRole("button", { name: "Get a custom username" }));
    expect(screen.getByRole("dialog", { name: "Reserve Username" })).toBeTruthy();
  });

  it("offers none to a person who has reserved a username", () => {
    renderField("ada");
    expect(screen.getByLabelText("Username")).toHaveProperty("value", "@ada");
    expect(screen.queryByRole("button", { name: "Get a custom username" })).toBeNull();
  });
});
