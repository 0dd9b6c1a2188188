// How a chosen city shows in a text field (spec-2 §7 "US city autocomplete").
import type { CityItem } from "./contracts/cities";

/** 'Springfield, IL'. */
export function formatCityLabel(item: Pick<CityItem, "city" | "state">): string {
  return `${item.city}, ${item.state}`;
}
