// Where people live (spec-2 §2, §3): country, state, county (its list depends on the state), the
// US-city autocomplete, and beyond the spec 'within N miles' of that city (the fixed radii of the
// search fields' table; docs/search.md "Distance") and the order of the results (name, the spec's
// default; distance, once a city is chosen; newest members).
import { useQuery } from "@tanstack/react-query";
import { formatCityLabel } from "../../../domain/city-label";
import { loadCountiesOf } from "../../../domain/enums/geography";
import type { LoadedProfileLists } from "../../../domain/enums/profile-options";
import { DISTANCE_RADII, FILTER_LABELS, type SearchSort } from "../../../domain/search-fields";
import type { SearchFilters } from "../../../domain/search-filters";
import { CityAutocomplete } from "../../components/form/city-autocomplete";
import { FilterSelect, type NumberOption, NumberSelect } from "./filter-controls";
import { placeOf } from "./search-draft";
import type { FilterPatch } from "./use-search-filters";

const DISTANCES: readonly NumberOption[] = DISTANCE_RADII.map((miles) => ({
  value: miles,
  label: `${miles} miles`,
}));

const SORTS: readonly { value: SearchSort; label: string }[] = [
  { value: "name", label: "Name" },
  { value: "distance", label: "Distance" },
  { value: "newest", label: "Newest members" },
];

function useCounties(state: string | undefined) {
  return useQuery({
    queryKey: ["profile-options", "counties-of", state ?? ""],
    queryFn: () => loadCountiesOf(state ?? ""),
    enabled: state !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

interface FiltersProps {
  draft: SearchFilters;
  onChange: (patch: FilterPatch) => void;
}

export function PlaceFilters({
  draft,
  onChange,
  lists,
}: FiltersProps & { lists: LoadedProfileLists }) {
  const counties = useCounties(draft.state);
  const hasCity = draft.city !== undefined;
  const countyHint =
    draft.state === undefined
      ? "Choose a state first."
      : counties.isSuccess && counties.data.length === 0
        ? "No counties listed for this state."
        : undefined;
  return (
    <>
      <FilterSelect
        label={FILTER_LABELS.country}
        value={draft.country}
        options={lists.countries}
        onChange={(country) => onChange({ country })}
      />
      <FilterSelect
        label={FILTER_LABELS.state}
        value={draft.state}
        options={lists.states.map((state) => state.name)}
        // The county list belongs to the state: a new state starts it over.
        onChange={(state) => onChange({ state, county: undefined })}
      />
      <FilterSelect
        label={FILTER_LABELS.county}
        value={draft.county}
        options={counties.data ?? []}
        disabled={draft.state === undefined || counties.data?.length === 0}
        hint={countyHint}
        onChange={(county) => onChange({ county })}
      />
      <CityAutocomplete
        label={FILTER_LABELS.city}
        value={placeOf(draft.city)}
        onChange={(city) =>
          onChange(
            city
              ? { city: formatCityLabel(city) }
              : {
                  city: undefined,
                  withinMiles: undefined,
                  sort: draft.sort === "distance" ? undefined : draft.sort,
                },
          )
        }
      />
      <NumberSelect
        label={FILTER_LABELS.withinMiles}
        value={draft.withinMiles}
        options={DISTANCES}
        disabled={!hasCity}
        hint={hasCity ? `Of ${draft.city}` : "Choose a city first."}
        onChange={(withinMiles) => onChange({ withinMiles })}
      />
      <fieldset className="col-span-full min-w-0">
        <legend className="mb-1.5 text-sm font-medium text-neutral-700 dark:text-neutral-300">
          {FILTER_LABELS.sort}
        </legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {SORTS.map((sort) => {
            const unavailable = sort.value === "distance" && !hasCity;
            return (
              <label
                key={sort.value}
                className="flex min-h-9 cursor-pointer items-center gap-2 text-sm text-neutral-800 has-disabled:cursor-not-allowed has-disabled:opacity-50 dark:text-neutral-200"
              >
                <input
                  type="radio"
                  name="sort"
                  value={sort.value}
                  checked={(draft.sort ?? "name") === sort.value}
                  disabled={unavailable}
                  onChange={() => onChange({ sort: sort.value })}
                  className="size-4 accent-sky-600"
                />
                {sort.label}
              </label>
            );
          })}
        </div>
      </fieldset>
    </>
  );
}
