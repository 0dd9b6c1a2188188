// /{handle} (spec-1 §2 "Profile screen", §4 profile page states): loading, not found, failed or
// the profile. Reloads on 'profile:refresh'; any other handle the profile answers to (another
// letter case, the default username, a released name) moves to the canonical address; the owner
// of a lapsed username sees the grace banner; a person the viewer blocks shows no posts
// (docs/safety.md), nor does a private account to anyone but its approved followers
// (docs/social-and-realtime.md "Private accounts"); <head> carries the title and link-preview tags.

import { useParams } from "react-router";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { displayName } from "../../../domain/display-name";
import { normalizeHandle } from "../../../domain/handles";
import { pageText } from "../../../domain/page-titles";
import { UsernameGraceNotice } from "../../components/account/username-grace-notice";
import { Page } from "../../components/layout/page";
import { type PageMetaInput, usePageMeta } from "../../lib/document-head";
import { useProfileRefresh } from "../../lib/profile-refresh";
import { useSite } from "../../lib/site-config";
import { useCanonicalHandle } from "../../state/canonical-handle";
import { useProfileQuery } from "../../state/queries/profiles";
import { useSessionUser } from "../../state/queries/session";
import { useMyUsernameQuery } from "../../state/queries/usernames";
import { useWatchProfile } from "../../state/realtime-provider";
import { HiddenWhenBlocked } from "./profile-blocked";
import { ProfileDetails } from "./profile-details";
import { ProfileHeader } from "./profile-header";
import { ProfilePictures } from "./profile-pictures";
import { ProfilePrivate } from "./profile-private";
import { ProfileLoadError, ProfileNotFound, ProfileSkeleton } from "./profile-states";
import { ProfileTabs } from "./profile-tabs";

/** The same meta the server puts into the HTML for crawlers (server/modules/profiles/profile-meta). */
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
  const query = useProfileQuery(handle);
  const { user } = useSessionUser();
  const { siteName } = useSite();
  const profile = query.data;
  useWatchProfile(profile?.userId);

  useProfileRefresh(() => void query.refetch());

  useCanonicalHandle(profile, handle);
  const isOwner = Boolean(profile && (profile.isOwner || user?.id === profile.userId));
  const mine = useMyUsernameQuery({ enabled: isOwner });

  usePageMeta(
    profile
      ? profileMeta(profile, siteName)
      : query.isNotFound
        ? notFoundMeta(handle, siteName)
        : null,
  );

  if (profile) {
    return (
      <Page className="space-y-4">
        {isOwner && mine.data?.status === "grace" ? (
          <UsernameGraceNotice owned={mine.data} renewTo={`/${profile.handle}/edit-profile`} />
        ) : null}
        <ProfileHeader profile={profile} isOwner={isOwner} />
        <ProfileDetails attributes={profile.attributes} privacy={profile.privacy} />
        <ProfilePictures pictures={profile.pictures} name={displayName(profile)} />
        <HiddenWhenBlocked userId={profile.userId} handle={profile.handle}>
          {profile.postsHidden === "private" ? (
            <ProfilePrivate profile={profile} />
          ) : (
            <ProfileTabs userId={profile.userId} />
          )}
        </HiddenWhenBlocked>
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
