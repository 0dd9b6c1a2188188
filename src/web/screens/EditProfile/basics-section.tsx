// The Edit Profile form's first section (spec-2 §2): the banner (banner-uploader.tsx), the avatar,
// AI Face Verification, full name, username, email, website and about, with their counters and
// errors.
import { ScanFace } from "lucide-react";
import { useState } from "react";
import { ABOUT_MAX, type ProfileView } from "../../../domain/contracts/profiles";
import { FULL_NAME_MAX } from "../../../domain/full-name";
import { Button } from "../../components/controls/button";
import { TextAreaField } from "../../components/form/text-area-field";
import { TextField } from "../../components/form/text-field";
import { AvatarUploader } from "./avatar-uploader";
import { BannerUploader } from "./banner-uploader";
import { FaceVerificationDialog } from "./face-verification-dialog";
import type { FormDispatch } from "./form-state";
import type { FieldErrors, FormValues } from "./form-values";
import { UsernameField } from "./username-field";
import { WebsiteHint } from "./website-hint";

const length = (text: string) => [...text].length;

type TextKey = "fullName" | "emailAddress" | "websiteUrl" | "about";

interface BasicsSectionProps {
  profile: ProfileView;
  values: FormValues;
  errors: FieldErrors;
  dispatch: FormDispatch;
  className: string;
}

export function BasicsSection({
  profile,
  values,
  errors,
  dispatch,
  className,
}: BasicsSectionProps) {
  const [faceOpen, setFaceOpen] = useState(false);
  const change = (key: TextKey, value: string) =>
    dispatch({ type: "field", values: { [key]: value }, clear: [key] });

  return (
    <section aria-labelledby="edit-basics" className={className}>
      <h2 id="edit-basics" className="sr-only">
        Profile basics
      </h2>
      <div className="mb-6 flex flex-col items-center gap-4">
        <BannerUploader profile={profile} />
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
          onChange={(event) => change("fullName", event.target.value)}
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
          onChange={(event) => change("emailAddress", event.target.value)}
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
          onChange={(event) => change("websiteUrl", event.target.value)}
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
          onChange={(event) => change("about", event.target.value)}
        />
      </div>
    </section>
  );
}
