// "Your data" (docs/accounts.md "Your data"): 'Download my data' asks the server for a zip of
// everything the person has here; the server builds it in the background, so the section shows
// its progress (kept on the server: a reload finds it), then the download link, which works for
// 7 days and is also e-mailed. A new copy may be asked for once a day.
import { Download } from "lucide-react";
import { useState } from "react";
import type { ExportStateResponse, ExportView } from "../../../domain/contracts/export";
import { formatCount } from "../../../domain/numbers";
import { longDateLabel } from "../../../domain/time-labels";
import { Button, buttonClass } from "../../components/controls/button";
import { FormMessage } from "../../components/form/form-message";
import { errorMessage } from "../../lib/api";
import { useExportQuery, useRequestExportMutation } from "../../state/queries/export";
import { listState, muted, SettingsSection } from "./settings-section";

const STAGE_LABELS: Record<NonNullable<ExportView["progress"]["stage"]>, string> = {
  "profile.json": "your profile",
  "posts.json": "your posts",
  "comments.json": "your comments",
  "likes.json": "your likes",
  "bookmarks.json": "your bookmarks",
  "reposts.json": "your reposts",
  "following.csv": "who you follow",
  "followers.csv": "your followers",
  "mail.mbox": "your mail",
  media: "your photos",
  "README.txt": "the last details",
};

export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function Building({ view }: { view: ExportView }) {
  const { done, total, stage } = view.progress;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="mt-3 space-y-2">
      <p role="status" className="font-semibold">
        Preparing your data{stage ? `: ${STAGE_LABELS[stage]}` : ""}…
      </p>
      <div
        role="progressbar"
        aria-label="Preparing your data"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800"
      >
        <div
          className="h-full rounded-full bg-primary transition-all"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className={`text-sm ${muted}`}>
        {total > 0 ? `${formatCount(done)} of ${formatCount(total)} items. ` : ""}You can leave this
        page; we will e-mail you a link when it is ready.
      </p>
    </div>
  );
}

function Ready({ view }: { view: ExportView }) {
  return (
    <div className="mt-3 space-y-2">
      <p className="font-semibold">Your data is ready.</p>
      <a
        href={view.downloadUrl ?? undefined}
        download
        className={buttonClass({ variant: "primary" }, "w-full sm:w-auto")}
      >
        <Download aria-hidden="true" className="size-4" />
        Download ({formatSize(view.sizeBytes ?? 0)})
      </a>
      {view.expiresAt ? (
        <p className={`text-sm ${muted}`}>
          The link works until {longDateLabel(new Date(view.expiresAt))}. We also sent it to you by
          e-mail.
        </p>
      ) : null}
    </div>
  );
}

function AskButton({ state, label }: { state: ExportStateResponse; label: string }) {
  const request = useRequestExportMutation();
  const [error, setError] = useState<string | null>(null);
  if (state.nextRequestAt) {
    return (
      <p className={`mt-3 text-sm ${muted}`}>
        You can ask for a new copy on {longDateLabel(new Date(state.nextRequestAt))}.
      </p>
    );
  }
  return (
    <div className="mt-3 space-y-2">
      <Button
        busy={request.isPending}
        onClick={() => {
          setError(null);
          request.mutate(undefined, {
            onError: (failure) =>
              setError(errorMessage(failure, "Could not start the export. Please try again.")),
          });
        }}
      >
        {label}
      </Button>
      {error ? <FormMessage>{error}</FormMessage> : null}
    </div>
  );
}

export function ExportSection() {
  const query = useExportQuery();
  const waiting = listState(query, "Failed to load your data export");
  const state = query.data;
  const view = state?.export ?? null;
  return (
    <SettingsSection title="Your data">
      <p className={`mt-1 text-sm ${muted}`}>
        A zip of your profile, posts, comments, likes, follows, mail and photos.
      </p>
      {waiting ??
        (state ? (
          <>
            {view?.status === "building" ? <Building view={view} /> : null}
            {view?.status === "ready" ? <Ready view={view} /> : null}
            {view?.status === "failed" ? (
              <p role="alert" className="mt-3 font-semibold">
                We could not prepare your data.
              </p>
            ) : null}
            {view?.status !== "building" ? (
              <AskButton
                state={state}
                label={view?.status === "failed" ? "Try again" : "Download my data"}
              />
            ) : null}
          </>
        ) : null)}
    </SettingsSection>
  );
}
