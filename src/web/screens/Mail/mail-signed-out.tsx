// /mail for a visitor (spec-1 §2, §6): 'You’re not signed in.' and 'Sign in to view
// conversations', which signs in and comes back here.
import { Inbox } from "lucide-react";
import { Link, useLocation } from "react-router";
import { signupRedirect } from "../../../domain/safe-next";
import { buttonClass } from "../../components/controls/button";
import { Page } from "../../components/layout/page";

export function MailSignedOut() {
  const location = useLocation();
  return (
    <Page width="sm" className="flex flex-col items-center gap-4 pt-16 text-center sm:pt-24">
      <Inbox aria-hidden="true" size={48} className="text-neutral-400" />
      <h1 className="text-2xl font-bold">Mail</h1>
      <p className="text-neutral-700 dark:text-neutral-300">You’re not signed in.</p>
      <Link
        to={signupRedirect(`${location.pathname}${location.search}`)}
        className={buttonClass({ size: "lg" })}
      >
        Sign in to view conversations
      </Link>
    </Page>
  );
}
