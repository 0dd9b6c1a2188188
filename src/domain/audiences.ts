// Who sees each personal attribute (docs/profiles-and-media.md "Who sees what"): every attribute of
// the Details grid has an audience — Everyone, Friends (people who follow each other, spec-1 §3) or
// Only me. The owner sees everything, friends see Everyone and Friends, everyone else (anonymous
// visitors included) sees Everyone. A value the server derives from another attribute is shown to
// no more people than its source (effectiveAudiences). The server's presenters and the search
// index apply this one rule; the edit form shows it.
import type { ProfileAttributes } from "./contracts/profile-attributes";

export const AUDIENCES = ["everyone", "friends", "only_me"] as const;
export type Audience = (typeof AUDIENCES)[number];

export const AUDIENCE_LABELS: Record<Audience, string> = {
  everyone: "Everyone",
  friends: "Friends",
  only_me: "Only me",
};

export type AttributeKey = keyof ProfileAttributes;

/** Every attribute with an audience; the position is its bit in the search index's masks. */
export const AUDIENCE_ATTRIBUTES = [
  "country",
  "state",
  "county",
  "city",
  "age",
  "gender",
  "race",
  "sexuality",
  "zodiac",
  "body_types",
  "height",
  "relationship_status",
  "kids",
  "occupation",
  "military_branch",
  "military_base",
  "university",
  "hbcu",
  "salary",
  "networth",
  "greek",
  "religion",
  "education",
  "causes",
] as const satisfies readonly AttributeKey[];

/** Special-category and financial data: Only me until the person chooses, with their consent. */
export const SENSITIVE_ATTRIBUTES = [
  "race",
  "sexuality",
  "religion",
  "salary",
  "networth",
] as const satisfies readonly AttributeKey[];
export type SensitiveAttribute = (typeof SENSITIVE_ATTRIBUTES)[number];

export const isSensitive = (key: AttributeKey): key is SensitiveAttribute =>
  (SENSITIVE_ATTRIBUTES as readonly string[]).includes(key);

export type AttributeAudiences = Record<AttributeKey, Audience>;

export const defaultAudience = (key: AttributeKey): Audience =>
  isSensitive(key) ? "only_me" : "everyone";

const isAudience = (value: unknown): value is Audience =>
  (AUDIENCES as readonly unknown[]).includes(value);

/** The stored choices (a JSON object that may lack keys) with the defaults filled in. */
export function audiencesOf(stored: unknown): AttributeAudiences {
  const chosen = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const audiences = {} as AttributeAudiences;
  for (const key of AUDIENCE_ATTRIBUTES) {
    const value = chosen[key];
    audiences[key] = isAudience(value) ? value : defaultAudience(key);
  }
  return audiences;
}

/** What is stored: only the choices that differ from the default, so most profiles store `{}`. */
export function storedAudiences(audiences: AttributeAudiences): Partial<AttributeAudiences> {
  const stored: Partial<AttributeAudiences> = {};
  for (const key of AUDIENCE_ATTRIBUTES) {
    if (audiences[key] !== defaultAudience(key)) stored[key] = audiences[key];
  }
  return stored;
}

/** How the viewer stands to the profile's owner. */
export type ViewerStanding = "owner" | "friend" | "other";

export const mayView = (audience: Audience, standing: ViewerStanding): boolean =>
  standing === "owner" ||
  audience === "everyone" ||
  (audience === "friends" && standing === "friend");

/** Most open first: the strictest of several audiences is the one furthest along. */
const OPENNESS: Record<Audience, number> = { everyone: 0, friends: 1, only_me: 2 };

export const strictest = (a: Audience, b: Audience): Audience =>
  OPENNESS[a] >= OPENNESS[b] ? a : b;

/** Values the server fills in from another attribute (docs/profiles-and-media.md "Who sees
 * what"): a chosen city fixes the county (profiles/update.ts). The state is fixed by the city too
 * but stays the person's own choice: it is coarse, and one may show it while hiding the city. */
export const DERIVED_ATTRIBUTES = { county: "city" } as const satisfies Partial<
  Record<AttributeKey, AttributeKey>
>;
type DerivedSource = (typeof DERIVED_ATTRIBUTES)[keyof typeof DERIVED_ATTRIBUTES];

/** The values the effective audiences depend on: every derived value's source. */
export type AudienceSources = Pick<ProfileAttributes, DerivedSource>;

/** Who may actually see each attribute: a value derived from another, while that one is set, is
 * shown to no more people than its source (the strictest of its own audience and its source's). */
export function effectiveAudiences(
  audiences: AttributeAudiences,
  values: AudienceSources,
): AttributeAudiences {
  const effective = { ...audiences };
  for (const [derived, source] of Object.entries(DERIVED_ATTRIBUTES) as [
    AttributeKey,
    DerivedSource,
  ][]) {
    if (values[source] !== null && values[source] !== "") {
      effective[derived] = strictest(audiences[derived], audiences[source]);
    }
  }
  return effective;
}

/** The attributes as this viewer may see them, by their effective audiences: the others read as
 * not given (null). The values carry every derived value's source, so the rule always applies. */
export function visibleAttributes<T extends Partial<ProfileAttributes> & AudienceSources>(
  values: T,
  audiences: AttributeAudiences,
  standing: ViewerStanding,
): T {
  if (standing === "owner") return values;
  const effective = effectiveAudiences(audiences, values);
  const shown = { ...values };
  for (const key of Object.keys(shown) as (keyof T & AttributeKey)[]) {
    if (!mayView(effective[key], standing)) (shown as Record<string, unknown>)[key] = null;
  }
  return shown;
}

/** The search index's two masks (docs/search.md "Who can be found"): bit i set when
 * AUDIENCE_ATTRIBUTES[i]'s effective audience lets it be matched for everyone, or for friends.
 * Out of demographic search, none. */
export function audienceMasks(
  audiences: AttributeAudiences,
  values: AudienceSources,
  demographicSearch: boolean,
): { everyone: number; friends: number } {
  let everyone = 0;
  let friends = 0;
  if (!demographicSearch) return { everyone, friends };
  const effective = effectiveAudiences(audiences, values);
  AUDIENCE_ATTRIBUTES.forEach((key, bit) => {
    const audience = effective[key];
    if (audience === "everyone") everyone |= 1 << bit;
    if (audience !== "only_me") friends |= 1 << bit;
  });
  return { everyone: everyone >>> 0, friends: friends >>> 0 };
}

export const attributeBit = (key: AttributeKey): number =>
  (1 << (AUDIENCE_ATTRIBUTES as readonly string[]).indexOf(key)) >>> 0;

/** The one sentence of consent shown before a sensitive attribute leaves Only me. */
export function consentSentence(label: string, audience: Exclude<Audience, "only_me">): string {
  const who = audience === "everyone" ? "everyone" : "your friends";
  return `Your ${label.toLowerCase()} will be visible to ${who}, and ${who === "everyone" ? "anyone" : "they"} can find you by it in search.`;
}
