// Saving the edit-profile form (spec-2 §5): only one's own profile; city resolved on the server.
import type { z } from "zod";
import { ERROR_CODES } from "../../../domain/contracts/errors";
import type { ProfileView, profileUpdateBody } from "../../../domain/contracts/profiles";
import type { Db } from "../../db/client";
import { badRequest, forbidden } from "../../errors";
import type { CityIndex } from "../cities/city-index";
import { presentProfile } from "./present";
import { findProfileByUserId, updateProfileRow } from "./queries";

export type ProfileUpdate = z.output<ReturnType<typeof profileUpdateBody>>;

/** spec-2 §6: a user may update only their own profile and pictures. */
export function assertOwner(viewerId: string, userId: string): void {
  if (viewerId !== userId) throw forbidden("Can only update your own pics");
}

/** The exact 'City, ST' the autocomplete offered, with its coordinates; else a 400. */
function resolveCity(cities: CityIndex, label: string | null | undefined) {
  if (!label) return { city: null, cityLat: null, cityLng: null };
  const match = cities.search(label, 10).find((item) => `${item.city}, ${item.state}` === label);
  if (!match) {
    const message = "Please select a valid U.S. city";
    throw badRequest(ERROR_CODES.validation, message, { city: [message] });
  }
  return { city: label, cityLat: match.lat, cityLng: match.lng };
}

export async function updateOwnProfile(
  db: Db,
  cities: CityIndex,
  viewerId: string,
  userId: string,
  input: ProfileUpdate,
): Promise<ProfileView> {
  assertOwner(viewerId, userId);
  const d = input.details;
  await updateProfileRow(db, userId, {
    fullName: input.fullName,
    emailAddress: input.emailAddress,
    websiteUrl: input.websiteUrl,
    about: input.about ?? null,
    ...resolveCity(cities, input.city),
    country: d.country ?? null,
    state: d.state ?? null,
    county: d.county ?? null,
    age: d.age ?? null,
    gender: d.gender ?? null,
    race: d.race ?? null,
    sexuality: d.sexuality ?? null,
    zodiac: d.zodiac ?? null,
    bodyTypes: d.body_types ?? null,
    height: d.height ?? null,
    relationshipStatus: d.relationship_status ?? null,
    kids: d.kids ?? null,
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
  return presentProfile(row, viewerId);
}
