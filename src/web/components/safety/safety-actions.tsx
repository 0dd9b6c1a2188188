// Report, Mute and Block as items of an options menu (docs/safety.md), with the dialogs they open.
// The viewer's relation to the person is asked once the menu opens (or is already cached), so a
// list of posts does not ask about every author. Unblock and Unmute need no confirmation.
import { Ban, Flag, Volume2, VolumeX } from "lucide-react";
import { type ReactNode, type RefObject, useState } from "react";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useBlockMutation, useMuteMutation, useRelationQuery } from "../../state/queries/safety";
import { OptionsMenuItem } from "../menu/options-menu-item";
import { BlockDialog } from "./block-dialog";
import { ReportDialog } from "./report-dialog";
import type { ReportSubject } from "./report-subject";

export type SafetyAction = "report" | "mute" | "block";

const REPORT_LABELS = {
  profile: (handle: string) => `Report @${handle}`,
  post: () => "Report post",
  comment: () => "Report comment",
  message: () => "Report message",
};

export const mutedToast = (handle: string) =>
  `Muted @${handle}. Their posts and comments are hidden from your feed and activity.`;

interface SafetyActionsOptions {
  /** The items, in menu order. */
  actions: readonly SafetyAction[];
  /** Whether the menu is open: the relation is asked for then. */
  menuOpen: boolean;
  /** The menu's button, which gets the focus back when a dialog closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/** Unblock at once (no confirmation), with a toast either way. */
export function useUnblock(userId: string, handle: string) {
  const block = useBlockMutation();
  const unblock = () =>
    block.mutate(
      { userId, on: false },
      {
        onSuccess: () => toast.success(`Unblocked @${handle}`),
        onError: (error) =>
          toast.error(errorMessage(error, `Could not unblock @${handle}. Please try again.`)),
      },
    );
  return { unblock, pending: block.isPending };
}

export function useSafetyActions(
  subject: ReportSubject,
  { actions, menuOpen, triggerRef }: SafetyActionsOptions,
): { items: ReactNode; dialogs: ReactNode } {
  const { userId, handle } = subject.person;
  const relation = useRelationQuery(userId, menuOpen);
  const mute = useMuteMutation();
  const [dialog, setDialog] = useState<"block" | "report" | null>(null);
  const blocking = relation.data?.blocking ?? false;
  const muting = relation.data?.muting ?? false;

  const setOpen = (which: "block" | "report") => (open: boolean) => setDialog(open ? which : null);
  // The item that opened the dialog is gone with the menu: focus its button when it is still there.
  const backToMenuButton = (event: Event) => {
    if (!triggerRef.current?.isConnected) return;
    event.preventDefault();
    triggerRef.current.focus();
  };

  const onUnblock = useUnblock(userId, handle).unblock;
  const onMuteToggle = () =>
    mute.mutate(
      { userId, on: !muting },
      {
        onSuccess: (now) => toast.success(now.muting ? mutedToast(handle) : `Unmuted @${handle}`),
        onError: (error) =>
          toast.error(errorMessage(error, `Could not update mute. Please try again.`)),
      },
    );

  const item: Record<SafetyAction, ReactNode> = {
    report: (
      <OptionsMenuItem
        key="report"
        icon={<Flag aria-hidden="true" size={16} />}
        onSelect={() => setDialog("report")}
      >
        {REPORT_LABELS[subject.target.type](handle)}
      </OptionsMenuItem>
    ),
    mute: (
      <OptionsMenuItem
        key="mute"
        icon={
          muting ? (
            <Volume2 aria-hidden="true" size={16} />
          ) : (
            <VolumeX aria-hidden="true" size={16} />
          )
        }
        onSelect={onMuteToggle}
      >
        {muting ? `Unmute @${handle}` : `Mute @${handle}`}
      </OptionsMenuItem>
    ),
    block: (
      <OptionsMenuItem
        key="block"
        danger={!blocking}
        icon={<Ban aria-hidden="true" size={16} />}
        onSelect={blocking ? onUnblock : () => setDialog("block")}
      >
        {blocking ? `Unblock @${handle}` : `Block @${handle}`}
      </OptionsMenuItem>
    ),
  };

  return {
    items: actions.map((action) => item[action]),
    dialogs: (
      <>
        {actions.includes("block") ? (
          <BlockDialog
            person={subject.person}
            open={dialog === "block"}
            onOpenChange={setOpen("block")}
            onCloseAutoFocus={backToMenuButton}
          />
        ) : null}
        {actions.includes("report") ? (
          <ReportDialog
            subject={subject}
            blocking={blocking}
            open={dialog === "report"}
            onOpenChange={setOpen("report")}
            onCloseAutoFocus={backToMenuButton}
          />
        ) : null}
      </>
    ),
  };
}
