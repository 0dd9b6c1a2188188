// The signed-in mail screen (spec-1 §2): thread list left, conversation right. The query says what
// the right pane holds: `thread` a conversation, `compose` the external composer (its value is
// the To address); `view=requests` puts the message requests in the left pane instead
// (request-list.tsx). Below 768 px one pane shows at a time, with 'Back to Mail' on the right one.
// When a pane change takes away the focused control, focus goes to the new pane's heading, or
// back to the thread that was open.
import { MessagesSquare } from "lucide-react";
import { type RefObject, useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { SessionUser } from "../../../domain/contracts/auth";
import { Conversation } from "./conversation";
import { ExternalComposer } from "./external-composer";
import { RequestList } from "./request-list";
import { ThreadList } from "./thread-list";
import { usePhoneLayout } from "./use-phone-layout";

function NothingSelected() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center">
      <MessagesSquare aria-hidden="true" size={40} className="text-neutral-400" />
      <p className="font-semibold">Select a conversation</p>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        Or write to anyone with New message.
      </p>
    </div>
  );
}

function useFocusAfterPaneChange(
  root: RefObject<HTMLDivElement | null>,
  selection: string,
  threadId: string | null,
): void {
  const previous = useRef({ selection, threadId });
  useEffect(() => {
    const before = previous.current;
    previous.current = { selection, threadId };
    const container = root.current;
    if (before.selection === selection || !container) return;
    const active = document.activeElement;
    if (active && active !== document.body && container.contains(active)) return;
    const target = selection
      ? container.querySelector<HTMLElement>("[data-pane-heading]")
      : (container.querySelector<HTMLElement>(`[data-thread-id="${before.threadId}"]`) ??
        container.querySelector<HTMLElement>("h1"));
    target?.focus();
  }, [root, selection, threadId]);
}

export function MailPanes({ user }: { user: SessionUser }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const phone = usePhoneLayout();
  const root = useRef<HTMLDivElement>(null);
  const threadId = params.get("thread") || null;
  const composeTo = params.get("compose");
  const requests = params.get("view") === "requests";
  const selection = composeTo !== null ? `compose:${composeTo}` : (threadId ?? "");
  useFocusAfterPaneChange(root, selection, threadId);

  const listPath = requests ? "/mail?view=requests" : "/mail";
  const onBack = phone ? () => navigate(listPath) : undefined;
  const showList = !phone || selection === "";
  const showDetail = !phone || selection !== "";

  return (
    <div
      ref={root}
      className="mx-auto flex h-[calc(100dvh-3.5rem)] max-w-5xl border-neutral-200 md:border-x dark:border-neutral-800"
    >
      {showList ? (
        requests ? (
          <RequestList
            viewerId={user.id}
            selectedId={threadId}
            className="w-full md:w-80 md:shrink-0 md:border-r lg:w-96"
          />
        ) : (
          <ThreadList
            viewerId={user.id}
            selectedId={threadId}
            className="w-full md:w-80 md:shrink-0 md:border-r lg:w-96"
          />
        )
      ) : (
        <h1 className="sr-only">Mail</h1>
      )}
      {showDetail ? (
        <div className="flex min-w-0 flex-1 flex-col">
          {composeTo !== null ? (
            <ExternalComposer key={composeTo} initialTo={composeTo} viewer={user} onBack={onBack} />
          ) : threadId ? (
            <Conversation key={threadId} threadId={threadId} viewerId={user.id} onBack={onBack} />
          ) : (
            <NothingSelected />
          )}
        </div>
      ) : null}
    </div>
  );
}
