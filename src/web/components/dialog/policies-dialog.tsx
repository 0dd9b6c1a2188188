// The policies dialog (spec-1 §2): the four policies with jump buttons and back to top, named
// "Scroll to top" so that on /policies one button alone answers to "Back".
// Used by /policies and by the Register form; the caller supplies the footer actions.
import { type ReactNode, useRef } from "react";
import { useSite } from "../../lib/site-config";
import { Dialog } from "./dialog";
import { POLICIES_UPDATED, policySections } from "./policy-text";

interface PoliciesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  footer: ReactNode;
}

export function PoliciesDialog({ open, onOpenChange, footer }: PoliciesDialogProps) {
  const { siteName } = useSite();
  const sections = policySections(siteName);
  const scroller = useRef<HTMLDivElement>(null);
  const jumpTo = (id: string) => {
    const target = scroller.current?.querySelector<HTMLElement>(`#policy-${id}`);
    target?.scrollIntoView({ behavior: "smooth", block: "start" });
    target?.focus({ preventScroll: true });
  };
  const backToTop = () => {
    scroller.current?.scrollTo({ top: 0, behavior: "smooth" });
    scroller.current
      ?.querySelector<HTMLElement>("[data-policy-top]")
      ?.focus({ preventScroll: true });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      layout="page"
      title={`${siteName} Policies`}
      description={`Last updated ${POLICIES_UPDATED}`}
    >
      <nav
        aria-label="Policy sections"
        className="flex gap-2 overflow-x-auto border-b border-neutral-200 px-5 py-2 dark:border-neutral-800"
      >
        {sections.map((section) => (
          <button
            key={section.id}
            type="button"
            onClick={() => jumpTo(section.id)}
            className="min-h-10 shrink-0 rounded-full bg-neutral-100 px-3 text-sm font-medium hover:bg-neutral-200 dark:bg-neutral-800 dark:hover:bg-neutral-700"
          >
            {section.title}
          </button>
        ))}
      </nav>
      <div ref={scroller} className="flex-1 space-y-8 overflow-y-auto px-5 py-5">
        <span data-policy-top tabIndex={-1} className="sr-only">
          Top of policies
        </span>
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={`policy-${section.id}`} className="space-y-3">
            <h2
              id={`policy-${section.id}`}
              tabIndex={-1}
              className="scroll-mt-2 text-base font-bold focus:outline-none"
            >
              {section.title}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p
                key={paragraph}
                className="text-sm leading-6 text-neutral-700 dark:text-neutral-300"
              >
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        <button
          type="button"
          onClick={backToTop}
          className="min-h-10 rounded-full px-3 text-sm font-semibold text-sky-700 hover:bg-sky-50 dark:text-sky-400 dark:hover:bg-neutral-800"
        >
          Scroll to top
        </button>
      </div>
      <footer className="flex justify-end gap-2 border-t border-neutral-200 px-5 py-3 dark:border-neutral-800">
        {footer}
      </footer>
    </Dialog>
  );
}
