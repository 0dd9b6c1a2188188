// "Two-factor authentication" (docs/accounts.md): off, it offers 'Set up': the password, then the
// QR code and key for the authenticator app and its first code, then the backup codes, once. On,
// it tells how many backup codes are left and offers 'Turn off' after the password. Each step
// replaces the one before; Cancel, Done and turning off put the focus on the section's heading.
import { useRef, useState } from "react";
import type { TwoFactorSetup } from "../../../domain/contracts/two-factor";
import { Button } from "../../components/controls/button";
import { toast } from "../../lib/toast";
import {
  useTwoFactorDisableMutation,
  useTwoFactorEnableMutation,
  useTwoFactorSetupMutation,
  useTwoFactorStatusQuery,
} from "../../state/queries/two-factor";
import { BackupCodes } from "./backup-codes";
import { listState, muted, SettingsSection } from "./settings-section";
import { TwoFactorPasswordStep } from "./two-factor-password-step";
import { TwoFactorScanStep } from "./two-factor-scan-step";

type Step =
  | { name: "status" }
  | { name: "password"; purpose: "setup" | "disable" }
  | { name: "scan"; setup: TwoFactorSetup }
  | { name: "codes"; codes: string[] };

const codesLeft = (count: number) => `${count} backup code${count === 1 ? "" : "s"} left`;

export function TwoFactorSection() {
  const status = useTwoFactorStatusQuery();
  const setup = useTwoFactorSetupMutation();
  const enable = useTwoFactorEnableMutation();
  const disable = useTwoFactorDisableMutation();
  const [step, setStep] = useState<Step>({ name: "status" });
  const heading = useRef<HTMLHeadingElement>(null);

  const backToStatus = () => {
    setStep({ name: "status" });
    heading.current?.focus();
  };

  const body = () => {
    if (step.name === "password" && step.purpose === "setup") {
      return (
        <TwoFactorPasswordStep
          intro="Setting up two-factor authentication starts with your password."
          submitLabel="Continue"
          onSubmit={async (password) => {
            setStep({ name: "scan", setup: await setup.mutateAsync(password) });
          }}
          onCancel={backToStatus}
        />
      );
    }
    if (step.name === "password") {
      return (
        <TwoFactorPasswordStep
          intro="After this, logging in asks for your password alone."
          submitLabel="Turn off"
          danger
          onSubmit={async (password) => {
            await disable.mutateAsync(password);
            toast.success("Two-factor authentication is off.");
            backToStatus();
          }}
          onCancel={backToStatus}
        />
      );
    }
    if (step.name === "scan") {
      return (
        <TwoFactorScanStep
          setup={step.setup}
          onSubmit={async (code) => {
            const { backupCodes } = await enable.mutateAsync(code);
            toast.success("Two-factor authentication is on.");
            setStep({ name: "codes", codes: backupCodes });
          }}
          onCancel={backToStatus}
        />
      );
    }
    if (step.name === "codes") return <BackupCodes codes={step.codes} onDone={backToStatus} />;

    const state = listState(status, "Could not load two-factor authentication.");
    if (state || !status.data) return state;
    const { enabled, backupCodesLeft } = status.data;
    return (
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p className={muted}>
          {enabled
            ? `On. ${codesLeft(backupCodesLeft)}.`
            : "Ask for a code from an authenticator app when you log in."}
        </p>
        <Button
          variant={enabled ? "secondary" : "primary"}
          onClick={() => setStep({ name: "password", purpose: enabled ? "disable" : "setup" })}
        >
          {enabled ? "Turn off" : "Set up"}
        </Button>
      </div>
    );
  };

  return (
    <SettingsSection title="Two-factor authentication" headingRef={heading}>
      {body()}
    </SettingsSection>
  );
}
