// The rows of 'Follow requests' (docs/federation.md "In the web app"): the requests from people
// here and from people on other servers in one list, newest first. Someone elsewhere is shown as a
// person here is, without a picture (it is on their server; the page's images are our own) and
// linking to their page here, /@name@server.
import type { RemoteFollowRequestView } from "../../../domain/contracts/federation";
import type { FollowRequestView } from "../../../domain/contracts/follow-requests";
import type { PersonSummary } from "../../../domain/contracts/follows";

interface RowBase {
  key: string;
  person: PersonSummary;
  path: string;
  since: string;
}

export type FollowRequestRow =
  | (RowBase & { from: "here"; request: FollowRequestView })
  | (RowBase & { from: "elsewhere"; request: RemoteFollowRequestView });

const hereRow = (request: FollowRequestView): FollowRequestRow => ({
  from: "here",
  key: `here:${request.userId}`,
  person: request,
  path: `/${request.handle}`,
  since: request.since,
  request,
});

const elsewhereRow = (request: RemoteFollowRequestView): FollowRequestRow => ({
  from: "elsewhere",
  key: `elsewhere:${request.id}`,
  person: {
    userId: `fed:${request.id}`,
    fullName: request.name,
    handle: request.handle,
    username: null,
    profileImageUrl: null,
    verificationType: "none",
    veteran: false,
  },
  path: `/@${request.handle}`,
  since: request.since,
  request,
});

/** Both lists, newest first. While older requests from here wait behind Load More, the ones from
 * elsewhere older than the last one loaded wait too, so none is shown out of its place. */
export function followRequestRows(
  here: FollowRequestView[],
  elsewhere: RemoteFollowRequestView[],
  moreHere: boolean,
): FollowRequestRow[] {
  const oldestHere = here.at(-1);
  const cutoff = moreHere && oldestHere ? Date.parse(oldestHere.since) : Number.NEGATIVE_INFINITY;
  const waiting = elsewhere.filter((request) => Date.parse(request.since) >= cutoff);
  return [...here.map(hereRow), ...waiting.map(elsewhereRow)].sort(
    (a, b) => Date.parse(b.since) - Date.parse(a.since),
  );
}
