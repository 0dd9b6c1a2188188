// Shapes of /api/profiles/* (spec-1 §3, spec-2 §3), shared by server and browser.
import { z } from "zod";
import {
  type AttributeKey,
  AUDIENCE_ATTRIBUTES,
  AUDIENCES,
  type Audience,
  SENSITIVE_ATTRIBUTES,
} from "../audiences";
import { isEmailShaped, normalizeEmail } from "../email";
import { type LoadedProfileLists, profileDetailsSchema } from "../enums/profile-options";
import { normalizeWebsite } from "../website";
import { fullNameField } from "./auth";
import { attributeValues } from "./profile-attributes";

/** What a profile save may say about audiences: any subset, plus the sensitive attributes the
 * person consents to show (docs/profiles-and-media.md "Consent"). */
export const audienceChoices = z
  .object(
    Object.fromEntries(
      AUDIENCE_ATTRIBUTES.map((key) => [
        key,
        z.enum(AUDIENCES, { message: "Choose Everyone, Friends or Only me." }).optional(),
      ]),
    ) as Record<AttributeKey, z.ZodOptional<z.ZodEnum<{ [K in Audience]: K }>>>,
  )
  .strict();

export const consentList = z
  .array(z.enum(SENSITIVE_ATTRIBUTES, { message: "Only sensitive attributes need consent." }))
  .max(SENSITIVE_ATTRIBUTES.length);

export const verificationType = z.enum(["none", "yellow", "black"]);

export const PICTURE_SLOTS = 9;

/** The owner's own choices of who sees what (docs/profiles-and-media.md "Who sees what"). */
export const profilePrivacy = z.object({
  audiences: z.object(
    Object.fromEntries(AUDIENCE_ATTRIBUTES.map((key) => [key, z.enum(AUDIENCES)])) as Record<
      (typeof AUDIENCE_ATTRIBUTES)[number],
      z.ZodEnum<{ [K in (typeof AUDIENCES)[number]]: K }>
    >,
  ),
  demographicSearch: z.boolean(),
  /** Sensitive attributes the person has agreed, once, to show beyond Only me. */
  consented: z.array(z.enum(SENSITIVE_ATTRIBUTES)),
  /** Filled in before audiences existed and not yet told about them. */
  noticeDue: z.boolean(),
});
export type ProfilePrivacy = z.infer<typeof profilePrivacy>;

export const profileView = z.object({
  userId: z.string(),
  handle: z.string(),
  username: z.string().nullable(),
  defaultUsername: z.string(),
  fullName: z.string(),
  chtchtEmail: z.string(),
  profileImageUrl: z.string().nullable(),
  /** The wide image at the top of the profile (docs/profiles-and-media.md "Banner"). */
  bannerUrl: z.string().nullable(),
  verificationType,
  veteran: z.boolean(),
  about: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  /** The website's page links back to this profile with rel="me" (docs/profiles-and-media.md
   * "Verified links"). */
  websiteVerified: z.boolean(),
  counts: z.object({ friends: z.number(), following: z.number(), followers: z.number() }),
  /** Posts only for approved followers and the owner (docs/social-and-realtime.md "Private
   * accounts"). */
  privateAccount: z.boolean(),
  /** 'private' when this viewer may not see the posts ("This account is private"); the profile's
   * posts answer an empty page then. */
  postsHidden: z.enum(["private"]).nullable(),
  /** Which follow lists this viewer may open (each list's audience; the friends list needs both). */
  lists: z.object({ followers: z.boolean(), following: z.boolean(), friends: z.boolean() }),
  attributes: attributeValues,
  /** Slots 1–9 in order; null where empty. */
  pictures: z.array(z.string().nullable()).length(PICTURE_SLOTS),
  isOwner: z.boolean(),
  /** Only the owner sees the private contact address. */
  emailAddress: z.string().nullable(),
  /** Only the owner sees who sees what. */
  privacy: profilePrivacy.nullable(),
});
export type ProfileView = z.infer<typeof profileView>;

export const profileResponse = z.object({ profile: profileView });

export const handleParams = z.object({ handle: z.string().min(1).max(64) });

export const userIdParams = z.object({ userId: z.string().min(1).max(64) });

/** spec-2 §5: picture slots are 1 to 9. */
export const pictureParams = userIdParams.extend({
  slot: z.coerce
    .number()
    .int()
    .min(1, { message: "Picture slots are 1 to 9." })
    .max(PICTURE_SLOTS, { message: "Picture slots are 1 to 9." })
    .transform((n) => n as 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9),
});

export const ABOUT_MAX = 250;

const blankToNull = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? null : value;

/**
 * Badges are earned, never sent (spec-2 §6): a save that names one is refused, so no client can
 * set the black badge, its face verification fields, the veteran medal or a verified website.
 */
const BADGE_FIELDS = [
  "verificationType",
  "verification_type",
  "veteran",
  "faceVerifiedAt",
  "face_verified_at",
  "faceCaptureUrl",
  "face_capture_url",
  "faceMatchScore",
  "face_match_score",
  "websiteVerified",
  "websiteVerifiedAt",
  "website_verified_at",
] as const;
const notSettable = z.never({ message: "This field cannot be set." }).optional();
const badgeFields = Object.fromEntries(BADGE_FIELDS.map((name) => [name, notSettable])) as Record<
  (typeof BADGE_FIELDS)[number],
  typeof notSettable
>;

/** spec-2 §5 profile save; `details` is the Details grid, checked against the option lists. */
export function profileUpdateBody(lists: LoadedProfileLists) {
  return z.object({
    ...badgeFields,
    fullName: fullNameField,
    emailAddress: z
      .string({ message: "Email is required" })
      .trim()
      .min(1, { message: "Email is required" })
      .max(320)
      .transform(normalizeEmail)
      .refine(isEmailShaped, { message: "Please enter a valid email" }),
    websiteUrl: z
      .string()
      .max(200)
      .nullable()
      .optional()
      .transform((value, ctx) => {
        const stored = normalizeWebsite(value ?? "");
        if (stored === undefined) {
          ctx.addIssue({ code: "custom", message: "Please enter a valid website address" });
          return z.NEVER;
        }
        return stored;
      }),
    about: z.preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .max(ABOUT_MAX, { message: `About must be at most ${ABOUT_MAX} characters` })
        .nullable()
        .optional(),
    ),
    /** 'City, ST' exactly as the city autocomplete offered it, or null. */
    city: z.preprocess(blankToNull, z.string().trim().max(80).nullable().optional()),
    details: profileDetailsSchema(lists),
    /** Audiences to change; attributes left out keep theirs. */
    audiences: audienceChoices.optional(),
    demographicSearch: z.boolean().optional(),
    /** Sensitive attributes this save shows beyond Only me for the first time, with consent. */
    consent: consentList.optional(),
  });
}
export type ProfileUpdateInput = z.input<ReturnType<typeof profileUpdateBody>>;
