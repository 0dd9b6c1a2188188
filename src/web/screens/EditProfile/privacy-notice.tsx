// The one-time notice about who sees what (docs/profiles-and-media.md "Who sees what"): shown on
// the first visit to Edit Profile after audiences came, for people who had filled in details
// before. It says where the new controls are and which sensitive details stay visible to everyone
// until changed, leads to the Details section, and tells the server once that it has been shown.
import { ShieldCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { ATTRIBUTE_LABELS } from "../../../domain/attribute-labels";
import { SENSITIVE_ATTRIBUTES } from "../../../domain/audiences";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { Button } from "../../components/controls/button";
import { usePrivacyNoticeShownMutation } from "../../state/queries/profiles";

/** 'race', 'race and religion', 'race, religion and salary'. */
function listed(words: string[]): string {
  const last = words.at(-1) ?? "";
  return words.length < 2 ? last : `${words.slice(0, -1).join(", ")} and ${last}`;
}

/** The sensitive details filled in and visible to everyone, as the notice names them. */
function stillShown(profile: ProfileView): string[] {
  const audiences = profile.privacy?.audiences;
  return SENSITIVE_ATTRIBUTES.filter(
    (key) => profile.attributes[key] !== null && audiences?.[key] === "everyone",
  ).map((key) => ATTRIBUTE_LABELS[key].toLowerCase());
}

export function PrivacyNotice({
  profile,
  onGoToDetails,
}: {
  profile: ProfileView;
  onGoToDetails: () => void;
}) {
  const { mutate } = usePrivacyNoticeShownMutation(profile.userId);
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    mutate();
  }, [mutate]);

  const sensitive = stillShown(profile);
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sky-950 sm:flex-row sm:items-center sm:justify-between dark:border-sky-900 dark:bg-sky-950/60 dark:text-sky-100"
    >
      <p className="flex items-start gap-2 text-sm">
        <ShieldCheck aria-hidden="true" size={18} className="mt-0.5 shrink-0" />
        <span className="min-w-0">
          Each detail now has a ‘Who can see’ control: Everyone, Friends or Only me.
          {sensitive.length > 0
            ? ` Your ${listed(sensitive)} stay${sensitive.length === 1 ? "s" : ""} visible to everyone until you change ${sensitive.length === 1 ? "it" : "them"}.`
            : null}
        </span>
      </p>
      <Button variant="secondary" className="shrink-0" onClick={onGoToDetails}>
        Go to Details
      </Button>
    </div>
  );
}
