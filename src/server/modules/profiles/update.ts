// Saving the edit-profile form (spec-2 §5): only one's own profile; city resolved on the server.
// Lists show a person's name and badges, so a save publishes profile.changed (caches drop copies).
import type { z } from "zod";
import { ERROR_CODES } from "../../../domain/contracts/errors";
import type { ProfileView, profileUpdateBody } from "../../../domain/contracts/profiles";
import { requireOwner } from "../../access";
import type { AppContext } from "../../context";
import { badRequest } from "../../errors";
import type { CityIndex } from "../cities/city-index";
import { presentProfile } from "./present";
import { findProfileByUserId, updateProfileRow } from "./queries";

export type ProfileUpdate = z.output<ReturnType<typeof profileUpdateBody>>;

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
  await bus.publish({ type: "profile.changed", userId });
  return presentProfile(row, viewerId);
}
