// 'E-mails from us' (docs/accounts.md): three switches, each saved the moment it is flipped: new
// followers and comments and likes (told together in one daily digest), and new messages (spec-1
// §8: a notice after an in-app message). A refusal puts the switch back and says so under the list.
import type { EmailPreferences } from "../../../domain/contracts/email-preferences";
import {
  useEmailPreferenceMutation,
  useEmailPreferencesQuery,
} from "../../state/queries/email-preferences";
import { listState, muted, SettingsSection } from "./settings-section";
import { SwitchList, type SwitchSpec } from "./switch-list";

const SWITCHES: SwitchSpec<EmailPreferences>[] = [
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

export function EmailPreferencesSection() {
  const query = useEmailPreferencesQuery();
  const save = useEmailPreferenceMutation();
  return (
    <SettingsSection title="E-mails from us">
      <p className={`mt-1 text-sm ${muted}`}>
        Each e-mail has a link to unsubscribe from it with one click.
      </p>
      {listState(query, "Could not load your e-mail choices.") ??
        (query.data ? <SwitchList switches={SWITCHES} values={query.data} save={save} /> : null)}
    </SettingsSection>
  );
}
