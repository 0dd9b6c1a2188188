// Opening an entry (spec-2 §4, §8): marks its group read, then goes to its post or profile; a
// deleted post or a missing target stays here with a toast instead.
import { useNavigate } from "react-router";
import type { ActivityGroup } from "../../../domain/contracts/activity";
import { toast } from "../../lib/toast";
import { useMarkGroupReadMutation } from "../../state/queries/activity";

/** Only paths inside this app are followed. */
const isAppPath = (path: string) =>
  path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");

export function useOpenActivity(): (group: ActivityGroup) => void {
  const navigate = useNavigate();
  const { mutate: markRead } = useMarkGroupReadMutation();
  return (group) => {
    if (group.unread) markRead({ groupType: group.groupType, postId: group.postId });
    if (group.postDeleted) {
      toast.error("Post not available", { description: "This post is no longer available." });
      return;
    }
    if (!group.target || !isAppPath(group.target)) {
      toast.error("Error", { description: "Unable to open this post." });
      return;
    }
    void navigate(group.target);
  };
}
