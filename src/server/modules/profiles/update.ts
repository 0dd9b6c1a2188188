// Saving the edit-profile form (spec-2 §5): only one's own profile; city resolved on the server.
// Lists show a person's name and badges, so a save publishes profile.changed (caches drop copies).
import type { z } from "zod";
import { ERROR_CODES } from "../../../domain/contracts/errors";
import type { ProfileView, profileUpdateBody } from "../../../domain/contracts/profiles";
import { findUsState, loadUsStates } from "../../../domain/enums/geography";
import { heightToInches } from "../../../domain/enums/height";
import { kidsCount } from "../../../domain/enums/personal";
import { requireOwner } from "../../access";
import type { AppContext } from "../../context";
import { badRequest } from "../../errors";
import type { CityIndex } from "../cities/city-index";
import { presentProfile } from "./present";
import { findProfileByUserId, updateProfileRow } from "./queries";

export type ProfileUpdate = z.output<ReturnType<typeof profileUpdateBody>>;

const placeError = (field: string, message: string) =>
  badRequest(ERROR_CODES.validation, message, { [field]: [message] });

/**
 * The exact 'City, ST' the autocomplete offered, with its coordinates; else a 400. A chosen city
 * also fixes the state and county: left empty they are taken from the city, and a state or county
 * the city is not in is a 400.
 */
async function resolvePlace(
  cities: CityIndex,
  input: { city: string | null | undefined; state: string | null; county: string | null },
) {
  const { city: label, state, county } = input;
  if (!label) return { city: null, cityLat: null, cityLng: null, state, county };
  const match = cities.search(label, 10).find((item) => `${item.city}, ${item.state}` === label);
  if (!match) throw placeError("city", "Please select a valid U.S. city");
  const cityState = findUsState(await loadUsStates(), match.state)?.name ?? null;
  if (state && state !== cityState)
    throw placeError("details.state", `${label} is in ${cityState}.`);
  if (county && county !== match.county) {
    throw placeError("details.county", `${label} is in ${match.county}.`);
  }
  return {
    city: label,
    cityLat: match.lat,
    cityLng: match.lng,
    state: cityState,
    county: match.county,
  };
}

export async function updateOwnProfile(
  { db, cities, bus }: Pick<AppContext, "db" | "cities" | "bus">,
  { viewerId, userId, input }: { viewerId: string; userId: string; input: ProfileUpdate },
): Promise<ProfileView> {
  requireOwner({ viewerId, ownerId: userId, permission: "profile.update" });
  const d = input.details;
  await updateProfileRow(db, userId, {
    fullName: input.fullName,
    emailAddress: input.emailAddress,
    websiteUrl: input.websiteUrl,
    about: input.about ?? null,
    ...(await resolvePlace(cities, {
      city: input.city,
      state: d.state ?? null,
      county: d.county ?? null,
    })),
    country: d.country ?? null,
    age: d.age ?? null,
    gender: d.gender ?? null,
    race: d.race ?? null,
    sexuality: d.sexuality ?? null,
    zodiac: d.zodiac ?? null,
    bodyTypes: d.body_types ?? null,
    height: d.height ?? null,
    heightInches: d.height ? heightToInches(d.height) : null,
    relationshipStatus: d.relationship_status ?? null,
    kids: d.kids ?? null,
    kidsCount: d.kids ? kidsCount(d.kids) : null,
    occupation: d.occupation ?? null,
    militaryBranch: d.military_branch ?? null,
    militaryBase: d.military_base ?? null,
    university: d.university ?? null,
    hbcu: d.hbcu ?? null,
    salary: d.salary ?? null,
    networth: d.networth ?? null,
    greek: d.greek ?? null,
    religion: d.religion ?? null,
    education: d.education ?? null,
    causes: d.causes ?? null,
  });
  const row = await findProfileByUserId(db, userId);
  if (!row) throw new Error("Upsert succeeded but profile not found");
  await bus.publish({ type: "profile.changed", userId });
  return presentProfile(row, viewerId);
}
