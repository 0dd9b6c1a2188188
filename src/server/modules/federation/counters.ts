// Follow counters that include people on other servers (docs/federation.md "Follows"): a follow
// that crosses servers moves the same followers, following and friends counters as one between
// two people here; friends are a follow each way, wherever the other person lives.
import type { Db } from "../../db/client";
import { stepFollowCounters } from "../profiles/federated";
import {
  acceptFollowing,
  type FollowingRow,
  type FollowState,
  followsRemote,
  remoteFollows,
} from "./queries";

/** A remote person's follow of ours went from `from` to `to` (null: none). */
export async function followerChanged(
  tx: Db,
  {
    userId,
    actorId,
    from,
    to,
  }: { userId: string; actorId: string; from: FollowState | null; to: FollowState | null },
): Promise<void> {
  const was = from === "accepted";
  const is = to === "accepted";
  if (was === is) return;
  const step = is ? 1 : -1;
  const friends = (await followsRemote(tx, { userId, actorId })) ? step : 0;
  await stepFollowCounters(tx, userId, { followers: step, friends });
}

/** Our person's follow of a remote one was accepted (step 1: it was pending until now), or an
 * accepted one ended (step -1: already removed). */
export async function acceptedFollowing(
  tx: Db,
  following: Pick<FollowingRow, "userId" | "actorId">,
  step: 1 | -1 = 1,
): Promise<void> {
  if (step === 1 && !(await acceptFollowing(tx, following))) return;
  const friends = (await remoteFollows(tx, following)) ? step : 0;
  await stepFollowCounters(tx, following.userId, { following: step, friends });
}
