// spec-2 §2, §9: entries newest first, under New / Yesterday / Last 7 days / Last 30 days / Older;
// only sections that hold something are shown.
import {
  ACTIVITY_BUCKETS,
  type ActivityBucket,
  activityBucket,
} from "../../../domain/activity-buckets";
import type { ActivityGroup } from "../../../domain/contracts/activity";

export interface ActivitySection {
  bucket: ActivityBucket;
  groups: ActivityGroup[];
}

const time = (group: ActivityGroup) => {
  const at = Date.parse(group.lastEventAt);
  return Number.isNaN(at) ? 0 : at;
};

export function activitySections(groups: readonly ActivityGroup[], now: Date): ActivitySection[] {
  const newestFirst = [...groups].sort((a, b) => time(b) - time(a));
  return ACTIVITY_BUCKETS.map((bucket) => ({
    bucket,
    groups: newestFirst.filter((g) => activityBucket(new Date(time(g)), now) === bucket),
  })).filter((section) => section.groups.length > 0);
}
