// The edit form's values (spec-2 §2, §5): built from the loaded profile, turned into the PUT body,
// and the error messages keyed the way the server keys them ('fullName', 'details.county',
// 'audiences.religion'). Who can see each detail travels with the save
// (docs/profiles-and-media.md "Who sees what").
import type { z } from "zod";
import {
  type AttributeAudiences,
  type AttributeKey,
  audiencesOf,
  isSensitive,
  type SensitiveAttribute,
} from "../../../domain/audiences";
import type { CityItem } from "../../../domain/contracts/cities";
import type { ProfileUpdateInput, ProfileView } from "../../../domain/contracts/profiles";
import { PROFILE_ATTRIBUTES, type ProfileAttribute } from "../../../domain/enums/profile-options";

export type DetailValues = Record<ProfileAttribute, string>;

export interface FormValues {
  fullName: string;
  emailAddress: string;
  websiteUrl: string;
  about: string;
  /** The place chosen in the autocomplete; only its 'City, ST' label is sent. */
  city: CityItem | null;
  details: DetailValues;
  audiences: AttributeAudiences;
  demographicSearch: boolean;
  /** Sensitive attributes the person agreed, in this edit, to show beyond Only me. */
  consent: SensitiveAttribute[];
}

/** Field name → first message; 'details.<attribute>' for the Details grid. */
export type FieldErrors = Partial<Record<string, string>>;

/** A stored 'City, ST' as the autocomplete's value (it only shows the label). */
export function cityFromLabel(label: string | null): CityItem | null {
  const match = label ? /^(.+), ([A-Z]{2})$/.exec(label.trim()) : null;
  if (!match?.[1] || !match[2]) return null;
  return { city: match[1], state: match[2], county: "", lat: 0, lng: 0 };
}

export function initialValues(profile: ProfileView): FormValues {
  const details = Object.fromEntries(
    PROFILE_ATTRIBUTES.map((key) => {
      const value = profile.attributes[key];
      return [key, value === null ? "" : String(value)];
    }),
  ) as DetailValues;
  return {
    fullName: profile.fullName,
    emailAddress: profile.emailAddress ?? "",
    websiteUrl: profile.websiteUrl ?? "",
    about: profile.about ?? "",
    city: cityFromLabel(profile.attributes.city),
    details,
    audiences: audiencesOf(profile.privacy?.audiences),
    demographicSearch: profile.privacy?.demographicSearch ?? true,
    consent: [],
  };
}

/** The body as typed; the shared schema (profileUpdateBody) trims and nulls blanks. */
export function toBody(values: FormValues): ProfileUpdateInput {
  return {
    fullName: values.fullName,
    emailAddress: values.emailAddress,
    websiteUrl: values.websiteUrl,
    about: values.about,
    city: values.city ? `${values.city.city}, ${values.city.state}` : null,
    details: values.details,
    audiences: values.audiences,
    demographicSearch: values.demographicSearch,
    // A consent matters only for what this save shows beyond Only me.
    consent: values.consent.filter((key) => values.audiences[key] !== "only_me"),
  };
}

export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

export function serverFieldErrors(fields: Record<string, string[]>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(fields)) {
    if (messages[0]) errors[key] = messages[0];
  }
  return errors;
}

/** Whether showing this attribute beyond Only me asks first: a sensitive attribute leaving Only me,
 * unless the person agreed before (`consented`, from the server) or earlier in this edit
 * (docs/profiles-and-media.md "Consent"). */
export function needsConsent(
  values: Pick<FormValues, "audiences" | "consent">,
  consented: readonly SensitiveAttribute[],
  key: AttributeKey,
): key is SensitiveAttribute {
  return (
    isSensitive(key) &&
    values.audiences[key] === "only_me" &&
    !consented.includes(key) &&
    !values.consent.includes(key)
  );
}
