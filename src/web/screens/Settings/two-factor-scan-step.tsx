// Setting up two-factor authentication (docs/accounts.md "Two-factor authentication"): the QR
// code for the authenticator app, its key as text for those who cannot scan, then the app's
// first code, which turns it on. A wrong code stays in the field with the server's words.
import { type TwoFactorSetup, twoFactorEnableBody } from "../../../domain/contracts/two-factor";
import { Button } from "../../components/controls/button";
import { FormMessage } from "../../components/form/form-message";
import { TextField } from "../../components/form/text-field";
import { copyText } from "./copy-text";
import { muted } from "./settings-section";
import { StepHeading } from "./step-heading";
import { useOneFieldForm } from "./use-one-field-form";

/** 'JBSW Y3DP EHPK 3PXP': easier to read out and type than one long run. */
const grouped = (key: string) => key.match(/.{1,4}/g)?.join(" ") ?? key;

interface ScanStepProps {
  setup: TwoFactorSetup;
  /** Sends the code; a rejection is shown here, success is the caller's next step. */
  onSubmit: (code: string) => Promise<unknown>;
  onCancel: () => void;
}

export function TwoFactorScanStep({ setup, onSubmit, onCancel }: ScanStepProps) {
  const { value, edit, fieldError, formError, busy, form, submit } = useOneFieldForm({
    name: "code",
    schema: twoFactorEnableBody,
    onSubmit,
    failed: "Could not turn it on. Please try again.",
  });

  return (
    <div className="mt-3 space-y-4">
      <div className="space-y-1">
        <StepHeading>Scan this QR code with your authenticator app</StepHeading>
        <p className={`text-sm ${muted}`}>
          Google Authenticator, 1Password, Authy or any app that makes 6-digit codes.
        </p>
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {/* The code is dark on white in both themes, as scanners expect. */}
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
          alt="QR code for your authenticator app"
          width={180}
          height={180}
          className="size-[180px] shrink-0 rounded-xl border border-neutral-200 bg-white p-2 dark:border-neutral-700"
        />
        <div className="min-w-0 space-y-2">
          <p className="text-sm font-medium">Can't scan? Enter this key</p>
          <p className="select-all break-words rounded-xl bg-neutral-100 px-3 py-2 font-mono text-base tracking-wide text-neutral-900 dark:bg-neutral-800 dark:text-neutral-100">
            {grouped(setup.key)}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" onClick={() => void copyText(setup.key, "Key copied.")}>
              Copy key
            </Button>
            {/* On a phone the app is on this device: the link hands it the key directly. */}
            <a
              href={setup.otpauthUri}
              className="inline-flex min-h-10 items-center rounded-md px-1 text-sm font-semibold text-sky-700 underline-offset-2 hover:underline sm:hidden dark:text-sky-400"
            >
              Open in your authenticator app
            </a>
          </div>
        </div>
      </div>
      <form ref={form} noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label="Enter the 6-digit code from your app"
          name="code"
          value={value}
          onChange={(event) => edit(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          // Room for '123 456' typed with a space.
          maxLength={7}
          readOnly={busy}
          error={fieldError}
          className="max-w-xs [&_input]:font-mono"
          required
        />
        {formError ? <FormMessage>{formError}</FormMessage> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={busy}>
            Turn on
          </Button>
          {/* Once sent, the answer decides the next step: the codes are shown even so. */}
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
