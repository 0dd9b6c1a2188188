// Reports that cross servers (docs/federation.md "Reports"): another server's reports of our people
// or posts, and our people's reports of someone elsewhere, newest first, each with what it names,
// the reporter's words and Close.
import { ExternalLink } from "lucide-react";
import type { z } from "zod";
import type { remoteFlagView } from "../../../domain/contracts/federation";
import { Button } from "../../components/controls/button";
import { LoadError } from "../../components/feedback/load-error";
import { TimeStamp } from "../../components/text/time-stamp";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import {
  useCloseRemoteReportMutation,
  useRemoteReportsQuery,
} from "../../state/queries/federation-moderation";

type RemoteFlag = z.infer<typeof remoteFlagView>;

const muted = "text-neutral-600 dark:text-neutral-400";
const mark = "rounded-full px-2 py-0.5 text-xs font-semibold";

/** An address as a moderator reads it: its server and path, without the scheme. */
const shortUri = (uri: string) => uri.replace(/^https?:\/\//, "");

function RemoteReportCard({ flag }: { flag: RemoteFlag }) {
  const close = useCloseRemoteReportMutation();
  const incoming = flag.direction === "in";
  return (
    <article
      aria-label={incoming ? `Report from ${flag.host}` : `Report of someone on ${flag.host}`}
      className="space-y-3 rounded-3xl border border-neutral-200 bg-white p-4 sm:p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <span
          className={`${mark} ${incoming ? "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-100" : "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100"}`}
        >
          {incoming ? `From ${flag.host}` : `By someone here, about ${flag.host}`}
        </span>
        <TimeStamp at={flag.createdAt} className={`text-sm ${muted}`} />
      </header>
      <div className="space-y-1">
        <h3 className={`text-xs font-semibold tracking-wide uppercase ${muted}`}>Reported</h3>
        <ul className="space-y-1 text-sm">
          {flag.objects.map((uri) => (
            <li key={uri} className="min-w-0">
              <a
                href={uri}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex max-w-full items-center gap-1 font-semibold text-sky-700 hover:underline dark:text-sky-400"
              >
                <span className="[overflow-wrap:anywhere]">{shortUri(uri)}</span>
                <span className="sr-only"> (opens in a new tab)</span>
                <ExternalLink aria-hidden="true" size={14} className="shrink-0" />
              </a>
            </li>
          ))}
        </ul>
      </div>
      {flag.content ? (
        <p className="rounded-2xl bg-neutral-50 p-3 text-sm break-words whitespace-pre-wrap dark:bg-neutral-950/60">
          {flag.content}
        </p>
      ) : (
        <p className={`text-sm ${muted}`}>No words from the reporter.</p>
      )}
      <p className={`text-xs [overflow-wrap:anywhere] ${muted}`}>
        Reporter: {shortUri(flag.reporter)}
      </p>
      <div className="flex justify-end">
        <Button
          variant="secondary"
          busy={close.isPending}
          onClick={() =>
            close.mutate(flag.id, {
              onSuccess: () => toast.success("Report closed"),
              onError: (error) =>
                toast.error(errorMessage(error, "Could not close the report. Please try again.")),
            })
          }
        >
          Close
        </Button>
      </div>
    </article>
  );
}

export function RemoteReports() {
  const query = useRemoteReportsQuery();
  const flags = query.data?.items ?? [];
  return (
    <section aria-labelledby="remote-reports-heading" className="space-y-3">
      <h2 id="remote-reports-heading" className="text-lg font-bold">
        Reports across servers
      </h2>
      {query.isPending ? (
        <p role="status" className={`py-10 text-center ${muted}`}>
          Loading reports...
        </p>
      ) : query.isError ? (
        <LoadError
          message="Could not load the reports across servers."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          className="py-10"
        />
      ) : flags.length === 0 ? (
        <p className={`py-10 text-center ${muted}`}>No open reports across servers.</p>
      ) : (
        <ul className="space-y-4">
          {flags.map((flag) => (
            <li key={flag.id}>
              <RemoteReportCard flag={flag} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
