// /admin/reports (docs/safety.md "Moderate"): the moderators' queue in three tabs — Open,
// Closed, Audit log. The server answers 404 to everyone else, and so does this screen: the
// normal 'Page not found', as for any unknown address.
import { Tabs } from "radix-ui";
import { pageText } from "../../../domain/page-titles";
import { Page } from "../../components/page";
import { Spinner } from "../../components/spinner";
import { ApiRequestError } from "../../lib/api";
import { usePageMeta } from "../../lib/page-meta";
import { useSite } from "../../lib/site-config";
import { useReportQueueQuery } from "../../state/queries/admin";
import { useStandingQuery } from "../../state/queries/safety";
import { NotFoundScreen } from "../NotFound/not-found-screen";
import { AuditLog } from "./audit-log";
import { GrantModerator } from "./grant-moderator";
import { ReportQueue } from "./report-queue";

const tabClass =
  "-mb-px min-h-11 border-b-2 border-transparent px-4 text-sm font-semibold text-neutral-600 hover:text-neutral-900 data-[state=active]:border-sky-600 data-[state=active]:text-neutral-900 dark:text-neutral-400 dark:hover:text-white dark:data-[state=active]:border-sky-400 dark:data-[state=active]:text-white";

export function AdminReportsScreen() {
  const { siteName } = useSite();
  // The open queue is the first tab, and its answer tells whether the viewer may see any of it.
  const open = useReportQueueQuery("open");
  const hidden = open.error instanceof ApiRequestError && open.error.status === 404;
  const admin = useStandingQuery().data?.admin === true;
  usePageMeta(hidden || open.isPending ? null : pageText({ kind: "moderation" }, siteName));

  if (hidden) return <NotFoundScreen />;
  if (open.isPending) return <Spinner label="Loading reports" />;
  return (
    <Page width="lg">
      <h1 className="mb-4 text-2xl font-bold">Moderation</h1>
      {admin ? <GrantModerator /> : null}
      <Tabs.Root defaultValue="open">
        <Tabs.List
          aria-label="Moderation"
          className="mb-4 flex gap-2 overflow-x-auto border-b border-neutral-200 dark:border-neutral-800"
        >
          <Tabs.Trigger value="open" className={tabClass}>
            Open
          </Tabs.Trigger>
          <Tabs.Trigger value="closed" className={tabClass}>
            Closed
          </Tabs.Trigger>
          <Tabs.Trigger value="audit" className={tabClass}>
            Audit log
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="open">
          <ReportQueue status="open" />
        </Tabs.Content>
        <Tabs.Content value="closed">
          <ReportQueue status="closed" />
        </Tabs.Content>
        <Tabs.Content value="audit">
          <AuditLog />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}
