// Saving the Edit Profile form (spec-2 §5, §9): checked with the same zod schema as the server;
// errors, the browser's or the server's, go under their fields and nothing typed is lost. A save
// announces 'profile:refresh' and goes back about 350 ms later.
import { type FormEvent, type RefObject, useEffect, useRef } from "react";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { profileUpdateBody } from "../../../domain/contracts/profiles";
import { loadProfileLists } from "../../../domain/enums/profile-options";
import { ApiRequestError, errorMessage } from "../../lib/api";
import { announceProfileRefresh } from "../../lib/profile-refresh";
import { toast } from "../../lib/toast";
import { useUpdateProfileMutation } from "../../state/queries/profiles";
import type { FormDispatch, FormState } from "./form-state";
import { issuesToErrors, serverFieldErrors, toBody } from "./form-values";

/** spec-2 §9: the page moves on about 350 ms after a successful save. */
export const LEAVE_AFTER_SAVE_MS = 350;

const FIX_FIELDS = "Please fix the highlighted fields.";

interface SaveOptions {
  profile: ProfileView;
  state: FormState;
  dispatch: FormDispatch;
  /** The form, whose first invalid field takes focus after a failed check. */
  form: RefObject<HTMLFormElement | null>;
  /** Holds the city autocomplete, whose typed text must be a picked city. */
  cityBox: RefObject<HTMLDivElement | null>;
  goBack: () => void;
}

export function useProfileSave({ profile, state, dispatch, form, cityBox, goBack }: SaveOptions) {
  const update = useUpdateProfileMutation(profile.userId);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { focusRequest } = state;

  useEffect(() => () => clearTimeout(leaveTimer.current), []);

  // After a failed check, take the person to the first field that needs them.
  useEffect(() => {
    if (focusRequest === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest, form]);

  return async (event: FormEvent) => {
    event.preventDefault();
    if (state.saving) return;
    // A city typed but not picked from the suggestions is not a city (spec-2 §5).
    const cityInput = cityBox.current?.querySelector("input");
    if (state.values.city === null && cityInput && cityInput.value.trim() !== "") {
      dispatch({ type: "summary", message: FIX_FIELDS });
      cityInput.focus();
      return;
    }
    dispatch({ type: "saving" });
    try {
      const schema = profileUpdateBody(await loadProfileLists());
      const parsed = schema.safeParse(toBody(state.values));
      if (!parsed.success) {
        dispatch({
          type: "invalid",
          errors: issuesToErrors(parsed.error.issues),
          message: FIX_FIELDS,
        });
        return;
      }
      dispatch({ type: "checked" });
      await update.mutateAsync(parsed.data);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields) {
        dispatch({ type: "invalid", errors: serverFieldErrors(error.fields), message: FIX_FIELDS });
        toast.error("Update failed");
      } else {
        const message = errorMessage(error, "Update failed");
        dispatch({ type: "failed", message });
        toast.error(message);
      }
      return;
    }
    // Stays 'Saving...' until the page moves on, so nobody saves twice.
    toast.success("Profile updated successfully");
    announceProfileRefresh();
    leaveTimer.current = setTimeout(goBack, LEAVE_AFTER_SAVE_MS);
  };
}
