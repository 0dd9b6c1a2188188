// The Edit Profile form (spec-2 §2, §5): the basics (avatar, face verification, full name,
// username, email, website, about), the Badges section (requests for the yellow badge and the
// veteran medal), the username section, the Details grid and the Pictures strip. Its sections
// share one form state (form-state.ts); the save (use-profile-save.ts) checks it with the same zod
// schema as the server. Who can see each detail, 'Show me in demographic search' and the consent
// asked before a sensitive detail leaves Only me travel with the save (docs/profiles-and-media.md
// "Who sees what").
import { useReducer, useRef, useState } from "react";
import type { SensitiveAttribute } from "../../../domain/audiences";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { Button } from "../../components/controls/button";
import { FormMessage } from "../../components/form/form-message";
import { useGoBack } from "../../lib/use-go-back";
import { BadgesSection } from "./badges-section";
import { BasicsSection } from "./basics-section";
import { DetailsSection } from "./details-section";
import { formReducer, initialState } from "./form-state";
import { PicturesStrip } from "./pictures-strip";
import { PrivacyNotice } from "./privacy-notice";
import { useProfileSave } from "./use-profile-save";
import { UsernameSection } from "./username-section";

const sectionClass =
  "rounded-3xl border border-neutral-200 bg-white p-4 sm:p-6 dark:border-neutral-800 dark:bg-neutral-900";

const NO_CONSENTS: readonly SensitiveAttribute[] = [];

export function EditProfileForm({ profile }: { profile: ProfileView }) {
  const [state, dispatch] = useReducer(formReducer, profile, initialState);
  // Shown for the whole visit, though the server is told at once not to show it again.
  const [noticeDue] = useState(() => profile.privacy?.noticeDue === true);
  const goBack = useGoBack(`/${profile.handle}`);
  const form = useRef<HTMLFormElement>(null);
  const cityBox = useRef<HTMLDivElement>(null);
  const detailsSection = useRef<HTMLElement>(null);
  const detailsHeading = useRef<HTMLHeadingElement>(null);
  const onSubmit = useProfileSave({ profile, state, dispatch, form, cityBox, goBack });

  const goToDetails = () => {
    detailsSection.current?.scrollIntoView?.({ block: "start" });
    detailsHeading.current?.focus({ preventScroll: true });
  };

  return (
    <form ref={form} noValidate onSubmit={onSubmit} className="space-y-4 sm:space-y-6">
      {noticeDue ? <PrivacyNotice profile={profile} onGoToDetails={goToDetails} /> : null}
      <BasicsSection
        profile={profile}
        values={state.values}
        errors={state.errors}
        dispatch={dispatch}
        className={sectionClass}
      />

      <BadgesSection profile={profile} className={sectionClass} />

      <UsernameSection className={sectionClass} />

      <DetailsSection
        state={state}
        dispatch={dispatch}
        consented={profile.privacy?.consented ?? NO_CONSENTS}
        className={sectionClass}
        sectionRef={detailsSection}
        headingRef={detailsHeading}
        cityRef={cityBox}
      />

      <section aria-labelledby="edit-pictures" className={sectionClass}>
        <h2 id="edit-pictures" className="mb-4 text-lg font-bold">
          Pictures
        </h2>
        <PicturesStrip profile={profile} />
      </section>

      {state.summary ? <FormMessage>{state.summary}</FormMessage> : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="lg" onClick={goBack} disabled={state.saving}>
          Cancel
        </Button>
        <Button type="submit" size="lg" busy={state.saving}>
          {state.saving ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
