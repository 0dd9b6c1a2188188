// /settings/appeal/{token} (docs/safety.md "Appealing a suspension"): the page a suspension's
// e-mail links to. The person cannot sign in, so the signed link alone shows them that one action
// as Account standing would, with Appeal while it counts, and later their appeal's decision.
import { useParams } from "react-router";
import { LoadError } from "../../components/feedback/load-error";
import { Spinner } from "../../components/feedback/spinner";
import { FormMessage } from "../../components/form/form-message";
import { Page } from "../../components/layout/page";
import { SiteFooter } from "../../components/layout/site-footer";
import { ApiRequestError } from "../../lib/api";
import { useStaticPageMeta } from "../../lib/document-head";
import { useSite } from "../../lib/site-config";
import { useNow } from "../../lib/use-now";
import { useAppealLinkQuery, useLinkAppealMutation } from "../../state/queries/standing";
import { StandingActionItem } from "../Settings/standing-action-item";

const muted = "text-neutral-700 dark:text-neutral-300";

function LinkedAction({ token }: { token: string }) {
  const query = useAppealLinkQuery(token);
  const send = useLinkAppealMutation(token);
  const now = useNow();
  if (query.isPending) return <Spinner label="Loading the decision" />;
  if (query.isError) {
    // A link we did not sign, or whose account is gone: retrying cannot help.
    if (query.error instanceof ApiRequestError && query.error.status === 404) {
      return <FormMessage>{query.error.message}</FormMessage>;
    }
    return (
      <LoadError
        message="Could not load the decision."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        className="py-10"
      />
    );
  }
  return (
    <ul
      aria-label="The decision"
      className="rounded-2xl border border-neutral-200 px-4 dark:border-neutral-800"
    >
      <StandingActionItem item={query.data.action} now={now} send={send} />
    </ul>
  );
}

export function AppealLinkScreen() {
  useStaticPageMeta("appeal");
  const { siteName } = useSite();
  const { token = "" } = useParams();
  return (
    <>
      <Page width="md">
        <header className="space-y-3">
          <h1 className="text-3xl font-extrabold tracking-tight">Appeal a decision</h1>
          <p className={`text-lg leading-8 ${muted}`}>
            A {siteName} moderator took this action on your account. If you think it was a mistake,
            tell the moderators why: another moderator reads your appeal, and you will hear back by
            e-mail and on this page.
          </p>
        </header>
        <div className="mt-8">
          <LinkedAction token={token} />
        </div>
      </Page>
      <SiteFooter />
    </>
  );
}
