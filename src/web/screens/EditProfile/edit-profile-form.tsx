// The Edit Profile form (spec-2 §2, §5): avatar, face verification (not built yet), full name,
// username, email, website, about, the Badges section (requests for the yellow badge and the
// veteran medal), the Details grid and the Pictures strip. Checked with the
// same zod schema as the server; errors, the browser's or the server's, show under their
// fields and nothing typed is lost. A save announces 'profile:refresh' and goes back.
// Who can see each detail, 'Show me in demographic search' and the consent asked before a
// sensitive detail leaves Only me travel with the save (docs/profiles-and-media.md "Who sees what").
import { clsx } from "clsx";
import { ScanFace } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { ATTRIBUTE_LABELS } from "../../../domain/attribute-labels";
import {
  type AttributeKey,
  type Audience,
  consentSentence,
  type SensitiveAttribute,
} from "../../../domain/audiences";
import type { CityItem } from "../../../domain/contracts/cities";
import { ABOUT_MAX, type ProfileView, profileUpdateBody } from "../../../domain/contracts/profiles";
import { loadProfileLists } from "../../../domain/enums/profile-options";
import { FULL_NAME_MAX } from "../../../domain/full-name";
import { Button } from "../../components/controls/button";
import { ConfirmDialog } from "../../components/dialog/confirm-dialog";
import { FormMessage } from "../../components/form/form-message";
import { TextAreaField } from "../../components/form/text-area-field";
import { TextField } from "../../components/form/text-field";
import { ApiRequestError, errorMessage } from "../../lib/api";
import { announceProfileRefresh } from "../../lib/profile-refresh";
import { toast } from "../../lib/toast";
import { useGoBack } from "../../lib/use-go-back";
import { useUpdateProfileMutation } from "../../state/queries/profiles";
import { AvatarUploader } from "./avatar-uploader";
import { BadgesSection } from "./badges-section";
import { DetailsGrid } from "./details-grid";
import { FaceVerificationDialog } from "./face-verification-dialog";
import {
  type DetailValues,
  type FieldErrors,
  type FormValues,
  initialValues,
  issuesToErrors,
  needsConsent,
  serverFieldErrors,
  toBody,
} from "./form-values";
import { PicturesStrip } from "./pictures-strip";
import { PrivacyNotice } from "./privacy-notice";
import { UsernameField } from "./username-field";
import { UsernameSection } from "./username-section";
import { WebsiteHint } from "./website-hint";

/** spec-2 §9: the page moves on about 350 ms after a successful save. */
export const LEAVE_AFTER_SAVE_MS = 350;

const FIX_FIELDS = "Please fix the highlighted fields.";
const sectionClass =
  "rounded-3xl border border-neutral-200 bg-white p-4 sm:p-6 dark:border-neutral-800 dark:bg-neutral-900";
const length = (text: string) => [...text].length;

const NO_CONSENTS: readonly SensitiveAttribute[] = [];

/** A sensitive attribute waiting for consent before it leaves Only me. */
interface ConsentAsk {
  key: SensitiveAttribute;
  audience: Exclude<Audience, "only_me">;
}

