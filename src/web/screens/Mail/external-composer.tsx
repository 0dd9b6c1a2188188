// The external composer (spec-1 §2 query `compose`, §5 compose rules, §7 send-email, §8 mail
// errors): To, any e-mail address, prefilled from `compose`; an address on our own mail domain
// reaches that person here, any other goes out as e-mail. One's own address is refused before
// anything is sent. Success says 'Sent!' and opens the thread. A refusal is said in the server's
// words ('You can't message this person.'), and for an address on our domain it is said as soon
// as the address is typed, the fields disabled (docs/mail.md "Who can be written to"); any other
// failure says 'Failed to send external email: {error}', or 'Failed to send message: {error}' for
// an address on our domain, which is a member's and never external. The text stays.
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import type { SessionUser } from "../../../domain/contracts/auth";
import { isEmailShaped, isOwnDomainAddress, normalizeEmail } from "../../../domain/email";
import { TextField } from "../../components/form/text-field";
import { useSite } from "../../lib/site-config";
import { toast } from "../../lib/toast";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import {
  type Draft,
  externalFailed,
  replyFailed,
  SELF_MESSAGE,
  SENT,
  sendRefusal,
  useRecipientRefusal,
  useSendExternalMutation,
} from "../../state/queries/mail-send";
import { ComposeForm } from "./compose-form";
import { PaneHeader, PaneHeading } from "./pane-header";

const INVALID_ADDRESS = "Please enter a valid email address.";
/** How long the To field stays still before its person is asked about (one request a pause). */
const CHECK_AFTER_MS = 400;

interface ExternalComposerProps {
  initialTo: string;
  viewer: SessionUser;
  onBack: (() => void) | undefined;
}

export function ExternalComposer({ initialTo, viewer, onBack }: ExternalComposerProps) {
  const { mailDomain } = useSite();
  const [to, setTo] = useState(initialTo);
  const [toError, setToError] = useState<string | undefined>();
  const send = useSendExternalMutation();
  const navigate = useNavigate();
  const headingId = useId();
  const ownAddress = `${viewer.handle}@${mailDomain}`.toLowerCase();
  const typed = useDebouncedValue(normalizeEmail(to), CHECK_AFTER_MS);
  const refusal = useRecipientRefusal(
    typed,
    isEmailShaped(typed) && isOwnDomainAddress(typed, mailDomain) && typed !== ownAddress,
  );

  const onSend = async (draft: Draft) => {
    const address = normalizeEmail(to);
    if (!isEmailShaped(address)) {
      setToError(INVALID_ADDRESS);
      return false;
    }
    if (address === ownAddress) {
      toast.error(SELF_MESSAGE);
      return false;
    }
    try {
      const { thread } = await send.mutateAsync({ ...draft, to: address });
      toast.success(SENT);
      navigate(`/mail?thread=${encodeURIComponent(thread.id)}`);
      return true;
    } catch (error) {
      const failed = isOwnDomainAddress(address, mailDomain) ? replyFailed : externalFailed;
      toast.error(sendRefusal(error) ?? failed(error));
      return false;
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex min-h-0 flex-1 flex-col">
      <PaneHeader onBack={onBack}>
        <PaneHeading id={headingId}>New message</PaneHeading>
      </PaneHeader>
      <div className="min-h-0 flex-1 overflow-y-auto p-4 sm:p-6">
        <ComposeForm
          layout="full"
          sending={send.isPending}
          ready={to.trim() !== ""}
          autoFocus={initialTo !== ""}
          onSend={onSend}
          refusal={refusal}
        >
          <TextField
            label="To"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={to}
            onChange={(event) => {
              setTo(event.target.value);
              setToError(undefined);
            }}
            error={toError}
            hint={`Any e-mail address. An address ending in @${mailDomain} reaches that person here.`}
            autoFocus={initialTo === ""}
          />
        </ComposeForm>
      </div>
    </section>
  );
}
