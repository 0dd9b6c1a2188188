// The e-mail confirmation callback's states (spec-2 §4): checking, then verified (sign in next),
// welcome (the visitor already has a session: on to /), or failed (on to /signup).
import { useEffect, useRef, useState } from "react";
import { verifyCodeBody } from "../../../domain/contracts/auth";
import { useSessionUser, useVerifyCodeMutation } from "../../state/queries/session";
import { CALLBACK_ERRORS, callbackErrorText } from "./callback-errors";

export type ConfirmationState =
  | { kind: "checking" }
  | { kind: "verified" }
  | { kind: "welcome" }
  | { kind: "failed"; message: string };

export function useEmailConfirmation(link: {
  email: string | null;
  code: string | null;
}): ConfirmationState {
  const session = useSessionUser();
  const { mutateAsync } = useVerifyCodeMutation();
  const [state, setState] = useState<ConfirmationState>({ kind: "checking" });
  const started = useRef(false);
  const viewerEmail = session.user?.email;

  useEffect(() => {
    // Wait for the session; then decide once, because a code is single-use (StrictMode re-runs).
    if (session.isPending || started.current) return;
    started.current = true;
    const parsed = verifyCodeBody.safeParse({ email: link.email ?? "", code: link.code ?? "" });
    // Signing in needs a confirmed address: a session for the link's address means it is done.
    if (viewerEmail && (!parsed.success || parsed.data.email === viewerEmail)) {
      setState({ kind: "welcome" });
      return;
    }
    if (!parsed.success) {
      setState({ kind: "failed", message: CALLBACK_ERRORS.unconfirmed });
      return;
    }
    mutateAsync(parsed.data).then(
      () => setState({ kind: "verified" }),
      (error: unknown) => setState({ kind: "failed", message: callbackErrorText(error) }),
    );
  }, [session.isPending, viewerEmail, link.email, link.code, mutateAsync]);

  return state;
}
