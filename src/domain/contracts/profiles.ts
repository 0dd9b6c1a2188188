// Shapes of /api/profiles/* (spec-1 §3, spec-2 §3), shared by server and browser.
import { z } from "zod";

export const verificationType = z.enum(["none", "yellow", "black"]);

/** spec-2 §3 personal attributes, as stored (null when not given). */
export const ATTRIBUTE_KEYS = [
  "country",
  "state",
  "county",
  "city",
  "age",
  "gender",
  "race",
  "sexuality",
  "zodiac",
  "bodyTypes",
  "height",
  "relationshipStatus",
  "kids",
  "occupation",
  "militaryBranch",
  "militaryBase",
  "university",
  "hbcu",
  "salary",
  "networth",
  "greek",
  "religion",
  "education",
  "causes",
] as const;
export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];

const attributeValues = z.object({
  country: z.string().nullable(),
  state: z.string().nullable(),
  county: z.string().nullable(),
  city: z.string().nullable(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  race: z.string().nullable(),
  sexuality: z.string().nullable(),
  zodiac: z.string().nullable(),
  bodyTypes: z.string().nullable(),
  height: z.string().nullable(),
  relationshipStatus: z.string().nullable(),
  kids: z.string().nullable(),
  occupation: z.string().nullable(),
  militaryBranch: z.string().nullable(),
  militaryBase: z.string().nullable(),
  university: z.string().nullable(),
  hbcu: z.string().nullable(),
  salary: z.string().nullable(),
  networth: z.string().nullable(),
  greek: z.string().nullable(),
  religion: z.string().nullable(),
  education: z.string().nullable(),
  causes: z.string().nullable(),
});
export type ProfileAttributes = z.infer<typeof attributeValues>;

export const PICTURE_SLOTS = 9;

export const profileView = z.object({
  userId: z.string(),
  handle: z.string(),
  username: z.string().nullable(),
  defaultUsername: z.string(),
  fullName: z.string(),
  chtchtEmail: z.string(),
  profileImageUrl: z.string().nullable(),
  verificationType,
  veteran: z.boolean(),
  about: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  counts: z.object({ friends: z.number(), following: z.number(), followers: z.number() }),
  attributes: attributeValues,
  /** Slots 1–9 in order; null where empty. */
  pictures: z.array(z.string().nullable()).length(PICTURE_SLOTS),
  isOwner: z.boolean(),
  /** Only the owner sees the private contact address. */
  emailAddress: z.string().nullable(),
});
export type ProfileView = z.infer<typeof profileView>;

export const profileResponse = z.object({ profile: profileView });

export const handleParams = z.object({ handle: z.string().min(1).max(64) });
