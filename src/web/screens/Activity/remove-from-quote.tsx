// 'Remove from quote' on a quote from elsewhere in Activity (docs/federation.md "Quotes"): the
// reader takes their post out of it; the quote's server is told, and the entry leaves Activity.
import { Unlink } from "lucide-react";
import { useRemoveFromQuoteElsewhereMutation } from "../../state/queries/post-quotes";

export function RemoveFromQuote({ noteId }: { noteId: string }) {
  const remove = useRemoveFromQuoteElsewhereMutation();
  return (
    <span className="relative z-10 block">
      <button
        type="button"
        onClick={() => remove.mutate(noteId)}
        disabled={remove.isPending}
        className="inline-flex items-center gap-1.5 rounded-full px-2 py-1 text-sm font-medium text-neutral-700 hover:bg-neutral-200 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none disabled:opacity-60 dark:text-neutral-300 dark:hover:bg-neutral-800"
      >
        <Unlink aria-hidden="true" size={14} />
        {remove.isPending ? "Removing…" : "Remove from quote"}
      </button>
    </span>
  );
}
