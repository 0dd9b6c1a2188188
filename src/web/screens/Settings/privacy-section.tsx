// 'Privacy' (docs/social-and-realtime.md "Private accounts"): the private account switch, who
// may open the followers and following lists, and whether Everyone details go to other servers
// (docs/federation.md "What a remote server sees"). The choices are a draft until Save; a refused save
// keeps them on screen and says why under the form. Turning private off approves every waiting
// request, which the form says before the save and the toast counts after it.
import { useState } from "react";
import type { AccountPrivacy } from "../../../domain/contracts/follow-requests";
import { Button } from "../../components/controls/button";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import {
  useAccountPrivacyQuery,
  useSaveAccountPrivacyMutation,
} from "../../state/queries/account-privacy";
import { AudienceChoice } from "./audience-choice";
import { listState, muted, SettingsSection } from "./settings-section";
import { SwitchRow } from "./switch-row";

export const DETAILS_ELSEWHERE_SENTENCE =
  "Details you show to Everyone appear on your profile on other servers (Mastodon and the rest of the fediverse). Race, sexuality, religion, salary and net worth never do. Other servers may keep copies they already received.";

export const PRIVATE_ACCOUNT_SENTENCE =
  "When your account is private, people must ask to follow you, and only the followers you approve see your posts.";

const LISTS = [
  {
    key: "followersAudience",
    legend: "Followers list",
    description: "Who can open the list of people who follow you.",
  },
  {
    key: "followingAudience",
    legend: "Following list",
    description: "Who can open the list of people you follow.",
  },
] as const;

const savedText = (approved: number) =>
  approved === 0
    ? "Privacy settings saved"
    : `Privacy settings saved. ${approved} waiting follow ${approved === 1 ? "request was" : "requests were"} approved.`;

function PrivacyForm({ saved }: { saved: AccountPrivacy }) {
  const save = useSaveAccountPrivacyMutation();
  const [draft, setDraft] = useState<AccountPrivacy>(saved);
  const [failure, setFailure] = useState<string | null>(null);
  const changed = (Object.keys(saved) as (keyof AccountPrivacy)[]).some(
    (key) => draft[key] !== saved[key],
  );

  const onSave = () => {
    setFailure(null);
    save.mutate(draft, {
      onSuccess: (answer) => {
        const { approved: _approved, ...now } = answer;
        setDraft(now);
        toast.success(savedText(answer.approved));
      },
      onError: (error) =>
        setFailure(
          `${errorMessage(error, "Could not save your privacy settings.")} Your choices are still here; please try again.`,
        ),
    });
  };

  return (
    // Not a <form>: inside one, Radix's switch adds a hidden input it measures as it mounts.
    <div>
      <SwitchRow
        label="Private account"
        description={PRIVATE_ACCOUNT_SENTENCE}
        checked={draft.privateAccount}
        onChange={(on) => setDraft({ ...draft, privateAccount: on })}
      />
      {saved.privateAccount && !draft.privateAccount ? (
        <p className="pb-3 text-sm text-amber-800 dark:text-amber-300">
          Anyone still waiting for your answer will follow you once you save.
        </p>
      ) : null}
      <div className="divide-y divide-neutral-200 border-t border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
        {LISTS.map(({ key, legend, description }) => (
          <AudienceChoice
            key={key}
            name={key}
            legend={legend}
            description={description}
            value={draft[key]}
            onChange={(audience) => setDraft({ ...draft, [key]: audience })}
          />
        ))}
      </div>
      <p className={`pb-3 text-sm ${muted}`}>
        Your friends list opens to whoever may open both lists.
      </p>
      <div className="border-t border-neutral-200 dark:border-neutral-800">
        <SwitchRow
          label="Show these details on other servers"
          description={DETAILS_ELSEWHERE_SENTENCE}
          checked={draft.detailsElsewhere}
          onChange={(on) => setDraft({ ...draft, detailsElsewhere: on })}
        />
      </div>
      {failure ? (
        <p role="alert" className="pb-3 text-sm text-red-700 dark:text-red-400">
          {failure}
        </p>
      ) : null}
      <Button onClick={onSave} busy={save.isPending} disabled={!changed}>
        Save
      </Button>
    </div>
  );
}

export function PrivacySection() {
  const query = useAccountPrivacyQuery();
  return (
    <SettingsSection title="Privacy">
      {listState(query, "Could not load your privacy settings.") ??
        (query.data ? <PrivacyForm saved={query.data} /> : null)}
    </SettingsSection>
  );
}
