import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { audiencesOf } from "../../../domain/audiences";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { NO_ATTRIBUTES } from "../../test-support/posts";
import { ProfileDetails } from "./profile-details";

const attributes: ProfileView["attributes"] = {
  ...NO_ATTRIBUTES,
  city: "Austin, TX",
  gender: "Female",
  religion: "Buddhist",
};

const term = (label: string) => {
  const details = screen.getByRole("region", { name: "Details" });
  return within(details).getByText(label, { exact: true }).closest("dt") as HTMLElement;
};

describe("ProfileDetails", () => {
  it("marks, for the owner, each detail not shown to everyone with who can see it", () => {
    render(
      <ProfileDetails
        attributes={attributes}
        privacy={{
          audiences: audiencesOf({ gender: "friends" }),
          demographicSearch: true,
          consented: [],
          noticeDue: false,
        }}
      />,
    );
    expect(term("Religion").textContent).toBe("ReligionWho can see: Only me");
    expect(term("Gender").textContent).toBe("GenderWho can see: Friends");
    expect(term("City").textContent).toBe("City");
    expect(within(term("Religion")).getByText("Who can see:").className).toContain("sr-only");
  });

  it("marks the county with the city's audience when the city is shown to fewer people", () => {
    render(
      <ProfileDetails
        attributes={{ ...attributes, county: "Travis County" }}
        privacy={{
          audiences: audiencesOf({ city: "friends" }),
          demographicSearch: true,
          consented: [],
          noticeDue: false,
        }}
      />,
    );
    expect(term("City").textContent).toBe("CityWho can see: Friends");
    expect(term("County").textContent).toBe("CountyWho can see: Friends");
  });

  it("shows others what the server sent, unmarked", () => {
    render(<ProfileDetails attributes={{ ...attributes, religion: null }} privacy={null} />);
    expect(screen.queryByText("Religion")).toBeNull();
    expect(term("Gender").textContent).toBe("Gender");
    expect(screen.queryByText(/Who can see/)).toBeNull();
  });
});

describe("ProfileDetails on a phone", () => {
  const many: ProfileView["attributes"] = {
    ...attributes,
    age: 34,
    occupation: "Engineer",
    university: "Rice University",
  };
  const stubWidth = (phone: boolean) =>
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: phone && query === "(max-width: 600px)",
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  afterEach(() => vi.unstubAllGlobals());

  it("folds to its first row, and 'Show all details' unfolds it by keyboard", async () => {
    stubWidth(true);
    render(<ProfileDetails attributes={many} privacy={null} />);
    const details = screen.getByRole("region", { name: "Details" });
    expect(within(details).getAllByRole("term")).toHaveLength(2);
    const toggle = within(details).getByRole("button", { name: "Show all details" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(details.querySelector(`[id="${toggle.getAttribute("aria-controls")}"]`)?.tagName).toBe(
      "DL",
    );

    const user = userEvent.setup();
    toggle.focus();
    await user.keyboard("{Enter}");
    expect(within(details).getAllByRole("term")).toHaveLength(6);
    const fold = within(details).getByRole("button", { name: "Show fewer details" });
    expect(fold.getAttribute("aria-expanded")).toBe("true");
    await user.keyboard(" ");
    expect(within(details).getAllByRole("term")).toHaveLength(2);
  });

  it("shows every detail and no button on a wider screen", () => {
    stubWidth(false);
    render(<ProfileDetails attributes={many} privacy={null} />);
    expect(screen.getAllByRole("term")).toHaveLength(6);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
