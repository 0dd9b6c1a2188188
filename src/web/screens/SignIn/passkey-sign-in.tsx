// 'Sign in with a passkey' under the Login tab's form (docs/accounts.md "Passkeys"), in browsers
// that have WebAuthn. The browser offers the site's passkeys itself, so nothing is typed first; a
// passkey is both factors, so there is no two-factor step after it. Success is a login's: 'Welcome
// back!' and on to `next`. Closing the browser's prompt earns a quiet note, a refusal the server's
// words.
import { browserSupportsWebAuthn } from "@simplewebauthn/browser";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/controls/button";
import { FormMessage } from "../../components/form/form-message";
import { ceremonyOutcome } from "../../lib/passkey-ceremony";
import { toast } from "../../lib/toast";
import { usePasskeySignInMutation } from "../../state/queries/passkeys";

type Note = { tone: "error" | "info"; text: string };

export function PasskeySignIn({ next }: { next: string }) {
  const navigate = useNavigate();
  const signIn = usePasskeySignInMutation();
  const [supported] = useState(browserSupportsWebAuthn);
  const [note, setNote] = useState<Note | null>(null);
  if (!supported) return null;

  const start = () => {
    setNote(null);
    signIn.mutate(undefined, {
      onSuccess: () => {
        toast.success("Welcome back!");
        navigate(next, { replace: true });
      },
      onError: (error) => {
        const outcome = ceremonyOutcome(
          error,
          "Could not sign in with a passkey. Please try again, or log in with your password.",
        );
        setNote(
          outcome.cancelled
            ? { tone: "info", text: "No passkey was used. You can try again." }
            : { tone: "error", text: outcome.message },
        );
      },
    });
  };

  return (
    <div className="mt-6 space-y-4">
      <div className="flex items-center gap-3 text-sm text-neutral-500 dark:text-neutral-400">
        <span aria-hidden="true" className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" />
      </div>
      <Button variant="secondary" size="lg" block busy={signIn.isPending} onClick={start}>
        {signIn.isPending ? null : <KeyRound aria-hidden="true" size={18} />}
        Sign in with a passkey
      </Button>
      {note ? <FormMessage tone={note.tone}>{note.text}</FormMessage> : null}
    </div>
  );
}
