// What an entry says (spec-2 §3 activity entry): 'Ada Lovelace and 2 others liked your post', for
// private accounts 'asked to follow you', 'accepted your follow request'
// (docs/social-and-realtime.md "Private accounts"), 'mentioned you' ("Mentions"), 'reposted your
// post' and 'quoted your post' ("Reposts and quotes in Activity"); and what became of the reader's
// report, which names no one (docs/safety.md "Reporters hear back").
import type { ActivityGroup, ActivityGroupType } from "../../../domain/contracts/activity";
import { displayName } from "../../../domain/display-name";
import { reportOutcomeSentence } from "../../../domain/report-outcomes";

export interface ActivitySentence {
  /** The most recent actor's name, shown in bold; empty when the entry names no one. */
  actor: string;
  /** Everything after the name: ' and 2 others liked your post'. */
  rest: string;
}

/** The post author's handle from a post path such as '/ada/hello-world'. */
function postAuthorHandle(target: string | null): string | null {
  const first = target?.split("/")[1];
  return first ? first.replace(/^@/, "").toLowerCase() : null;
}

/**
 * COMMENT groups cover comments on the reader's post and replies to the reader's comments. Only
 * replies can reach the reader on someone else's post, so a post by another handle means a reply.
 */
function commentVerb(group: ActivityGroup, viewerHandle: string | null | undefined): string {
  const author = postAuthorHandle(group.target);
  if (author && viewerHandle && author !== viewerHandle.toLowerCase()) {
    return "replied to your comment";
  }
  return "commented on your post";
}

/** What each kind of group says; a comment's words depend on whose post it is. */
const VERBS: Record<Exclude<ActivityGroupType, "COMMENT" | "REPORT_OUTCOME">, string> = {
  LIKE: "liked your post",
  FOLLOW: "started following you",
  FOLLOW_REQUEST: "asked to follow you",
  FOLLOW_ACCEPTED: "accepted your follow request",
  MENTION: "mentioned you",
  REPOST: "reposted your post",
  QUOTE: "quoted your post",
};

export function activitySentence(
  group: ActivityGroup,
  viewerHandle: string | null | undefined,
): ActivitySentence {
  if (group.groupType === "REPORT_OUTCOME") {
    const outcome = group.reportOutcome;
    return {
      actor: "",
      rest: outcome
        ? reportOutcomeSentence(outcome.outcome, outcome.targetType)
        : "We reviewed your report.",
    };
  }
  const first = group.actorsRecent[0];
  const actor = first ? displayName(first) : "Someone";
  const others = Math.max(0, group.actorCount - 1);
  const and = others === 0 ? "" : ` and ${others} ${others === 1 ? "other" : "others"}`;
  const type = group.groupType;
  const verb = type === "COMMENT" ? commentVerb(group, viewerHandle) : VERBS[type];
  return { actor, rest: `${and} ${verb}` };
}
