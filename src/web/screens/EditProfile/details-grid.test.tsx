import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef, useState } from "react";
import { describe, expect, it } from "vitest";
import { type AttributeAudiences, type Audience, audiencesOf } from "../../../domain/audiences";
import type { CityItem } from "../../../domain/contracts/cities";
import { PROFILE_ATTRIBUTES } from "../../../domain/enums/profile-options";
import { DetailsGrid } from "./details-grid";
import type { DetailValues } from "./form-values";

const AUSTIN: CityItem = {
  city: "Austin",
  state: "TX",
  county: "Travis County",
  lat: 30.27,
  lng: -97.74,
};
const details = {
  ...Object.fromEntries(PROFILE_ATTRIBUTES.map((key) => [key, ""])),
  state: "Texas",
  county: "Travis County",
} as DetailValues;

/** The grid as the form holds it: the audiences change as the person picks them. */
function Grid({ city, start }: { city: CityItem | null; start: Partial<AttributeAudiences> }) {
  const [audiences, setAudiences] = useState(audiencesOf(start));
  return (
    <DetailsGrid
      details={details}
      city={city}
      audiences={audiences}
      errors={{}}
      cityRef={createRef()}
      onDetailsChange={() => {}}
      onCityChange={() => {}}
      onAudienceChange={(key, audience: Audience) =>
        setAudiences((a) => ({ ...a, [key]: audience }))
      }
    />
  );
}

function renderGrid(city: CityItem | null, start: Partial<AttributeAudiences>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Grid city={city} start={start} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const county = () => screen.getByRole("combobox", { name: "County" });
const whoCanSee = (field: string) =>
  screen.getByRole("combobox", { name: `Who can see ${field}` }) as HTMLSelectElement;

describe("DetailsGrid: a county narrowed by the city", () => {
  it("says under County who sees it when the city is shown to fewer people", async () => {
    const user = renderGrid(AUSTIN, { city: "friends" });
    const note = await screen.findByText("Shown to Friends, like your city.");
    // The select is described by the note, and keeps the person's own choice.
    expect(county().getAttribute("aria-describedby")).toContain(note.id);
    expect(whoCanSee("County").value).toBe("everyone");

    await user.selectOptions(whoCanSee("City"), "Only me");
    expect(screen.getByText("Only me, like your city.")).toBeTruthy();

    // A county already as strict as the city needs no note.
    await user.selectOptions(whoCanSee("County"), "Only me");
    expect(screen.queryByText(/like your city/)).toBeNull();
  });

  it("says nothing when the city is shown at least as widely", async () => {
    const user = renderGrid(AUSTIN, { city: "everyone" });
    expect(screen.queryByText(/like your city/)).toBeNull();
    await user.selectOptions(whoCanSee("County"), "Friends");
    expect(screen.queryByText(/like your city/)).toBeNull();
  });

  it("leaves the county its own audience without a city", () => {
    renderGrid(null, { city: "only_me" });
    expect(screen.queryByText(/like your city/)).toBeNull();
  });
});
