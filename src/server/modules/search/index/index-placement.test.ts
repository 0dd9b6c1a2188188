// The coarsening rule (docs/search.md "Distance"): a city with fewer than 50 searchable people is
// measured from its county's centre, a county with fewer from its state's; the centres are the
// mean of the table's places in each.
import { describe, expect, it } from "vitest";
import { createCityAreas } from "../../cities/city-areas";
import { CROWD_MIN, coarsen as coarsenTable, PlaceTable } from "./index-placement";

const TOWN = { lat: 44.642, lng: -72.6712 };
const VILLAGE = { lat: 44.7343, lng: -72.5863 };
const CITY = { lat: 44.4759, lng: -73.2121 };
const AREAS = createCityAreas([
  ["Johnson", "VT", "Lamoille County", TOWN.lat, TOWN.lng, 1451],
  ["Eden", "VT", "Lamoille County", VILLAGE.lat, VILLAGE.lng, 0],
  ["Stowe", "VT", "Lamoille County", 44.4695, -72.6923, 4314],
  ["Burlington", "VT", "Chittenden County", CITY.lat, CITY.lng, 42000],
]);
/** The rule over these places, as the index hands them over: a table of places and their counts. */
const coarsen = (places: { point: { lat: number; lng: number }; searchable: number }[]) => {
  const table = new PlaceTable(AREAS);
  for (const place of places) table.add(place.point);
  return coarsenTable(
    table,
    places.map((place) => place.searchable),
  );
};

const LAMOILLE = {
  lat: (TOWN.lat + VILLAGE.lat + 44.4695) / 3,
  lng: (TOWN.lng + VILLAGE.lng - 72.6923) / 3,
};
const VERMONT = {
  lat: (TOWN.lat + VILLAGE.lat + 44.4695 + CITY.lat) / 4,
  lng: (TOWN.lng + VILLAGE.lng - 72.6923 + CITY.lng) / 4,
};

describe("coarsen", () => {
  it("has a crowd of 50", () => {
    expect(CROWD_MIN).toBe(50);
  });

  it.each([
    ["a city of 50 stays where it is", 50, 0, 0, TOWN],
    ["a town of 49 in a county of 50 goes to the county's centre", 49, 1, 0, LAMOILLE],
    ["a town of 1 in a county of 50 goes to the county's centre", 1, 49, 0, LAMOILLE],
    ["a town of 49 in a county of 49 goes to the state's centre", 49, 0, 0, VERMONT],
    [
      "a town of 1 beside a big city of another county goes to the state's centre",
      1,
      0,
      500,
      VERMONT,
    ],
  ])("%s", (_, town, village, city, expected) => {
    const [placed] = coarsen([
      { point: TOWN, searchable: town },
      { point: VILLAGE, searchable: village },
      { point: CITY, searchable: city },
    ]);
    expect(placed?.lat).toBeCloseTo(expected.lat, 10);
    expect(placed?.lng).toBeCloseTo(expected.lng, 10);
  });

  it("places every small place of one county at the same point", () => {
    const placed = coarsen([
      { point: TOWN, searchable: 3 },
      { point: VILLAGE, searchable: 60 },
      { point: CITY, searchable: 2 },
    ]);
    expect(placed).toEqual([
      { lat: expect.closeTo(LAMOILLE.lat, 10), lng: expect.closeTo(LAMOILLE.lng, 10) },
      VILLAGE,
      { lat: expect.closeTo(VERMONT.lat, 10), lng: expect.closeTo(VERMONT.lng, 10) },
    ]);
  });

  it("leaves a place the city table does not know where it is", () => {
    const nowhere = { lat: 1, lng: 2 };
    expect(coarsen([{ point: nowhere, searchable: 1 }])).toEqual([nowhere]);
  });
});
