// /mail (spec-1 §2 "Mail screen"): a spinner while the session loads, the signed-out state, or
// the two panes.
import { pageText } from "../../../domain/page-titles";
import { Spinner } from "../../components/feedback/spinner";
import { usePageMeta } from "../../lib/document-head";
import { useSite } from "../../lib/site-config";
import { useMutedWordsForLive } from "../../state/queries/muted-words";
import { useSessionUser } from "../../state/queries/session";
import { MailPanes } from "./mail-panes";
import { MailSignedOut } from "./mail-signed-out";

export function MailScreen() {
  usePageMeta(pageText({ kind: "mail" }, useSite().siteName));
  const { user, isPending } = useSessionUser();
  // A message arriving live is collapsed by the reader's muted words too (docs/safety.md).
  useMutedWordsForLive(Boolean(user));
  if (isPending) return <Spinner label="Checking your session" />;
  return user ? <MailPanes user={user} /> : <MailSignedOut />;
}