export function EditProfileForm({ profile }: { profile: ProfileView }) {
  const [values, setValues] = useState<FormValues>(() => initialValues(profile));
  const [faceOpen, setFaceOpen] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  // Shown for the whole visit, though the server is told at once not to show it again.
  const [noticeDue] = useState(() => profile.privacy?.noticeDue === true);
  const [ask, setAsk] = useState<ConsentAsk | null>(null);
  const [asking, setAsking] = useState(false);
  const consented = profile.privacy?.consented ?? NO_CONSENTS;
  const searchHintId = useId();
  const update = useUpdateProfileMutation(profile.userId);
  const goBack = useGoBack(`/${profile.handle}`);
  const form = useRef<HTMLFormElement>(null);
  const cityBox = useRef<HTMLDivElement>(null);
  const detailsSection = useRef<HTMLElement>(null);
  const detailsHeading = useRef<HTMLHeadingElement>(null);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(leaveTimer.current), []);

  // After a failed check, take the person to the first field that needs them.
  useEffect(() => {
    if (focusRequest === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const clearErrors = useCallback(
    (keys: string[]) =>
      setErrors((current) => {
        if (!keys.some((key) => current[key])) return current;
        const next = { ...current };
        for (const key of keys) delete next[key];
        return next;
      }),
    [],
  );

  const change = <K extends keyof FormValues>(
    key: K,
    value: FormValues[K],
    errorKeys: string[],
  ) => {
    setValues((current) => ({ ...current, [key]: value }));
    clearErrors(errorKeys);
  };

  // The Details grid's handlers keep their identity, so typing elsewhere does not redraw its
  // long lists.
  const changeDetails = useCallback(
    (patch: Partial<DetailValues>) => {
      setValues((current) => ({ ...current, details: { ...current.details, ...patch } }));
      clearErrors(Object.keys(patch).map((key) => `details.${key}`));
    },
    [clearErrors],
  );

  const changeCity = useCallback(
    (city: CityItem | null) => {
      setValues((current) => ({ ...current, city }));
      clearErrors(["city"]);
    },
    [clearErrors],
  );

  const setAudience = useCallback(
    (key: AttributeKey, audience: Audience, consent?: SensitiveAttribute) => {
      setValues((current) => ({
        ...current,
        audiences: { ...current.audiences, [key]: audience },
        consent:
          consent === undefined || current.consent.includes(consent)
            ? current.consent
            : [...current.consent, consent],
      }));
      clearErrors([`audiences.${key}`]);
    },
    [clearErrors],
  );

  const { audiences, consent } = values;
  const changeAudience = useCallback(
    (key: AttributeKey, audience: Audience) => {
      if (audience !== "only_me" && needsConsent({ audiences, consent }, consented, key)) {
        setAsk({ key, audience });
        setAsking(true);
        return;
      }
      setAudience(key, audience);
    },
    [audiences, consent, consented, setAudience],
  );

  const goToDetails = () => {
    detailsSection.current?.scrollIntoView?.({ block: "start" });
    detailsHeading.current?.focus({ preventScroll: true });
  };

  const showErrors = (next: FieldErrors, message = FIX_FIELDS) => {
    setErrors(next);
    setSummary(message);
    setFocusRequest((n) => n + 1);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    // A city typed but not picked from the suggestions is not a city (spec-2 §5).
    const cityInput = cityBox.current?.querySelector("input");
    if (values.city === null && cityInput && cityInput.value.trim() !== "") {
      setSummary(FIX_FIELDS);
      cityInput.focus();
      return;
    }
    setSaving(true);
    try {
      const schema = profileUpdateBody(await loadProfileLists());
      const parsed = schema.safeParse(toBody(values));
      if (!parsed.success) {
        showErrors(issuesToErrors(parsed.error.issues));
        setSaving(false);
        return;
      }
      setErrors({});
      setSummary(null);
      await update.mutateAsync(parsed.data);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields) {
        showErrors(serverFieldErrors(error.fields));
        toast.error("Update failed");
      } else {
        const message = errorMessage(error, "Update failed");
        setSummary(message);
        toast.error(message);
      }
      setSaving(false);
      return;
    }
    // Stays 'Saving...' until the page moves on, so nobody saves twice.
    toast.success("Profile updated successfully");
    announceProfileRefresh();
    leaveTimer.current = setTimeout(goBack, LEAVE_AFTER_SAVE_MS);
  };

  return (
    <form ref={form} noValidate onSubmit={onSubmit} className="space-y-4 sm:space-y-6">
      {noticeDue ? <PrivacyNotice profile={profile} onGoToDetails={goToDetails} /> : null}
      <section aria-labelledby="edit-basics" className={sectionClass}>
        <h2 id="edit-basics" className="sr-only">
          Profile basics
        </h2>
        <div className="mb-6 flex flex-col items-center gap-4">
          <AvatarUploader profile={profile} />
          <div className="flex flex-col items-center gap-1">
            <Button variant="secondary" onClick={() => setFaceOpen(true)}>
              <ScanFace aria-hidden="true" size={18} />
              AI Face Verification
            </Button>
            {profile.verificationType === "black" && (
              <p className="text-center text-xs text-neutral-600 dark:text-neutral-300">
                A new profile photo removes the black badge until you verify again.
              </p>
            )}
            <FaceVerificationDialog
              open={faceOpen}
              onOpenChange={setFaceOpen}
              hasPhoto={Boolean(profile.profileImageUrl)}
            />
          </div>
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label="Full Name"
            name="fullName"
            autoComplete="name"
            value={values.fullName}
            maxLength={FULL_NAME_MAX}
            hint={`${length(values.fullName)}/${FULL_NAME_MAX}`}
            error={errors.fullName}
            required
            onChange={(event) => change("fullName", event.target.value, ["fullName"])}
          />
          <UsernameField profile={profile} />
          <TextField
            label="Email"
            type="email"
            name="emailAddress"
            autoComplete="email"
            inputMode="email"
            value={values.emailAddress}
            error={errors.emailAddress}
            required
            onChange={(event) => change("emailAddress", event.target.value, ["emailAddress"])}
          />
          <TextField
            label="Website URL"
            name="websiteUrl"
            inputMode="url"
            autoComplete="url"
            placeholder="example.com"
            value={values.websiteUrl}
            hint={<WebsiteHint profile={profile} value={values.websiteUrl} />}
            error={errors.websiteUrl}
            onChange={(event) => change("websiteUrl", event.target.value, ["websiteUrl"])}
          />
          <TextAreaField
            label="About"
            name="about"
            rows={4}
            maxLength={ABOUT_MAX}
            value={values.about}
            hint={`${length(values.about)}/${ABOUT_MAX}`}
            error={errors.about}
            className="sm:col-span-2"
            onChange={(event) => change("about", event.target.value, ["about"])}
          />
        </div>
      </section>

      <BadgesSection profile={profile} className={sectionClass} />

      <UsernameSection className={sectionClass} />

      <section
        ref={detailsSection}
        aria-labelledby="edit-details"
        className={clsx(sectionClass, "scroll-mt-20")}
      >
        <h2 ref={detailsHeading} id="edit-details" tabIndex={-1} className="text-lg font-bold">
          Details
        </h2>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          Beside each detail, choose who can see it: Everyone, Friends (people who follow each
          other) or Only me.
        </p>
        <div className="mt-4 mb-5 rounded-2xl bg-neutral-50 px-3 py-2 dark:bg-neutral-800/60">
          <label className="flex min-h-10 cursor-pointer items-center gap-3 text-sm font-medium">
            <input
              type="checkbox"
              name="demographicSearch"
              checked={values.demographicSearch}
              aria-describedby={searchHintId}
              onChange={(event) => change("demographicSearch", event.target.checked, [])}
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
          cityRef={cityBox}
          onDetailsChange={changeDetails}
          onCityChange={changeCity}
          onAudienceChange={changeAudience}
        />
        <ConfirmDialog
          open={asking}
          onOpenChange={setAsking}
          title={ask ? `Show your ${ATTRIBUTE_LABELS[ask.key].toLowerCase()}?` : ""}
          description={ask ? consentSentence(ATTRIBUTE_LABELS[ask.key], ask.audience) : ""}
          confirmLabel="Show it"
          cancelLabel="Keep it Only me"
          confirmVariant="primary"
          busy={false}
          onConfirm={() => {
            if (ask) setAudience(ask.key, ask.audience, ask.key);
            setAsking(false);
          }}
        />
      </section>

      <section aria-labelledby="edit-pictures" className={sectionClass}>
        <h2 id="edit-pictures" className="mb-4 text-lg font-bold">
          Pictures
        </h2>
        <PicturesStrip profile={profile} />
      </section>

      {summary ? <FormMessage>{summary}</FormMessage> : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="lg" onClick={goBack} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" size="lg" busy={saving}>
          {saving ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
