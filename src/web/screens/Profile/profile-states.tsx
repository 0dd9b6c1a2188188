// The profile page's other states (spec-1 §4): loading, not found, failed.
import { Link } from "react-router";
import { Button, buttonClass } from "../../components/controls/button";
import { LoadError } from "../../components/feedback/load-error";
import { Page } from "../../components/layout/page";
import { useGoBack } from "../../lib/use-go-back";
import { profileLoadErrorText } from "../../state/queries/profiles";

const block = "animate-pulse rounded-full bg-neutral-200 dark:bg-neutral-800";

export function ProfileSkeleton() {
  return (
    <Page>
      <div className="rounded-3xl border border-neutral-200 bg-white p-5 sm:p-8 dark:border-neutral-800 dark:bg-neutral-900">
        <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
          <div aria-hidden="true" className={`${block} size-28 shrink-0 sm:size-32`} />
          <div className="flex w-full flex-col items-center gap-3 sm:items-start sm:pt-2">
            <div aria-hidden="true" className={`${block} h-7 w-48`} />
            <div aria-hidden="true" className={`${block} h-6 w-28`} />
            <p role="status" className="text-sm text-neutral-500 dark:text-neutral-400">
              Loading...
            </p>
          </div>
        </div>
        <div aria-hidden="true" className="mt-6 space-y-2">
          <div className={`${block} h-4 w-full`} />
          <div className={`${block} h-4 w-2/3`} />
        </div>
      </div>
    </Page>
  );
}

/** `message`: what the page says (a person elsewhere gets their own sentence: docs/federation.md
 * "In the web app"). */
export function ProfileNotFound({
  message = "Sorry, we couldn't find that profile.",
}: {
  message?: string;
}) {
  const goBack = useGoBack("/");
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Profile Not Found</h1>
      <p className="text-neutral-600 dark:text-neutral-400">{message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="secondary" onClick={goBack}>
          Back
        </Button>
        <Link to="/" className={buttonClass()}>
          Go Home
        </Link>
      </div>
    </div>
  );
}

export function ProfileLoadError({
  error,
  onRetry,
  busy,
}: {
  error: unknown;
  onRetry: () => void;
  busy: boolean;
}) {
  return (
    <LoadError
      heading
      message={profileLoadErrorText(error)}
      onRetry={onRetry}
      retrying={busy}
      className="mx-auto min-h-[60dvh] max-w-md justify-center px-4 py-16"
    />
  );
}
