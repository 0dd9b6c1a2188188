// The reported thing as moderators see it (docs/safety.md "Moderate"): its context (the post a
// comment is on, a message's subject), its words and first image, whether it is removed, and a
// link to it in place. Shown by the report queue and by each appeal.
import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import type { z } from "zod";
import type { reportedContent } from "../../../domain/contracts/safety";
import type { ReportTarget } from "../../../domain/report-reasons";

const mark = "rounded-full px-2 py-0.5 text-xs font-semibold";
const muted = "text-neutral-600 dark:text-neutral-400";

export function ReportedContent({
  targetType,
  content,
}: {
  targetType: ReportTarget;
  content: z.infer<typeof reportedContent> | null;
}) {
  if (!content) return null;
  return (
    <div className="space-y-2 rounded-2xl bg-neutral-50 p-3 dark:bg-neutral-950/60">
      {content.context ? (
        <p className={`text-xs ${muted}`}>
          {targetType === "message" ? "Thread: " : "On: "}
          {content.context}
        </p>
      ) : null}
      <div className="flex gap-3 empty:hidden">
        {content.text ? (
          <p className="min-w-0 flex-1 break-words whitespace-pre-wrap">{content.text}</p>
        ) : null}
        {content.imageUrl ? (
          <a href={content.imageUrl} target="_blank" rel="noreferrer" className="shrink-0">
            <img
              src={content.imageUrl}
              alt={`Attached to the reported ${targetType}`}
              className="size-20 rounded-xl border border-neutral-200 object-cover dark:border-neutral-800"
            />
          </a>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {content.removed ? (
          <span
            className={`${mark} bg-neutral-200 text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200`}
          >
            Removed
          </span>
        ) : null}
        {content.href ? (
          <Link
            to={content.href}
            className="inline-flex items-center gap-1 font-semibold text-sky-700 hover:underline dark:text-sky-400"
          >
            See it in place
            <ExternalLink aria-hidden="true" size={14} />
          </Link>
        ) : null}
      </div>
    </div>
  );
}
