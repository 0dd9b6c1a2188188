// Which profiles column holds each personal attribute (spec-2 §3; the keys of
// domain/contracts/profile-attributes.ts). The profile's read selects these columns, its
// presenter reads the attributes back from them and a save writes them, all from this one table.
import type { ProfileAttributes } from "../../../domain/contracts/profile-attributes";
import { profiles } from "../../db/schema/profiles";

type ProfileColumns = typeof profiles.$inferSelect;

export const ATTRIBUTE_COLUMNS = {
  country: "country",
  state: "state",
  county: "county",
  city: "city",
  age: "age",
  gender: "gender",
  race: "race",
  sexuality: "sexuality",
  zodiac: "zodiac",
  body_types: "bodyTypes",
  height: "height",
  relationship_status: "relationshipStatus",
  kids: "kids",
  occupation: "occupation",
  military_branch: "militaryBranch",
  military_base: "militaryBase",
  university: "university",
  hbcu: "hbcu",
  salary: "salary",
  networth: "networth",
  greek: "greek",
  religion: "religion",
  education: "education",
  causes: "causes",
} as const satisfies { [K in keyof ProfileAttributes]: keyof ProfileColumns };

type AttributeKey = keyof typeof ATTRIBUTE_COLUMNS;
type AttributeColumn = (typeof ATTRIBUTE_COLUMNS)[AttributeKey];
const KEYS = Object.keys(ATTRIBUTE_COLUMNS) as AttributeKey[];

/** The attribute columns, for a select list. */
export const attributeSelection = Object.fromEntries(
  KEYS.map((key) => [ATTRIBUTE_COLUMNS[key], profiles[ATTRIBUTE_COLUMNS[key]]]),
) as { [C in AttributeColumn]: (typeof profiles)[C] };

/** The attributes a row holds, keyed as the spec names them. */
export function attributesOfRow(row: Pick<ProfileColumns, AttributeColumn>): ProfileAttributes {
  const attributes: Partial<Record<AttributeKey, unknown>> = {};
  for (const key of KEYS) attributes[key] = row[ATTRIBUTE_COLUMNS[key]];
  return attributes as ProfileAttributes;
}

/** The columns a save writes for the given attributes; an attribute not given is cleared. */
export function columnsOfAttributes(
  attributes: Partial<ProfileAttributes>,
): Pick<ProfileColumns, AttributeColumn> {
  const columns: Partial<Record<AttributeColumn, unknown>> = {};
  for (const key of KEYS) columns[ATTRIBUTE_COLUMNS[key]] = attributes[key] ?? null;
  return columns as Pick<ProfileColumns, AttributeColumn>;
}
