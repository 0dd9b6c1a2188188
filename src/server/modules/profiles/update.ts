// Saving the edit-profile form (spec-2 §5): only one's own profile; city resolved on the server.
// Lists show a person's name and badges, so a save publishes profile.changed (caches drop copies).
// A new website loses its verified mark at once and is checked again after the commit, through
// the outbox (docs/profiles-and-media.md "Verified links").
import type { z } from "zod";
import { ATTRIBUTE_LABELS } from "../../../domain/attribute-labels";
import {
  type AttributeAudiences,
  audiencesOf,
  consentSentence,
  isSensitive,
  storedAudiences,
} from "../../../domain/audiences";
import type { ProfileView, profileUpdateBody } from "../../../domain/contracts/profiles";
import { findUsState, loadUsStates } from "../../../domain/enums/geography";
import { heightToInches } from "../../../domain/enums/height";
import { kidsCount } from "../../../domain/enums/personal";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { AppContext } from "../../context";
import { badRequest } from "../../errors";
import { requireOwner } from "../../policy/access";
import type { CityIndex } from "../../ports/city-index";
import { columnsOfAttributes } from "./attribute-columns";
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

/**
 * The audiences after this save, and the consents it records: a sensitive attribute leaves Only me
 * for the first time only with the person's consent in the same request
 * (docs/profiles-and-media.md "Consent"); otherwise a 400 names the sentence they must agree to.
 */
function nextAudiences(
  stored: { audiences: unknown; consents: Record<string, string> },
  input: Pick<ProfileUpdate, "audiences" | "consent">,
  now: Date,
): { audiences: AttributeAudiences; consents: Record<string, string> } {
  const before = audiencesOf(stored.audiences);
  const audiences = { ...before, ...input.audiences };
  const consents = { ...stored.consents };
  const given = new Set<string>(input.consent ?? []);
  const missing: Record<string, string[]> = {};
  for (const [key, audience] of Object.entries(audiences) as [keyof AttributeAudiences, string][]) {
    if (!isSensitive(key) || audience === "only_me" || before[key] !== "only_me") continue;
    if (consents[key] !== undefined) continue;
    if (given.has(key)) {
      consents[key] = now.toISOString();
      continue;
    }
    const sentence = consentSentence(ATTRIBUTE_LABELS[key], audience as "everyone" | "friends");
    missing[`audiences.${key}`] = [`Please confirm first. ${sentence}`];
  }
  const first = Object.values(missing)[0]?.[0];
  if (first) throw badRequest(ERROR_CODES.validation, first, missing);
  return { audiences, consents };
}

export async function updateOwnProfile(
  { db, cities, outbox, federation }: Pick<AppContext, "db" | "cities" | "outbox" | "federation">,
  { viewerId, userId, input }: { viewerId: string; userId: string; input: ProfileUpdate },
): Promise<ProfileView> {
  requireOwner({ viewerId, ownerId: userId, permission: "profile.update" });
  const d = input.details;
  const current = await findProfileByUserId(db, userId);
  if (!current) throw new Error("Signed-in owner has no profile");
  const privacy = nextAudiences(
    {
      audiences: current.profile.attributeAudiences,
      consents: current.profile.sensitiveConsents,
    },
    input,
    new Date(),
  );
  const place = await resolvePlace(cities, {
    city: input.city,
    state: d.state ?? null,
    county: d.county ?? null,
  });
  const websiteUrl = input.websiteUrl;
  const newWebsite = websiteUrl !== current.profile.websiteUrl;
  await outbox.transaction(async (tx, fx) => {
    await updateProfileRow(tx, userId, {
      attributeAudiences: storedAudiences(privacy.audiences),
      sensitiveConsents: privacy.consents,
      ...(input.demographicSearch === undefined
        ? {}
        : { demographicSearch: input.demographicSearch }),
      fullName: input.fullName,
      emailAddress: input.emailAddress,
      websiteUrl,
      ...(newWebsite ? { websiteVerifiedAt: null } : {}),
      about: input.about ?? null,
      ...columnsOfAttributes(d),
      ...place,
      heightInches: d.height ? heightToInches(d.height) : null,
      kidsCount: d.kids ? kidsCount(d.kids) : null,
    });
    if (newWebsite && websiteUrl) fx.verifyWebsite(userId, websiteUrl);
    await federation.actorChanged(tx, fx, userId);
    fx.publishAfterCommit({ type: "profile.changed", userId });
  });
  const row = await findProfileByUserId(db, userId);
  if (!row) throw new Error("Upsert succeeded but profile not found");
  return presentProfile(row, "owner");
}

/** The one-time notice about audiences has been shown (docs/profiles-and-media.md). */
export async function dismissPrivacyNotice(
  db: AppContext["db"],
  { viewerId, userId }: { viewerId: string; userId: string },
): Promise<void> {
  requireOwner({ viewerId, ownerId: userId, permission: "profile.update" });
  await updateProfileRow(db, userId, { audienceNoticeDue: false });
}
