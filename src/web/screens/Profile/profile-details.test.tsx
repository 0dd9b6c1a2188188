import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
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

  it("shows others what the server sent, unmarked", () => {
    render(<ProfileDetails attributes={{ ...attributes, religion: null }} privacy={null} />);
    expect(screen.queryByText("Religion")).toBeNull();
    expect(term("Gender").textContent).toBe("Gender");
    expect(screen.queryByText(/Who can see/)).toBeNull();
  });
});
