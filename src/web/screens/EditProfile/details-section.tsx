// The Edit Profile form's Details section (spec-2 §2): 'Show me in demographic search', the
// Details grid with who can see each detail, and the consent asked before a sensitive detail
// leaves Only me (docs/profiles-and-media.md "Who sees what", "Consent").
import { clsx } from "clsx";
import { type RefObject, useCallback, useId } from "react";
import { ATTRIBUTE_LABELS } from "../../../domain/attribute-labels";
import {
  type AttributeKey,
  type Audience,
  consentSentence,
  type SensitiveAttribute,
} from "../../../domain/audiences";
import type { CityItem } from "../../../domain/contracts/cities";
import { ConfirmDialog } from "../../components/dialog/confirm-dialog";
import { DetailsGrid } from "./details-grid";
import type { FormDispatch, FormState } from "./form-state";
import { type DetailValues, needsConsent } from "./form-values";

interface DetailsSectionProps {
  state: FormState;
  dispatch: FormDispatch;
  /** What the person agreed to show before this edit (from the server). */
  consented: readonly SensitiveAttribute[];
  className: string;
  sectionRef: RefObject<HTMLElement | null>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  cityRef: RefObject<HTMLDivElement | null>;
}

export function DetailsSection(props: DetailsSectionProps) {
  const { state, dispatch, consented, className, sectionRef, headingRef, cityRef } = props;
  const { values, errors, ask, asking } = state;
  const searchHintId = useId();

  // The Details grid's handlers keep their identity, so typing elsewhere does not redraw its
  // long lists.
  const changeDetails = useCallback(
    (patch: Partial<DetailValues>) => dispatch({ type: "details", patch }),
    [dispatch],
  );
  const changeCity = useCallback(
    (city: CityItem | null) => dispatch({ type: "city", city }),
    [dispatch],
  );
  const { audiences, consent } = values;
  const changeAudience = useCallback(
    (key: AttributeKey, audience: Audience) => {
      if (audience !== "only_me" && needsConsent({ audiences, consent }, consented, key)) {
        dispatch({ type: "ask", ask: { key, audience } });
        return;
      }
      dispatch({ type: "audience", key, audience });
    },
    [audiences, consent, consented, dispatch],
  );

  return (
    <section
      ref={sectionRef}
      aria-labelledby="edit-details"
      className={clsx(className, "scroll-mt-20")}
    >
      <h2 ref={headingRef} id="edit-details" tabIndex={-1} className="text-lg font-bold">
        Details
      </h2>
      <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
        Beside each detail, choose who can see it: Everyone, Friends (people who follow each other)
        or Only me.
      </p>
      <div className="mt-4 mb-5 rounded-2xl bg-neutral-50 px-3 py-2 dark:bg-neutral-800/60">
        <label className="flex min-h-10 cursor-pointer items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            name="demographicSearch"
            checked={values.demographicSearch}
            aria-describedby={searchHintId}
            onChange={(event) =>
              dispatch({
                type: "field",
                values: { demographicSearch: event.target.checked },
                clear: [],
              })
            }
            className="size-5 shrink-0 rounded accent-sky-600"
          />
          Show me in demographic search
        </label>
        <p id={searchHintId} className="pb-1 pl-8 text-xs text-neutral-600 dark:text-neutral-400">
          When off, people find you only by your name or username.
        </p>
      </div>
      <DetailsGrid
        details={values.details}
        city={values.city}
        audiences={values.audiences}
        errors={errors}
        cityRef={cityRef}
        onDetailsChange={changeDetails}
        onCityChange={changeCity}
        onAudienceChange={changeAudience}
      />
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => dispatch({ type: "asking", open })}
        title={ask ? `Show your ${ATTRIBUTE_LABELS[ask.key].toLowerCase()}?` : ""}
        description={ask ? consentSentence(ATTRIBUTE_LABELS[ask.key], ask.audience) : ""}
        confirmLabel="Show it"
        cancelLabel="Keep it Only me"
        confirmVariant="primary"
        busy={false}
        onConfirm={() => {
          if (ask)
            dispatch({ type: "audience", key: ask.key, audience: ask.audience, consent: ask.key });
          dispatch({ type: "asking", open: false });
        }}
      />
    </section>
  );
}
