// The US places behind the city autocomplete (spec-2 §2, §7), as the context hands them to the
// profile save and the search; modules/cities/city-index.ts builds it.
import type { CityItem } from "../../domain/contracts/cities";

export interface CityIndex {
  readonly size: number;
  search(query: string, limit?: number): CityItem[];
}
