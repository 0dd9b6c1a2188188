// What each search filter (spec-2 §3) is called on screen: the panel's fields and the lines that
// name a refused value. Attributes of the profile keep the profile's words.

import { ATTRIBUTE_LABELS } from "../../../domain/attribute-labels";
import type { FilterKey } from "../../../domain/search-filters";

export const FILTER_LABELS: Record<FilterKey, string> = {
  q: "Name, username or about",
  country: ATTRIBUTE_LABELS.country,
  state: ATTRIBUTE_LABELS.state,
  county: ATTRIBUTE_LABELS.county,
  city: ATTRIBUTE_LABELS.city,
  withinMiles: "Within",
  ageMin: "Min age",
  ageMax: "Max age",
  gender: ATTRIBUTE_LABELS.gender,
  relationshipStatus: ATTRIBUTE_LABELS.relationship_status,
  bodyType: ATTRIBUTE_LABELS.body_types,
  sexuality: ATTRIBUTE_LABELS.sexuality,
  heightMin: "Min height",
  heightMax: "Max height",
  zodiac: ATTRIBUTE_LABELS.zodiac,
  race: ATTRIBUTE_LABELS.race,
  militaryBranch: ATTRIBUTE_LABELS.military_branch,
  militaryBase: ATTRIBUTE_LABELS.military_base,
  university: ATTRIBUTE_LABELS.university,
  hbcu: ATTRIBUTE_LABELS.hbcu,
  occupation: ATTRIBUTE_LABELS.occupation,
  kidsMin: "Min kids",
  kidsMax: "Max kids",
  networth: ATTRIBUTE_LABELS.networth,
  salary: ATTRIBUTE_LABELS.salary,
  greek: ATTRIBUTE_LABELS.greek,
  religion: ATTRIBUTE_LABELS.religion,
  education: ATTRIBUTE_LABELS.education,
  sort: "Sort by",
};
