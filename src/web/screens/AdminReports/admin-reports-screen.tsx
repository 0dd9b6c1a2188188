// /admin/reports (docs/safety.md "Moderate", "Appeals", "Badges"): the moderators' queue in seven
// tabs — Open, Closed, Appeals (people's appeals of actions taken on them), Badges (requests for
// the yellow badge and the veteran medal), Servers (other servers and the reports that cross them:
// docs/federation.md "Moderation"), Audit log, Transparency (the year's statement: docs/safety.md
// "Transparency report"). The server answers 404 to everyone else, and so does this screen: the
// normal 'Page not found', as for any unknown address.
import { Tabs } from "radix-ui";
import { useState } from "react";
import { pageText } from "../../../domain/page-titles";
import { UnderlineTab, UnderlineTabList } from "../../components/controls/underline-tabs";
import { Spinner } from "../../components/feedback/spinner";
import { Page } from "../../components/layout/page";
import { ApiRequestError } from "../../lib/api";
import { usePageMeta } from "../../lib/document-head";
import { useSite } from "../../lib/site-config";
import { useReportQueueQuery } from "../../state/queries/admin";
import { useStandingQuery } from "../../state/queries/safety";
import { NotFoundScreen } from "../NotFound/not-found-screen";
import { AppealQueue } from "./appeal-queue";
import { AuditLog } from "./audit-log";
import { BadgeQueue } from "./badge-queue";
import { GrantModerator } from "./grant-moderator";
import { ReportQueue } from "./report-queue";
import { ServersTab } from "./servers-tab";
import { TransparencyTab } from "./transparency-tab";

export function AdminReportsScreen() {
  const { siteName } = useSite();
  // The open queue is the first tab, and its answer tells whether the viewer may see any of it.
  const open = useReportQueueQuery("open");
  const hidden = open.error instanceof ApiRequestError && open.error.status === 404;
  const admin = useStandingQuery().data?.admin === true;
  const [statementOpened, setStatementOpened] = useState(false);
  usePageMeta(hidden || open.isPending ? null : pageText({ kind: "moderation" }, siteName));

  if (hidden) return <NotFoundScreen />;
  if (open.isPending) return <Spinner label="Loading reports" />;
  return (
    <Page width="lg">
      <h1 className="mb-4 text-2xl font-bold">Moderation</h1>
      {admin ? <GrantModerator /> : null}
      <Tabs.Root
        defaultValue="open"
        onValueChange={(tab) => setStatementOpened((opened) => opened || tab === "transparency")}
      >
        <UnderlineTabList label="Moderation">
          <UnderlineTab value="open">Open</UnderlineTab>
          <UnderlineTab value="closed">Closed</UnderlineTab>
          <UnderlineTab value="appeals">Appeals</UnderlineTab>
          <UnderlineTab value="badges">Badges</UnderlineTab>
          <UnderlineTab value="servers">Servers</UnderlineTab>
          <UnderlineTab value="audit">Audit log</UnderlineTab>
          <UnderlineTab value="transparency">Transparency</UnderlineTab>
        </UnderlineTabList>
        <Tabs.Content value="open">
          <ReportQueue status="open" />
        </Tabs.Content>
        <Tabs.Content value="closed">
          <ReportQueue status="closed" />
        </Tabs.Content>
        <Tabs.Content value="appeals">
          <AppealQueue />
        </Tabs.Content>
        <Tabs.Content value="badges">
          <BadgeQueue admin={admin} />
        </Tabs.Content>
        <Tabs.Content value="servers">
          <ServersTab />
        </Tabs.Content>
        <Tabs.Content value="audit">
          <AuditLog />
        </Tabs.Content>
        {/* Once opened, kept mounted (hidden) so a draft statement outlives a look at another tab. */}
        <Tabs.Content
          value="transparency"
          forceMount={statementOpened || undefined}
          className="data-[state=inactive]:hidden"
        >
          <TransparencyTab />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}
