// 'Messages' (docs/mail.md "Who can be written to"): 'Who can message me', everyone until the
// person chooses the people they follow, their friends or nobody. It decides who may start a
// conversation, here or by e-mail from outside; conversations they have written in go on, which
// the section says. The choice is a draft until Save; a refused save keeps it and says why.
import { useState } from "react";
import type { MailSettings } from "../../../domain/contracts/mail";
import { MESSAGE_CHOICE_LABELS, type WhoMay } from "../../../domain/reply-controls";
import { Button } from "../../components/controls/button";
import { WhoMayChoice } from "../../components/form/who-may-choice";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import {
  useMailSettingsQuery,
  useSaveMailSettingsMutation,
} from "../../state/queries/mail-settings";
import { listState, muted, SettingsSection } from "./settings-section";

export const WHO_CAN_MESSAGE = "Who can message me";

export const MESSAGES_SENTENCE =
  "Who can start a conversation with you, here or by e-mail to your address. Conversations you have written in go on whatever you choose; block someone to stop theirs.";

function MessagesForm({ saved }: { saved: MailSettings }) {
  const save = useSaveMailSettingsMutation();
  const [draft, setDraft] = useState<WhoMay>(saved.whoCanMessage);
  const [failure, setFailure] = useState<string | null>(null);

  const onSave = () => {
    setFailure(null);
    save.mutate(
      { whoCanMessage: draft },
      {
        onSuccess: () => toast.success("Message settings saved"),
        onError: (error) =>
          setFailure(
            `${errorMessage(error, "Could not save who can message you.")} Your choice is still here; please try again.`,
          ),
      },
    );
  };

  return (
    <div className="space-y-3 py-3">
      <WhoMayChoice
        name="who-can-message"
        legend={WHO_CAN_MESSAGE}
        description={MESSAGES_SENTENCE}
        labels={MESSAGE_CHOICE_LABELS}
        value={draft}
        onChange={setDraft}
      />
      <p className={`text-sm ${muted}`}>
        Friends are people you follow who follow you back. Mail from outside addresses reaches you
        only as an answer to mail you sent, unless you choose Everyone.
      </p>
      {failure ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {failure}
        </p>
      ) : null}
      <Button onClick={onSave} busy={save.isPending} disabled={draft === saved.whoCanMessage}>
        Save
      </Button>
    </div>
  );
}

export function MessagesSection() {
  const query = useMailSettingsQuery();
  return (
    <SettingsSection title="Messages">
      {listState(query, "Could not load your message settings.") ??
        (query.data ? <MessagesForm saved={query.data} /> : null)}
    </SettingsSection>
  );
}
