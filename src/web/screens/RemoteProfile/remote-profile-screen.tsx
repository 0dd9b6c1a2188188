// /@name@server.example: a person on another server (docs/federation.md "In the web app"), for
// someone signed in (the router shows the sign-in screen to anyone else). Their server is asked
// once a visit; then loading, not found (their server does not know them, or the handle is no
// handle), failed with Retry, or the person with Follow and the posts of theirs that reached us.
import { useParams } from "react-router";
import { fediverseHandleOf } from "../../../domain/fediverse-handle";
import { pageText } from "../../../domain/page-titles";
import { Page } from "../../components/layout/page";
import { ApiRequestError } from "../../lib/api";
import { usePageMeta } from "../../lib/document-head";
import { useSite } from "../../lib/site-config";
import { useRemoteLookupQuery, useRemotePersonQuery } from "../../state/queries/federation";
import { isNotFoundError } from "../../state/queries/profiles";
import { ProfileLoadError, ProfileNotFound, ProfileSkeleton } from "../Profile/profile-states";
import { RemotePosts } from "./remote-posts";
import { RemoteProfileHeader } from "./remote-profile-header";

/** 404: their server does not know them; 400: the server found no handle in the address. */
const isMissing = (error: unknown) =>
  isNotFoundError(error) || (error instanceof ApiRequestError && error.status === 400);

export function RemoteProfileScreen() {
  const handle = fediverseHandleOf(useParams().handle ?? "") ?? "";
  const { siteName } = useSite();
  const lookup = useRemoteLookupQuery(handle);
  const person = useRemotePersonQuery(lookup.data).data;

  usePageMeta({
    ...pageText(
      { kind: "remote-profile", handle: person?.handle ?? handle.toLowerCase() },
      siteName,
    ),
    canonicalPath: `/@${person?.handle ?? handle.toLowerCase()}`,
    type: "profile",
  });

  if (person) {
    return (
      <Page className="space-y-4">
        <RemoteProfileHeader person={person} />
        <RemotePosts id={person.id} />
      </Page>
    );
  }
  if (handle === "" || (lookup.isError && isMissing(lookup.error))) {
    return <ProfileNotFound message="We could not find that person on their server." />;
  }
  if (lookup.isError) {
    return (
      <ProfileLoadError
        error={lookup.error}
        onRetry={() => void lookup.refetch()}
        busy={lookup.isFetching}
      />
    );
  }
  return <ProfileSkeleton />;
}
