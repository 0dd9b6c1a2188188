// Turns stored profile rows into the API's ProfileView (spec-1 §2 display rules), with the
// attributes the viewer may see (docs/profiles-and-media.md "Who sees what"): every profile answer
// goes through here.
import {
  type AttributeAudiences,
  audiencesOf,
  SENSITIVE_ATTRIBUTES,
  type ViewerStanding,
  visibleAttributes,
} from "../../../domain/audiences";
import type { ProfilePrivacy, ProfileView } from "../../../domain/contracts/profiles";
import { displayHandle } from "../../../domain/handles";
import { openFollowLists } from "../../policy/follow-lists";
import { attributesOfRow } from "./attribute-columns";
import { asVerification } from "./person";
import type { ShownProfileRow } from "./queries";

function privacyOf(p: ShownProfileRow["profile"], audiences: AttributeAudiences): ProfilePrivacy {
  return {
    audiences,
    demographicSearch: p.demographicSearch,
    consented: SENSITIVE_ATTRIBUTES.filter((key) => p.sensitiveConsents[key] !== undefined),
    noticeDue: p.audienceNoticeDue,
  };
}

/** `postsSeen`: whether this viewer may see the owner's posts (policy/visibility.ts seesPostsOf);
 * the owner's own answers leave it out. */
export function presentProfile(
  row: ShownProfileRow,
  standing: ViewerStanding,
  { postsSeen }: { postsSeen: boolean } = { postsSeen: true },
): ProfileView {
  const p = row.profile;
  const pics = row.pics;
  const isOwner = standing === "owner";
  const audiences = audiencesOf(p.attributeAudiences);
  return {
    userId: p.userId,
    handle: displayHandle({
      username: p.username,
      defaultUsername: p.defaultUsername,
      emailAddress: p.emailAddress,
    }),
    username: p.username,
    defaultUsername: p.defaultUsername,
    fullName: p.fullName,
    chtchtEmail: p.chtchtEmail,
    profileImageUrl: p.profileImageUrl,
    bannerUrl: p.bannerUrl,
    verificationType: asVerification(p.verificationType),
    veteran: p.veteran,
    about: p.about,
    websiteUrl: p.websiteUrl,
    websiteVerified: p.websiteUrl !== null && p.websiteVerifiedAt !== null,
    counts: { friends: p.friendsCount, following: p.followingCount, followers: p.followersCount },
    privateAccount: p.privateAccount,
    postsHidden: p.privateAccount && !postsSeen && !isOwner ? "private" : null,
    lists: openFollowLists(p, standing),
    attributes: visibleAttributes(attributesOfRow(p), audiences, standing),
    pictures: [
      pics?.userpic1 ?? null,
      pics?.userpic2 ?? null,
      pics?.userpic3 ?? null,
      pics?.userpic4 ?? null,
      pics?.userpic5 ?? null,
      pics?.userpic6 ?? null,
      pics?.userpic7 ?? null,
      pics?.userpic8 ?? null,
      pics?.userpic9 ?? null,
    ],
    isOwner,
    emailAddress: isOwner ? p.emailAddress : null,
    privacy: isOwner ? privacyOf(p, audiences) : null,
  };
}
