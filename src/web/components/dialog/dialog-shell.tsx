// The one dialog shell (STYLE.md "Shared UI shells", after Excalidraw's Dialog.tsx), on Radix
// Dialog: the title is the dialog's accessible name, an optional description, a Close button,
// focus kept inside while it is open and given back to the element that opened it on close.
// Loaded after the first paint (dialog.tsx).
import { clsx } from "clsx";
import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { useRef } from "react";
import { IconButton } from "../controls/icon-button";
import type { DialogProps, Layout, Width } from "./dialog-props";

const centred = "sm:left-1/2 sm:-translate-x-1/2";
const layouts: Record<Layout, { content: string; header: string; title: string }> = {
  card: {
    content: `inset-x-3 top-1/2 max-h-[90dvh] -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-white p-5 sm:inset-x-auto ${centred} dark:bg-neutral-900`,
    header: "",
    title: "text-lg font-bold",
  },
  sheet: {
    content: `inset-x-0 bottom-0 max-h-[85dvh] rounded-t-2xl bg-white sm:inset-x-auto sm:top-1/2 sm:bottom-auto ${centred} sm:-translate-y-1/2 sm:rounded-2xl dark:bg-neutral-900`,
    header: "border-b border-neutral-200 px-5 py-3 dark:border-neutral-800",
    title: "text-lg font-bold",
  },
  page: {
    content: `inset-0 bg-white sm:inset-x-auto sm:top-1/2 sm:h-[85vh] sm:w-[min(42rem,calc(100vw-2rem))] ${centred} sm:-translate-y-1/2 sm:rounded-2xl dark:bg-neutral-900`,
    header: "border-b border-neutral-200 px-5 py-4 dark:border-neutral-800",
    title: "text-lg font-bold",
  },
  media: {
    content:
      "top-1/2 left-1/2 max-h-[92dvh] w-[min(56rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 gap-3 rounded-2xl bg-neutral-950 p-3 text-white",
    header: "pl-2",
    title: "text-base font-semibold",
  },
};
const widths: Record<Width, string> = {
  sm: "sm:w-[min(24rem,calc(100vw-2rem))]",
  md: "sm:w-[min(28rem,calc(100vw-2rem))]",
  lg: "sm:w-[min(32rem,calc(100vw-2rem))]",
};
const defaultWidths: Record<Layout, Width | null> = {
  card: "lg",
  sheet: "md",
  page: null,
  media: null,
};

export default function DialogShell({
  open,
  onOpenChange,
  title,
  description,
  hideDescription = false,
  alert = false,
  layout = "card",
  width,
  onCloseAutoFocus,
  children,
}: DialogProps) {
  const look = layouts[layout];
  const shownWidth = width ?? defaultWidths[layout];
  const stayOpen = (event: Event) => event.preventDefault();
  // Radix gives the focus back to a Dialog.Trigger; these dialogs are opened by the caller's own
  // controls, so the element that had the focus at opening is remembered and gets it back.
  const opener = useRef<HTMLElement | null>(null);
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const returnFocus = (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (opener.current?.isConnected) opener.current.focus();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          className={clsx(
            "fixed inset-0 z-50 motion-safe:animate-fade-in",
            layout === "media" ? "bg-black/80" : "bg-black/60",
          )}
        />
        <RadixDialog.Content
          role={alert ? "alertdialog" : "dialog"}
          onOpenAutoFocus={rememberOpener}
          onCloseAutoFocus={returnFocus}
          onPointerDownOutside={alert ? stayOpen : undefined}
          onInteractOutside={alert ? stayOpen : undefined}
          {...(description === undefined ? { "aria-describedby": undefined } : {})}
          className={clsx(
            "fixed z-50 flex flex-col shadow-xl",
            look.content,
            shownWidth && widths[shownWidth],
          )}
        >
          <div className={clsx("flex items-start justify-between gap-4", look.header)}>
            <div className="min-w-0 space-y-1">
              <RadixDialog.Title className={look.title}>{title}</RadixDialog.Title>
              {description === undefined ? null : (
                <RadixDialog.Description
                  className={
                    hideDescription ? "sr-only" : "text-sm text-neutral-600 dark:text-neutral-400"
                  }
                >
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            {alert ? null : (
              <RadixDialog.Close asChild>
                <IconButton
                  label="Close"
                  tone={layout === "media" ? "inverse" : "plain"}
                  className="-my-1 -mr-1"
                >
                  <X aria-hidden="true" size={20} />
                </IconButton>
              </RadixDialog.Close>
            )}
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
