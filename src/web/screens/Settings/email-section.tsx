// "E-mail" (docs/accounts.md "Changing the e-mail"): the address the person signs in with, and
// changing it: the new address, then the 6-digit code sent there (resend after the cooldown, or
// go back to the address, which stays as typed). The product address (handle@MAIL_DOMAIN) is not
// this one and does not change.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { emailChangeCodeBody } from "../../../domain/contracts/email-change";
import { OtpForm } from "../../components/account/otp-form";
import { Button } from "../../components/controls/button";
import { TextField } from "../../components/form/text-field";
import { EmailAddress } from "../../components/text/email-address";
import { ApiRequestError, errorMessage } from "../../lib/api";
import { useSite } from "../../lib/site-config";
import { toast } from "../../lib/toast";
import { useCountdown } from "../../lib/use-countdown";
import {
  useEmailChangeCodeMutation,
  useEmailChangeMutation,
} from "../../state/queries/email-change";
import { useSessionUser } from "../../state/queries/session";
import { muted, SettingsSection } from "./settings-section";

type Stage = "shown" | "address" | "code";

export function EmailSection() {
  const { user } = useSessionUser();
  const { mailDomain } = useSite();
  const [stage, setStage] = useState<Stage>("shown");
  const [newEmail, setNewEmail] = useState("");
  const [sentTo, setSentTo] = useState("");
  const [error, setError] = useState<string | null>(null);
  const sendCode = useEmailChangeCodeMutation();
  const change = useEmailChangeMutation();
  const countdown = useCountdown();
  const heading = useRef<HTMLHeadingElement>(null);
  const addressInput = useRef<HTMLInputElement>(null);
  const first = useRef(true);

  // Each step takes the focus where its work starts; back at rest, the section's heading has it.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (stage === "address") addressInput.current?.focus();
    if (stage === "shown") heading.current?.focus();
  }, [stage]);

  const onSend = (event?: FormEvent) => {
    event?.preventDefault();
    if (sendCode.isPending) return;
    const parsed = emailChangeCodeBody.safeParse({ newEmail });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Please enter a valid email address.");
      addressInput.current?.focus();
      return;
    }
    setError(null);
    const address = parsed.data.newEmail;
    sendCode.mutate(address, {
      onSuccess: (sent) => {
        setSentTo(address);
        countdown.start(sent.resendAfterSeconds);
        setStage("code");
      },
      onError: (failure) => {
        if (failure instanceof ApiRequestError && failure.retryAfter && stage === "code") {
          countdown.start(failure.retryAfter);
        }
        const field =
          failure instanceof ApiRequestError ? failure.fields?.newEmail?.[0] : undefined;
        const message =
          field ?? errorMessage(failure, "Could not send the code. Please try again.");
        if (stage === "code") toast.error(message);
        else {
          setError(message);
          addressInput.current?.focus();
        }
      },
    });
  };

  const onVerify = async (code: string): Promise<string | null> => {
    try {
      await change.mutateAsync({ newEmail: sentTo, code });
    } catch (failure) {
      const field = failure instanceof ApiRequestError ? failure.fields?.code?.[0] : undefined;
      return field ?? errorMessage(failure, "Could not change the e-mail. Please try again.");
    }
    toast.success(`Your e-mail is now ${sentTo}. We told your old address.`);
    setNewEmail("");
    setStage("shown");
    return null;
  };

  const cancel = () => {
    setError(null);
    setStage("shown");
  };

  return (
    <SettingsSection title="E-mail" headingRef={heading}>
      <p className={`mt-1 text-sm ${muted}`}>
        You log in with{" "}
        {user ? (
          <EmailAddress
            email={user.email}
            className="font-medium text-neutral-900 dark:text-neutral-100"
          />
        ) : null}
        .{user ? ` Your mail address ${user.handle}@${mailDomain} stays the same.` : null}
      </p>
      {stage === "shown" ? (
        <Button variant="secondary" className="mt-3" onClick={() => setStage("address")}>
          Change e-mail
        </Button>
      ) : null}
      {stage === "address" ? (
        <form noValidate onSubmit={onSend} className="mt-3 space-y-4">
          <TextField
            ref={addressInput}
            label="New e-mail address"
            type="email"
            name="newEmail"
            autoComplete="email"
            inputMode="email"
            value={newEmail}
            onChange={(event) => {
              setNewEmail(event.target.value);
              setError(null);
            }}
            readOnly={sendCode.isPending}
            hint="We'll send a 6-digit code there to make sure it's yours."
            error={error ?? undefined}
            required
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={sendCode.isPending}>
              Send code
            </Button>
            <Button variant="ghost" onClick={cancel} disabled={sendCode.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {stage === "code" ? (
        <div className="mt-3 space-y-4">
          <p className="text-sm">
            We sent a 6-digit code to <EmailAddress email={sentTo} className="font-medium" />. Enter
            it below to make it your e-mail.
          </p>
          <OtpForm
            onVerify={onVerify}
            onResend={() => onSend()}
            resendSecondsLeft={countdown.secondsLeft}
            resending={sendCode.isPending}
            onUseDifferentEmail={() => setStage("address")}
            submitLabel="Change e-mail"
          />
          <div className="flex justify-center">
            <Button variant="ghost" onClick={cancel}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </SettingsSection>
  );
}
