// The first-run checklist on the home feed (docs/feed.md "People to follow"): four steps a new
// person takes, each done when their own profile shows it.
import type { ProfileView } from "./contracts/profiles";

/** "Follow 3 people". */
export const FOLLOWS_TO_START = 3;

export type FirstStepKey = "photo" | "details" | "follow" | "username";

export interface FirstStep {
  key: FirstStepKey;
  label: string;
  done: boolean;
}

type StepsProfile = Pick<ProfileView, "profileImageUrl" | "attributes" | "counts" | "username">;

export function firstSteps(profile: StepsProfile): FirstStep[] {
  const filled = Object.values(profile.attributes).some((value) => value !== null && value !== "");
  return [
    { key: "photo", label: "Add a photo", done: profile.profileImageUrl !== null },
    { key: "details", label: "Fill in your details", done: filled },
    {
      key: "follow",
      label: `Follow ${FOLLOWS_TO_START} people`,
      done: profile.counts.following >= FOLLOWS_TO_START,
    },
    { key: "username", label: "Reserve a username", done: profile.username !== null },
  ];
}
