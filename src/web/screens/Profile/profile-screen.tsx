// /{handle} (spec-1 §2 "Profile screen", §4 profile page states): loading, not found, failed or
// the profile. Reloads on 'profile:refresh'; a handle typed in another case moves to the
// canonical address; <head> carries the profile's title and link-preview tags.

import { useEffect } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { normalizeHandle } from "../../../domain/handles";
import { pageText } from "../../../domain/page-titles";
import { Page } from "../../components/page";
import { type PageMetaInput, usePageMeta } from "../../lib/page-meta";
import { useProfileRefresh } from "../../lib/profile-refresh";
import { useSite } from "../../lib/site-config";
import { useProfileQuery } from "../../state/queries/profiles";
import { useSessionUser } from "../../state/queries/session";
import { useWatchProfile } from "../../state/realtime-provider";
import { ProfileDetails } from "./profile-details";
import { ProfileHeader } from "./profile-header";
import { ProfilePictures } from "./profile-pictures";
import { ProfileLoadError, ProfileNotFound, ProfileSkeleton } from "./profile-states";
import { ProfileTabs } from "./profile-tabs";

/** The same meta the server puts into the HTML for crawlers (server/modules/profiles/page-meta). */
function profileMeta(profile: ProfileView, siteName: string): PageMetaInput {
  const { fullName, handle, about } = profile;
  return {
    ...pageText({ kind: "profile", fullName, handle, about }, siteName),
    image: profile.profileImageUrl,
    canonicalPath: `/${handle}`,
    type: "profile",
  };
}

const notFoundMeta = (handle: string, siteName: string): PageMetaInput => ({
  ...pageText({ kind: "profile-not-found" }, siteName),
  canonicalPath: `/${normalizeHandle(handle)}`,
});

export function ProfileScreen() {
  const { handle = "" } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const query = useProfileQuery(handle);
  const { user } = useSessionUser();
  const { siteName } = useSite();
  const profile = query.data;
  useWatchProfile(profile?.userId);

  useProfileRefresh(() => void query.refetch());

  // /Ada and /ada are one profile: show the canonical address (spec-1 §2, a leading @ is
  // already gone by now, see HandleRoute).
  const canonical = profile?.handle;
  useEffect(() => {
    if (
      canonical &&
      canonical !== handle &&
      normalizeHandle(canonical) === normalizeHandle(handle)
    ) {
      void navigate(
        { pathname: `/${canonical}`, search: location.search, hash: location.hash },
        { replace: true },
      );
    }
  }, [canonical, handle, navigate, location.search, location.hash]);

  usePageMeta(
    profile
      ? profileMeta(profile, siteName)
      : query.isNotFound
        ? notFoundMeta(handle, siteName)
        : null,
  );

  if (profile) {
    const isOwner = profile.isOwner || user?.id === profile.userId;
    return (
      <Page className="space-y-4">
        <ProfileHeader profile={profile} isOwner={isOwner} />
        <ProfileDetails attributes={profile.attributes} />
        <ProfilePictures pictures={profile.pictures} name={profile.fullName || profile.handle} />
        <ProfileTabs userId={profile.userId} />
      </Page>
    );
  }
  if (query.isNotFound || normalizeHandle(handle) === "") return <ProfileNotFound />;
  if (query.isError) {
    return (
      <ProfileLoadError
        error={query.error}
        onRetry={() => void query.refetch()}
        busy={query.isFetching}
      />
    );
  }
  return <ProfileSkeleton />;
}
