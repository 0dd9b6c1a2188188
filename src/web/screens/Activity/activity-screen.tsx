// /activity (spec-2 §2 "Activity page"): the reader's activity groups, newest first, under New /
// Yesterday / Last 7 days / Last 30 days / Older, with 'Mark all as read' while anything is unread;
// above them what the filter of new accounts holds (requests-entry.tsx, leading to
// /activity?view=requests: activity-requests.tsx) and a private account's waiting follow
// requests (follow-requests.tsx).
import { useRef } from "react";
import { useSearchParams } from "react-router";
import { pageText } from "../../../domain/page-titles";
import { Button } from "../../components/controls/button";
import { LoadError } from "../../components/feedback/load-error";
import { Page } from "../../components/layout/page";
import { usePageMeta } from "../../lib/document-head";
import { useSite } from "../../lib/site-config";
import { useNow } from "../../lib/use-now";
import { useActivityQuery, useMarkAllReadMutation } from "../../state/queries/activity";
import { useSessionUser } from "../../state/queries/session";
import { ActivityEntry } from "./activity-entry";
import { ActivityRequests } from "./activity-requests";
import { activitySections } from "./activity-sections";
import { FollowRequests } from "./follow-requests";
import { RequestsEntry } from "./requests-entry";
import { useOpenActivity } from "./use-open-activity";

const muted = "text-neutral-600 dark:text-neutral-400";

export function ActivityScreen() {
  usePageMeta(pageText({ kind: "activity" }, useSite().siteName));
  const [params] = useSearchParams();
  const now = useNow();
  if (params.get("view") === "requests") {
    return (
      <Page>
        <ActivityRequests now={now} />
      </Page>
    );
  }
  return <ActivityGroups now={now} />;
}

function ActivityGroups({ now }: { now: Date }) {
  const query = useActivityQuery();
  const markAll = useMarkAllReadMutation();
  const open = useOpenActivity();
  const { user } = useSessionUser();
  const heading = useRef<HTMLHeadingElement>(null);

  // The waiting requests have their own section; their item is not listed again below it.
  const requestGroup = query.data?.groups.find((g) => g.groupType === "FOLLOW_REQUEST");
  const groups = query.data?.groups.filter((g) => g.groupType !== "FOLLOW_REQUEST");
  const anyUnread = groups?.some((g) => g.unread) ?? false;

  const onMarkAll = () => {
    markAll.mutate();
    // The button goes away at once; keep the keyboard user's place on the page.
    heading.current?.focus();
  };

  return (
    <Page>
      <div className="mb-4 flex min-h-10 flex-wrap items-center justify-between gap-3 sm:mb-6">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
          Activity
        </h1>
        {anyUnread ? (
          <Button variant="secondary" onClick={onMarkAll}>
            Mark all as read
          </Button>
        ) : null}
      </div>

      <RequestsEntry />
      <FollowRequests group={requestGroup} now={now} />

      {groups === undefined ? (
        query.isError ? (
          <LoadError
            message="Could not load activity."
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
            className="py-12"
          />
        ) : (
          <p role="status" className={`py-12 text-center ${muted}`}>
            Loading activity...
          </p>
        )
      ) : groups.length === 0 ? (
        <p className={`py-12 text-center ${muted}`}>
          {requestGroup ? "No other activity yet" : "No activity yet"}
        </p>
      ) : (
        <div className="space-y-6">
          {activitySections(groups, now).map(({ bucket, groups: inSection }) => {
            const id = `activity-${bucket.toLowerCase().replace(/\s+/g, "-")}`;
            return (
              <section key={bucket} aria-labelledby={id}>
                <h2
                  id={id}
                  className="mb-2 px-3 text-sm font-semibold tracking-wide text-neutral-500 uppercase sm:px-4 dark:text-neutral-400"
                >
                  {bucket}
                </h2>
                <ul className="space-y-1">
                  {inSection.map((group) => (
                    <li
                      key={`${group.groupType}:${group.postId ?? group.noteId ?? group.target ?? ""}`}
                    >
                      <ActivityEntry
                        group={group}
                        now={now}
                        viewerHandle={user?.handle}
                        onOpen={open}
                      />
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </Page>
  );
}
