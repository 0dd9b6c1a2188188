// Opening an entry (spec-2 §4, §8): marks its group read, then goes to its post or profile (a
// mention from elsewhere: the post on its server); a deleted post or a missing target stays here
// with a toast instead. A report's outcome is all there is to read: opening it only marks it read.
import { useNavigate } from "react-router";
import type { ActivityGroup } from "../../../domain/contracts/activity";
import { toast } from "../../lib/toast";
import { groupRefOf, useMarkGroupReadMutation } from "../../state/queries/activity";

/** Only paths inside this app are followed. */
const isAppPath = (path: string) =>
  path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");

/** A post from elsewhere that mentions the reader opens on its own server, in a new tab. */
const isWebAddress = (target: string) => /^https?:\/\//i.test(target);

export function useOpenActivity(): (group: ActivityGroup) => void {
  const navigate = useNavigate();
  const { mutate: markRead } = useMarkGroupReadMutation();
  return (group) => {
    if (group.unread) markRead(groupRefOf(group));
    if (group.groupType === "REPORT_OUTCOME") return;
    if (group.postDeleted) {
      toast.error("Post not available", { description: "This post is no longer available." });
      return;
    }
    if (group.target && group.noteId && isWebAddress(group.target)) {
      window.open(group.target, "_blank", "noopener,noreferrer");
      return;
    }
    if (!group.target || !isAppPath(group.target)) {
      toast.error("Error", { description: "Unable to open this post." });
      return;
    }
    void navigate(group.target);
  };
}
