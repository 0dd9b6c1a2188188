// The Edit Profile form's one state (spec-2 §2, §5), shared by its sections: the values, the errors
// under their fields, the message above the buttons, the save in progress, and the consent asked
// before a sensitive detail leaves Only me (docs/profiles-and-media.md "Consent").
import type { Dispatch } from "react";
import type { AttributeKey, Audience, SensitiveAttribute } from "../../../domain/audiences";
import type { CityItem } from "../../../domain/contracts/cities";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { type DetailValues, type FieldErrors, type FormValues, initialValues } from "./form-values";

/** A sensitive attribute waiting for consent before it leaves Only me. */
export interface ConsentAsk {
  key: SensitiveAttribute;
  audience: Exclude<Audience, "only_me">;
}

export interface FormState {
  values: FormValues;
  errors: FieldErrors;
  summary: string | null;
  saving: boolean;
  /** Counts failed checks: each takes the person to the first field that needs them. */
  focusRequest: number;
  ask: ConsentAsk | null;
  asking: boolean;
}

export type FormAction =
  /** A field typed in; `clear` names the errors it answers. */
  | { type: "field"; values: Partial<FormValues>; clear: string[] }
  | { type: "details"; patch: Partial<DetailValues> }
  | { type: "city"; city: CityItem | null }
  /** `consent`: the sensitive attribute the person just agreed to show. */
  | { type: "audience"; key: AttributeKey; audience: Audience; consent?: SensitiveAttribute }
  | { type: "ask"; ask: ConsentAsk }
  | { type: "asking"; open: boolean }
  | { type: "summary"; message: string }
  | { type: "saving" }
  | { type: "checked" }
  | { type: "invalid"; errors: FieldErrors; message: string }
  | { type: "failed"; message: string };

export type FormDispatch = Dispatch<FormAction>;

export function initialState(profile: ProfileView): FormState {
  return {
    values: initialValues(profile),
    errors: {},
    summary: null,
    saving: false,
    focusRequest: 0,
    ask: null,
    asking: false,
  };
}

/** The errors without `keys`; the same object when none of them is there. */
function withoutErrors(errors: FieldErrors, keys: string[]): FieldErrors {
  if (!keys.some((key) => errors[key])) return errors;
  const next = { ...errors };
  for (const key of keys) delete next[key];
  return next;
}

export function formReducer(state: FormState, action: FormAction): FormState {
  const { values } = state;
  switch (action.type) {
    case "field":
      return {
        ...state,
        values: { ...values, ...action.values },
        errors: withoutErrors(state.errors, action.clear),
      };
    case "details":
      return {
        ...state,
        values: { ...values, details: { ...values.details, ...action.patch } },
        errors: withoutErrors(
          state.errors,
          Object.keys(action.patch).map((key) => `details.${key}`),
        ),
      };
    case "city":
      return {
        ...state,
        values: { ...values, city: action.city },
        errors: withoutErrors(state.errors, ["city"]),
      };
    case "audience": {
      const { key, audience, consent } = action;
      return {
        ...state,
        values: {
          ...values,
          audiences: { ...values.audiences, [key]: audience },
          consent:
            consent === undefined || values.consent.includes(consent)
              ? values.consent
              : [...values.consent, consent],
        },
        errors: withoutErrors(state.errors, [`audiences.${key}`]),
      };
    }
    case "ask":
      return { ...state, ask: action.ask, asking: true };
    case "asking":
      return { ...state, asking: action.open };
    case "summary":
      return { ...state, summary: action.message };
    case "saving":
      return { ...state, saving: true };
    case "checked":
      return { ...state, errors: {}, summary: null };
    case "invalid":
      return {
        ...state,
        errors: action.errors,
        summary: action.message,
        focusRequest: state.focusRequest + 1,
        saving: false,
      };
    case "failed":
      return { ...state, summary: action.message, saving: false };
  }
}
