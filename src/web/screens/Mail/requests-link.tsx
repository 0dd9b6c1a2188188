// 'Requests' above the thread list (docs/mail.md "Message requests"): while new conversations from
// accounts newer than 30 days wait, a link to them with how many; nothing otherwise.
import { ChevronRight, Inbox } from "lucide-react";
import { Link } from "react-router";
import { useMessageRequestCount } from "../../state/queries/message-requests";

export function RequestsLink() {
  const { data: count } = useMessageRequestCount();
  if (!count) return null;
  return (
    <Link
      to="/mail?view=requests"
      className="flex items-center gap-3 border-b border-neutral-200 px-4 py-2.5 text-sm transition-colors outline-none hover:bg-neutral-100 focus-visible:bg-sky-50 focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:ring-inset dark:border-neutral-800 dark:hover:bg-neutral-900 dark:focus-visible:bg-neutral-800"
    >
      <Inbox aria-hidden="true" size={18} className="text-amber-700 dark:text-amber-400" />
      <span className="flex-1 font-semibold">
        Requests{" "}
        <span className="font-normal text-neutral-600 dark:text-neutral-400">
          ({count} {count === 1 ? "conversation" : "conversations"})
        </span>
      </span>
      <ChevronRight aria-hidden="true" size={16} className="text-neutral-500" />
    </Link>
  );
}
