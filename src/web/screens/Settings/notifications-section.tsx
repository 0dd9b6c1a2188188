// 'Notifications' (docs/notifications.md "Kinds and channels"): a table of switches, a row per kind
// of news and a column per channel (in the app, push, e-mail), each saved the moment it is flipped;
// the switches that cannot be turned off say why; whether pushes show a message's words; the filter
// of new accounts ("Requests"); and quiet hours, a daily window in which pushes and e-mails wait.
// A refusal puts the change back and says so under the table.
import { Switch } from "radix-ui";
import { useId, useState } from "react";
import {
  channelLabels,
  kindLabels,
  lockedReason,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsPatch,
  notificationChannels,
  notificationKinds,
} from "../../../domain/contracts/notification-settings";
import { errorMessage } from "../../lib/api";
import {
  useNotificationSettingsMutation,
  useNotificationSettingsQuery,
} from "../../state/queries/notification-settings";
import { QuietHoursForm } from "./quiet-hours-form";
import { listState, muted, SettingsSection } from "./settings-section";
import { SwitchRow, switchRootClass, switchThumbClass } from "./switch-row";

export const SAVE_FAILED = "Could not save your choice.";

export function NotificationsSection() {
  const query = useNotificationSettingsQuery();
  const save = useNotificationSettingsMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const change = (patch: NotificationSettingsPatch, what: string) => {
    setFailure(null);
    save.mutate(patch, {
      onError: (error) =>
        setFailure(`${errorMessage(error, SAVE_FAILED)} ${what} Please try again.`),
    });
  };
  const settings = query.data;
  return (
    <SettingsSection title="Notifications">
      <p className={`mt-1 text-sm ${muted}`}>
        Choose how you hear of each kind of news. E-mails of followers, likes, comments and mentions
        come together in one daily digest; each e-mail has a link to unsubscribe.
      </p>
      {listState(query, "Could not load your notification settings.") ??
        (settings ? (
          <>
            <Matrix settings={settings} change={change} />
            {failure ? (
              <p role="alert" className="pb-1 text-sm text-red-700 dark:text-red-400">
                {failure}
              </p>
            ) : null}
            <SwitchRow
              className="border-t border-neutral-200 dark:border-neutral-800"
              label="Show message words in pushes"
              description="The start of each message in its notification, where anyone may see it."
              checked={settings.messagePreviews}
              onChange={(on) =>
                change(
                  { messagePreviews: on },
                  `Message words are ${on ? "still hidden" : "still shown"}.`,
                )
              }
            />
            <SwitchRow
              className="border-t border-neutral-200 dark:border-neutral-800"
              label="Filter messages and comments from accounts newer than 30 days"
              description="Their comments, replies, mentions and new conversations wait under Requests in Activity and Mail, without notifying you, until you accept them. People you follow are never filtered."
              checked={settings.filterNewAccounts}
              onChange={(on) =>
                change(
                  { filterNewAccounts: on },
                  `New accounts are ${on ? "still not filtered" : "still filtered"}.`,
                )
              }
            />
            <QuietHoursForm
              hours={settings.quietHours}
              saving={save.isPending}
              change={(quietHours, what) => change({ quietHours }, what)}
            />
          </>
        ) : null)}
    </SettingsSection>
  );
}

function Matrix({
  settings,
  change,
}: {
  settings: NotificationSettings;
  change: (patch: NotificationSettingsPatch, what: string) => void;
}) {
  const captionId = useId();
  return (
    <table className="mt-2 w-full border-collapse text-sm" aria-describedby={captionId}>
      <caption id={captionId} className="sr-only">
        How you hear of each kind of news
      </caption>
      <thead>
        <tr className="border-b border-neutral-200 dark:border-neutral-800">
          <th scope="col" className="py-2 text-left font-medium">
            <span className="sr-only">Kind</span>
          </th>
          {notificationChannels.map((channel) => (
            <th
              key={channel}
              scope="col"
              className="w-16 px-1 py-2 text-center font-medium sm:w-24"
            >
              {channelLabels[channel]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
        {notificationKinds.map((kind) => (
          <tr key={kind}>
            <th scope="row" className="py-2.5 pr-2 text-left font-normal">
              {kindLabels[kind]}
            </th>
            {notificationChannels.map((channel) => (
              <td key={channel} className="px-1 py-2.5 text-center">
                <Cell
                  kind={kind}
                  channel={channel}
                  on={settings.matrix[kind][channel]}
                  change={change}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Cell({
  kind,
  channel,
  on,
  change,
}: {
  kind: NotificationKind;
  channel: NotificationChannel;
  on: boolean;
  change: (patch: NotificationSettingsPatch, what: string) => void;
}) {
  const locked = lockedReason(kind, channel);
  const name = `${kindLabels[kind]}: ${channelLabels[channel]}`;
  return (
    <Switch.Root
      checked={on}
      disabled={locked !== null}
      title={locked ?? undefined}
      aria-label={locked ? `${name} (always on: ${locked})` : name}
      onCheckedChange={(next) =>
        change(
          { matrix: { [kind]: { [channel]: next } } },
          `'${name}' is ${next ? "still off" : "still on"}.`,
        )
      }
      className={`${switchRootClass} mx-auto block`}
    >
      <Switch.Thumb className={switchThumbClass} />
    </Switch.Root>
  );
}
