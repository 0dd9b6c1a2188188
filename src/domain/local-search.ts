// Local search (spec-2 §4, §5): before Search is pressed, the profiles already loaded in the
// browser are filtered with the spec's exact rules: the text matches full name, username or about;
// height is parsed from its feet-and-inches text; people with a missing age, height or kids are
// kept. State and city narrow too; every other filter needs the server ('enhanced') search.
import { heightToInches } from "./enums/height";
import { kidsCount } from "./enums/personal";
import type { SearchFilters } from "./search-filters";

export interface LocalProfile {
  fullName: string;
  handle: string;
  username: string | null;
  about: string | null;
  state: string | null;
  city: string | null;
  age: number | null;
  height: string | null;
  kids: string | null;
}

const within = (value: number | null, low: number | undefined, high: number | undefined) =>
  value === null || ((low === undefined || value >= low) && (high === undefined || value <= high));

const contains = (haystack: string | null, needle: string) =>
  (haystack ?? "").toLowerCase().includes(needle.toLowerCase());

export function matchesLocally(profile: LocalProfile, filters: SearchFilters): boolean {
  const q = filters.q?.trim();
  if (
    q &&
    ![profile.fullName, profile.username ?? profile.handle, profile.about].some((field) =>
      contains(field, q),
    )
  ) {
    return false;
  }
  if (filters.state && profile.state !== filters.state) return false;
  if (filters.city && !contains(profile.city, filters.city)) return false;
  return (
    within(profile.age, filters.ageMin, filters.ageMax) &&
    within(
      profile.height ? heightToInches(profile.height) : null,
      filters.heightMin,
      filters.heightMax,
    ) &&
    within(profile.kids ? kidsCount(profile.kids) : null, filters.kidsMin, filters.kidsMax)
  );
}
