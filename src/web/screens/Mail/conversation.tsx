// The conversation pane (spec-1 §2, §4): who the thread is with, its messages (message-list.tsx)
// and the reply composer, above it a message request's Accept and Dismiss (request-banner.tsx). Opening it marks the thread read, and so does a message arriving while
// it is open and the tab is in view. Opened without a message yet, it is a draft in the list.
import { useEffect, useId, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { LoadError } from "../../components/feedback/load-error";
import { ProfileBadges } from "../../components/person/profile-badges";
import { ApiRequestError, errorMessage } from "../../lib/api";
import { useSite } from "../../lib/site-config";
import { THREADS_FAILED, useMarkReadMutation, useThreadQuery } from "../../state/queries/mail";
import { useRememberDraft } from "../../state/queries/mail-drafts";
import { MessageList } from "./message-list";
import { PaneHeader, PaneHeading } from "./pane-header";
import { PartyAvatar, partyName } from "./party";
import { ReplyComposer } from "./reply-composer";
import { RequestBanner } from "./request-banner";

const muted = "text-neutral-600 dark:text-neutral-400";

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}
const tabVisible = () => document.visibilityState === "visible";

function useMarkReadWhileOpen(threadId: string, unread: boolean): void {
  const { mutate } = useMarkReadMutation();
  const visible = useSyncExternalStore(subscribeVisibility, tabVisible, () => true);
  useEffect(() => {
    if (unread && visible) mutate(threadId);
  }, [mutate, threadId, unread, visible]);
}

interface ConversationProps {
  threadId: string;
  viewerId: string;
  onBack: (() => void) | undefined;
}

export function Conversation({ threadId, viewerId, onBack }: ConversationProps) {
  const thread = useThreadQuery(threadId);
  const headingId = useId();
  const { siteName } = useSite();
  useMarkReadWhileOpen(threadId, thread.data?.unread ?? false);
  useRememberDraft(thread.data);

  if (!thread.data) {
    const gone =
      thread.error instanceof ApiRequestError &&
      (thread.error.status === 404 || thread.error.status === 400);
    return (
      <section aria-labelledby={headingId} className="flex min-h-0 flex-1 flex-col">
        <PaneHeader onBack={onBack}>
          <PaneHeading id={headingId}>
            {gone ? "Conversation not found" : "Conversation"}
          </PaneHeading>
        </PaneHeader>
        {gone ? (
          <p className={`p-8 text-center ${muted}`}>
            It may have been removed, or it is not one of yours.
          </p>
        ) : thread.isError ? (
          <LoadError
            message={`Error: ${errorMessage(thread.error, THREADS_FAILED)}`}
            onRetry={() => void thread.refetch()}
            retrying={thread.isFetching}
            className="p-8"
          />
        ) : (
          <p role="status" className={`p-8 text-center ${muted}`}>
            Loading conversation...
          </p>
        )}
      </section>
    );
  }

  const { other } = thread.data;
  return (
    <section aria-labelledby={headingId} className="flex min-h-0 flex-1 flex-col">
      <PaneHeader onBack={onBack}>
        <PartyAvatar party={other} className="size-10" />
        <div className="min-w-0">
          <PaneHeading id={headingId}>{partyName(other)}</PaneHeading>
          {other.kind === "person" ? (
            <p className={`flex items-center gap-1.5 text-sm ${muted}`}>
              {other.person.handle ? (
                <Link to={`/${other.person.handle}`} className="truncate hover:underline">
                  @{other.person.handle}
                </Link>
              ) : null}
              <ProfileBadges
                verificationType={other.person.verificationType}
                veteran={other.person.veteran}
                size={16}
              />
            </p>
          ) : (
            <p className={`text-sm ${muted}`}>E-mail address outside {siteName}</p>
          )}
        </div>
      </PaneHeader>
      <MessageList
        threadId={threadId}
        viewerId={viewerId}
        label={`Conversation with ${partyName(other)}`}
        closed={thread.data.refusal !== undefined}
      />
      <div className="shrink-0 border-t border-neutral-200 p-3 dark:border-neutral-800">
        <RequestBanner thread={thread.data} />
        <ReplyComposer thread={thread.data} />
      </div>
    </section>
  );
}
