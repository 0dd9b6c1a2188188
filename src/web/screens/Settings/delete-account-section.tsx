// "Delete account" (docs/accounts.md "Deleting the account"), last on Settings and marked as a
// danger zone: it says plainly what goes and what is kept or held, mails a 6-digit code to the
// account's address on 'Delete my account', and deletes the account once that code is entered
// and confirmed. The app is then signed out and lands on the signed-out home page. A code sent
// before a reload, still good, is offered for entry again (GET /api/account/deletion/code).
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { DELETION_CODE_INVALID } from "../../../domain/contracts/account";
import { ERROR_CODES } from "../../../domain/error-codes";
import { isOtpEntry } from "../../../domain/otp";
import { emptyDigits, OtpBoxes } from "../../components/account/otp-boxes";
import { Button } from "../../components/controls/button";
import { FormMessage } from "../../components/form/form-message";
import { ApiRequestError, errorMessage, isApiError } from "../../lib/api";
import { useSite } from "../../lib/site-config";
import { toast } from "../../lib/toast";
import { useCountdown } from "../../lib/use-countdown";
import {
  useDeleteAccountMutation,
  useDeletionCodeStatusQuery,
  useSendDeletionCodeMutation,
} from "../../state/queries/account";
import { useSessionUser } from "../../state/queries/session";
import { muted, SettingsSection } from "./settings-section";

export const DELETED_TOAST = "Your account was deleted.";

/** What the section says before anything is sent: what goes, what is kept or held. */
function WhatHappens({ address }: { address: string }) {
  return (
    <div className="mt-2 space-y-3 text-sm">
      <p>Deleting your account is permanent. It cannot be undone.</p>
      <div>
        <h3 className="font-semibold">Removed</h3>
        <ul className={`mt-1 list-disc space-y-1 pl-5 ${muted}`}>
          <li>Your profile, pictures and username</li>
          <li>Your posts, comments and likes</li>
          <li>Who you follow and who follows you</li>
          <li>Your activity and the reports you filed</li>
          <li>Your password and every session you are signed in with</li>
        </ul>
      </div>
      <div>
        <h3 className="font-semibold">Kept or held</h3>
        <ul className={`mt-1 list-disc space-y-1 pl-5 ${muted}`}>
          <li>
            Messages you sent stay in the other person's conversation as 'Message deleted', without
            their words.
          </li>
          <li>
            Your handle and your address <span className="break-all">{address}</span> are held for
            90 days: nobody can take them, and mail to the address is refused.
          </li>
          <li>A reserved username's subscription is cancelled, so it does not renew.</li>
        </ul>
      </div>
    </div>
  );
}

/** The code waiting to be entered: where it went and how long it holds from when it was learnt. */
interface SentCode {
  email: string;
  expiresInSeconds: number;
}

const expiryText = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
};

export function DeleteAccountSection() {
  const { user } = useSessionUser();
  const { mailDomain } = useSite();
  const navigate = useNavigate();
  const status = useDeletionCodeStatusQuery();
  const sendCode = useSendDeletionCodeMutation();
  const remove = useDeleteAccountMutation();
  const countdown = useCountdown();
  const { start } = countdown;
  const [sent, setSent] = useState<SentCode | null>(null);
  const [entering, setEntering] = useState(false);
  const [focusEntry, setFocusEntry] = useState(true);
  const [digits, setDigits] = useState(emptyDigits);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Set once the screen knows its code, from the server's status or its own send.
  const known = useRef(false);

  const enter = useCallback(
    (
      code: SentCode,
      { focus, resendAfterSeconds }: { focus: boolean; resendAfterSeconds: number },
    ) => {
      known.current = true;
      setSent(code);
      setEntering(true);
      setFocusEntry(focus);
      setDigits(emptyDigits());
      setError(null);
      start(resendAfterSeconds);
    },
    [start],
  );

  // A code mailed before a reload can still be entered: offer its entry, not a new send that the
  // resend minute would refuse (the wait shows on the resend control). Unasked, so no focus.
  useEffect(() => {
    const answer = status.data;
    if (known.current || !answer?.pending) return;
    enter(answer, { focus: false, resendAfterSeconds: answer.resendAfterSeconds });
  }, [status.data, enter]);

  const send = () =>
    sendCode.mutate(undefined, {
      onSuccess: ({ email, resendAfterSeconds, expiresInSeconds }) =>
        enter({ email, expiresInSeconds }, { focus: true, resendAfterSeconds }),
      onError: async (failure) => {
        if (failure instanceof ApiRequestError && failure.retryAfter) {
          start(failure.retryAfter);
        }
        // Refused for the resend minute: the code sent then is the one to enter.
        if (!entering && isApiError(failure, ERROR_CODES.resendCooldown)) {
          const { data } = await status.refetch();
          if (data?.pending) {
            enter(data, { focus: true, resendAfterSeconds: data.resendAfterSeconds });
            return;
          }
        }
        setError(errorMessage(failure, "Could not send the code. Please try again."));
      },
    });

  /** 'Delete my account': within the resend minute, back to the code already sent. */
  const begin = () => {
    if (sent && countdown.running) {
      setEntering(true);
      setFocusEntry(true);
      return;
    }
    send();
  };

  const cancel = () => {
    setEntering(false);
    setDigits(emptyDigits());
    setError(null);
    heading.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    const code = digits.join("");
    if (!isOtpEntry(code)) {
      setError(DELETION_CODE_INVALID);
      return;
    }
    setError(null);
    remove.mutate(
      { code },
      {
        onSuccess: () => {
          toast.success(DELETED_TOAST);
          void navigate("/", { replace: true });
        },
        onError: (failure) => setError(errorMessage(failure, "Could not delete the account.")),
      },
    );
  };

  return (
    <SettingsSection title="Delete account" headingRef={heading} danger>
      <WhatHappens address={`${user?.handle ?? ""}@${mailDomain}`} />
      {!entering || sent === null ? (
        <div className="mt-4 space-y-3">
          {error ? <FormMessage>{error}</FormMessage> : null}
          <Button variant="danger" busy={sendCode.isPending} onClick={begin}>
            Delete my account
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          <p role="status" className="text-sm">
            We sent a 6-digit code to <strong className="break-all">{sent.email}</strong>. Enter it
            to delete your account. The code expires in {expiryText(sent.expiresInSeconds)}.
          </p>
          <OtpBoxes
            digits={digits}
            onChange={(next) => {
              setDigits(next);
              if (error) setError(null);
            }}
            disabled={remove.isPending}
            invalid={error !== null}
            autoFocus={focusEntry}
            describedBy={error ? errorId : undefined}
          />
          {error ? (
            <div id={errorId}>
              <FormMessage>{error}</FormMessage>
            </div>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" variant="danger" busy={remove.isPending}>
              Delete account permanently
            </Button>
            <Button variant="secondary" onClick={cancel} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              variant="ghost"
              onClick={send}
              busy={sendCode.isPending}
              disabled={countdown.running || remove.isPending}
            >
              {countdown.running ? `Resend code in ${countdown.secondsLeft}s` : "Resend code"}
            </Button>
          </div>
        </form>
      )}
    </SettingsSection>
  );
}
