// /{handle}/edit-profile (spec-2 §2): signed-in owner only (RequireAuth stops signed-out visitors
// earlier); anyone else goes to /{handle}. 'Loading profile...', 'Profile not found', or the form.
// It is also where a checkout returns to (spec-2 §4 "Payment return"), and it moves to the
// canonical handle like the profile page (an old default username after a purchase).
import { Link, Navigate, useParams } from "react-router";
import { pageText } from "../../../domain/page-titles";
import { buttonClass } from "../../components/controls/button";
import { LoadError } from "../../components/feedback/load-error";
import { Page } from "../../components/layout/page";
import { usePageMeta } from "../../lib/document-head";
import { useSite } from "../../lib/site-config";
import { useCanonicalHandle } from "../../state/canonical-handle";
import { profileLoadErrorText, useProfileQuery } from "../../state/queries/profiles";
import { EditProfileForm } from "./edit-profile-form";
import { usePaymentReturn } from "./use-payment-return";

export function EditProfileScreen() {
  const { handle = "" } = useParams();
  // Always ask again on arrival: the form starts from what the server has now.
  const query = useProfileQuery(handle, { fresh: true });
  const profile = query.data;
  const settled = profile !== undefined && (query.isFetchedAfterMount || !query.isFetching);

  usePaymentReturn();
  // Only from the fresh answer, by which time the payment return has cleaned the address.
  useCanonicalHandle(settled && profile.isOwner ? profile : undefined, handle);

  usePageMeta(pageText({ kind: "edit-profile" }, useSite().siteName));

  if (profile && settled && !profile.isOwner) return <Navigate to={`/${handle}`} replace />;

  return (
    <Page width="lg">
      <h1 className="mb-4 text-2xl font-bold sm:mb-6">Edit Profile</h1>
      {profile && settled ? (
        // Keyed by person: another account's form never inherits this one's typing.
        <EditProfileForm key={profile.userId} profile={profile} />
      ) : query.isNotFound ? (
        <div className="space-y-4 text-center">
          <p role="alert" className="text-lg font-semibold">
            Profile not found
          </p>
          <Link to="/" className={buttonClass({ variant: "secondary" })}>
            Go Home
          </Link>
        </div>
      ) : query.isError && !profile ? (
        <LoadError
          message={profileLoadErrorText(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <div role="status" className="flex flex-col items-center gap-3 py-16">
          <span
            aria-hidden="true"
            className="size-8 animate-spin rounded-full border-4 border-neutral-300 border-t-sky-600 dark:border-neutral-700 dark:border-t-sky-400"
          />
          <p className="text-neutral-600 dark:text-neutral-400">Loading profile...</p>
        </div>
      )}
    </Page>
  );
}
