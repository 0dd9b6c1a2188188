// 'E-mails from us' (docs/accounts.md): three switches, each saved the moment it is flipped: new
// followers and comments and likes (told together in one daily digest), and new messages (spec-1
// §8: a notice after an in-app message). A refusal puts the switch back and says so under the list.
import { useState } from "react";
import type { EmailPreferences } from "../../../domain/contracts/email-preferences";
import { errorMessage } from "../../lib/api";
import {
  type SwitchChange,
  useEmailPreferenceMutation,
  useEmailPreferencesQuery,
} from "../../state/queries/email-preferences";
import { listState, muted, SettingsSection } from "./settings-section";
import { SwitchRow } from "./switch-row";

const SWITCHES: { name: keyof EmailPreferences; label: string; description: string }[] = [
  {
    name: "newFollowers",
    label: "New followers",
    description: "Who followed you, in one e-mail a day at most.",
  },
  {
    name: "postActivity",
    label: "Comments and likes on my posts",
    description: "How many, in the same daily e-mail.",
  },
  {
    name: "messages",
    label: "Messages",
    description: "When someone writes to you, at most once a thread every 15 minutes.",
  },
];

export const saveFailed = (change: SwitchChange, error: unknown) =>
  `${errorMessage(error, "Could not save your choice.")} '${SWITCHES.find((s) => s.name === change.name)?.label}' is ${change.on ? "still off" : "still on"}. Please try again.`;

export function EmailPreferencesSection() {
  const query = useEmailPreferencesQuery();
  const save = useEmailPreferenceMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const change = (next: SwitchChange) => {
    setFailure(null);
    save.mutate(next, { onError: (error) => setFailure(saveFailed(next, error)) });
  };
  const prefs = query.data;
  return (
    <SettingsSection title="E-mails from us">
      <p className={`mt-1 text-sm ${muted}`}>
        Each e-mail has a link to unsubscribe from it with one click.
      </p>
      {listState(query, "Could not load your e-mail choices.") ??
        (prefs ? (
          <>
            <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
              {SWITCHES.map(({ name, label, description }) => (
                <li key={name}>
                  <SwitchRow
                    label={label}
                    description={description}
                    checked={prefs[name]}
                    onChange={(on) => change({ name, on })}
                  />
                </li>
              ))}
            </ul>
            {failure ? (
              <p role="alert" className="pb-1 text-sm text-red-700 dark:text-red-400">
                {failure}
              </p>
            ) : null}
          </>
        ) : null)}
    </SettingsSection>
  );
}
