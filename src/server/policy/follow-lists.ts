// Who may open a person's follower, following and friends lists (docs/social-and-realtime.md
// "Private accounts"): each of the first two has its own audience (domain/audiences.ts, Only me by
// default); the friends list, which is in both, opens to whoever may open both.

import { AUDIENCES, type Audience, mayView, type ViewerStanding } from "../../domain/audiences";
import type { FollowListKind } from "../../domain/contracts/follows";

/** The two audiences as stored. */
export interface ListAudiences {
  followersAudience: string;
  followingAudience: string;
}

/** A stored audience; a value this code does not know reads as Only me. */
export const asAudience = (stored: string): Audience =>
  (AUDIENCES as readonly string[]).includes(stored) ? (stored as Audience) : "only_me";

/** Which of the three lists a viewer of this standing may open. */
export function openFollowLists(
  audiences: ListAudiences,
  standing: ViewerStanding,
): Record<FollowListKind, boolean> {
  const followers = mayView(asAudience(audiences.followersAudience), standing);
  const following = mayView(asAudience(audiences.followingAudience), standing);
  return { followers, following, friends: followers && following };
}
