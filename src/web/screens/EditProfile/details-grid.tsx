// The Details grid of the edit form (spec-2 §2, §3): a labelled select per attribute with a
// 'Select' empty choice, University as free text and City through the autocomplete. County waits
// for a state and the military base for a branch; generated lists load on first use. Each field's
// label row carries who can see it, and a value the server derives from another (the county, from
// the city) says when its source shows it to fewer people (docs/profiles-and-media.md "Who sees
// what").
import { useQuery } from "@tanstack/react-query";
import { memo, type ReactNode, type RefObject } from "react";
import { ATTRIBUTE_LABELS } from "../../../domain/attribute-labels";
import {
  type AttributeAudiences,
  type AttributeKey,
  AUDIENCE_LABELS,
  type Audience,
  DERIVED_ATTRIBUTES,
  effectiveAudiences,
} from "../../../domain/audiences";
import type { CityItem } from "../../../domain/contracts/cities";
import {
  PROFILE_ATTRIBUTES,
  PROFILE_OPTIONS,
  type ProfileAttribute,
  type ProfileOptionSource,
  profileOptionValues,
} from "../../../domain/enums/profile-options";
import { CityAutocomplete } from "../../components/form/city-autocomplete";
import { SelectField } from "../../components/form/select-field";
import { TextField } from "../../components/form/text-field";
import { AudienceSelect } from "./audience-select";
import type { DetailValues, FieldErrors } from "./form-values";

/** Choosing a new parent clears the child, whose list no longer fits. */
const CHILDREN: Partial<Record<ProfileAttribute, ProfileAttribute>> = {
  state: "county",
  military_branch: "military_base",
};

const PARENT_HINT: Partial<Record<ProfileAttribute, string>> = {
  county: "Choose a state first.",
  military_base: "Choose a military branch first.",
};

const SOURCES: Partial<Record<AttributeKey, AttributeKey>> = DERIVED_ATTRIBUTES;

/** 'Shown to Friends, like your city.' under a derived value its source narrows; else nothing. */
function narrowedNote(
  attribute: AttributeKey,
  chosen: AttributeAudiences,
  effective: AttributeAudiences,
): string | undefined {
  const source = SOURCES[attribute];
  const audience = effective[attribute];
  if (!source || audience === chosen[attribute]) return undefined;
  const who =
    audience === "only_me" ? AUDIENCE_LABELS.only_me : `Shown to ${AUDIENCE_LABELS[audience]}`;
  return `${who}, like your ${ATTRIBUTE_LABELS[source].toLowerCase()}.`;
}

function parentOf(attribute: ProfileAttribute): ProfileAttribute | null {
  const source: ProfileOptionSource = PROFILE_OPTIONS[attribute];
  return source.kind === "dependent" ? source.parent : null;
}

function useOptionValues(attribute: ProfileAttribute, parentValue: string | null) {
  return useQuery({
    queryKey: ["profile-options", attribute, parentValue],
    queryFn: () => profileOptionValues(attribute, parentValue),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

function DetailSelect({
  attribute,
  details,
  error,
  audience,
  note,
  onChange,
}: {
  attribute: ProfileAttribute;
  details: DetailValues;
  error: string | undefined;
  audience: ReactNode;
  /** Who actually sees the value, when another attribute narrows it. */
  note: string | undefined;
  onChange: (patch: Partial<DetailValues>) => void;
}) {
  const parent = parentOf(attribute);
  const parentValue = parent ? details[parent] || null : null;
  const options = useOptionValues(attribute, parentValue);
  const waitingForParent = parent !== null && parentValue === null;
  const values = options.data ?? [];
  const hint = waitingForParent
    ? PARENT_HINT[attribute]
    : options.isError
      ? "This list could not be loaded. Try again later."
      : parent !== null && options.isSuccess && values.length === 0
        ? "No choices for this one."
        : undefined;
  return (
    <SelectField
      label={ATTRIBUTE_LABELS[attribute]}
      name={attribute}
      value={details[attribute]}
      options={values}
      disabled={waitingForParent || (parent !== null && options.isSuccess && values.length === 0)}
      aria-busy={options.isPending && !waitingForParent ? true : undefined}
      hint={[hint, note].filter(Boolean).join(" ") || undefined}
      error={error}
      labelAside={audience}
      onValueChange={(value) => {
        const child = CHILDREN[attribute];
        onChange(child ? { [attribute]: value, [child]: "" } : { [attribute]: value });
      }}
    />
  );
}

interface DetailsGridProps {
  details: DetailValues;
  city: CityItem | null;
  audiences: AttributeAudiences;
  errors: FieldErrors;
  onDetailsChange: (patch: Partial<DetailValues>) => void;
  onCityChange: (city: CityItem | null) => void;
  onAudienceChange: (attribute: AttributeKey, audience: Audience) => void;
  /** Lets the form read what is typed in the city box (a typed but unchosen city). */
  cityRef: RefObject<HTMLDivElement | null>;
}

/** Drawn again only when its own props change (the form's handlers keep their identity). */
export const DetailsGrid = memo(function DetailsGrid({
  details,
  city,
  audiences,
  errors,
  onDetailsChange,
  onCityChange,
  onAudienceChange,
  cityRef,
}: DetailsGridProps) {
  const effective = effectiveAudiences(audiences, {
    city: city ? `${city.city}, ${city.state}` : null,
  });
  const audienceOf = (attribute: AttributeKey) => (
    <AudienceSelect
      field={ATTRIBUTE_LABELS[attribute]}
      value={audiences[attribute]}
      onChange={(audience) => onAudienceChange(attribute, audience)}
    />
  );
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {/* In the shared lists' order; city sits after county. */}
      {PROFILE_ATTRIBUTES.flatMap((attribute) => {
        // The server refuses an audience (a sensitive one shown without consent) under its field.
        const error = errors[`details.${attribute}`] ?? errors[`audiences.${attribute}`];
        const source: ProfileOptionSource = PROFILE_OPTIONS[attribute];
        const field =
          source.kind === "text" ? (
            <TextField
              key={attribute}
              label={ATTRIBUTE_LABELS[attribute]}
              name={attribute}
              value={details[attribute]}
              maxLength={source.maxLength}
              autoComplete="off"
              error={error}
              hint={narrowedNote(attribute, audiences, effective)}
              labelAside={audienceOf(attribute)}
              onChange={(event) => onDetailsChange({ [attribute]: event.target.value })}
            />
          ) : (
            <DetailSelect
              key={attribute}
              attribute={attribute}
              details={details}
              error={error}
              audience={audienceOf(attribute)}
              note={narrowedNote(attribute, audiences, effective)}
              onChange={onDetailsChange}
            />
          );
        if (attribute !== "county") return [field];
        return [
          field,
          <div key="city" ref={cityRef}>
            <CityAutocomplete
              label={ATTRIBUTE_LABELS.city}
              value={city}
              onChange={onCityChange}
              labelAside={audienceOf("city")}
            />
            {errors.city ? (
              <p role="alert" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
                {errors.city}
              </p>
            ) : null}
          </div>,
        ];
      })}
    </div>
  );
});
