// Domain events: what services publish after a commit. The gateway turns them into wire messages
// for the users allowed to see them; other subscribers (activity, caches) may listen too.
export interface FollowCounts {
  friends: number;
  following: number;
  followers: number;
}

export type DomainEvent = {
  type: "follow.changed";
  followerId: string;
  followingId: string;
  following: boolean;
  followerCounts: FollowCounts;
  followingCounts: FollowCounts;
};
