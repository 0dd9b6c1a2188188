// The notification settings' use-cases (docs/notifications.md "Kinds and channels"): reading and
// changing them from Settings, and turning e-mails off for a one-click unsubscribe
// (modules/notifications/unsubscribe.ts).
import {
  lockedReason,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsPatch,
  notificationChannels,
  notificationKinds,
} from "../../../domain/contracts/notification-settings";
import { ERROR_CODES } from "../../../domain/error-codes";
import { clockOf, minutesOf } from "../../../domain/quiet-hours";
import type { AppContext } from "../../context";
import { badRequest } from "../../errors";
import { switchOf } from "./channels";
import {
  type Choice,
  readChoices,
  readSettingsRow,
  turnOffEmail,
  writeChoices,
  writeSettingsRow,
} from "./queries";

type SettingsDeps = Pick<AppContext, "db" | "config">;

export async function notificationSettingsOf(
  deps: SettingsDeps,
  { viewerId }: { viewerId: string },
): Promise<NotificationSettings> {
  const [choices, row] = await Promise.all([
    readChoices(deps.db, viewerId),
    readSettingsRow(deps.db, viewerId),
  ]);
  const matrix = Object.fromEntries(
    notificationKinds.map((kind) => [
      kind,
      Object.fromEntries(
        notificationChannels.map((channel) => [channel, switchOf(choices, kind, channel)]),
      ),
    ]),
  ) as NotificationSettings["matrix"];
  const { quiet } = row;
  return {
    matrix,
    messagePreviews: row.messagePreviews,
    quietHours: quiet && {
      start: clockOf(quiet.start),
      end: clockOf(quiet.end),
      timeZone: quiet.timeZone,
    },
    filterNewAccounts: row.filterNewAccounts,
  };
}

/** The switches a patch sets; 400 naming the first locked one it would turn off. */
function choicesOf(matrix: NotificationSettingsPatch["matrix"]): Choice[] {
  const choices: Choice[] = [];
  for (const kind of notificationKinds) {
    for (const channel of notificationChannels) {
      const enabled = matrix?.[kind]?.[channel];
      if (enabled === undefined) continue;
      const locked = lockedReason(kind, channel);
      if (locked && !enabled) {
        throw badRequest(ERROR_CODES.validation, locked, {
          [`matrix.${kind}.${channel}`]: [locked],
        });
      }
      if (!locked) choices.push({ kind, channel, enabled });
    }
  }
  return choices;
}

export async function updateNotificationSettings(
  deps: SettingsDeps,
  { viewerId, patch }: { viewerId: string; patch: NotificationSettingsPatch },
): Promise<NotificationSettings> {
  const choices = choicesOf(patch.matrix);
  const { quietHours } = patch;
  await deps.db.transaction(async (tx) => {
    await writeChoices(tx, viewerId, choices);
    await writeSettingsRow(tx, viewerId, {
      messagePreviews: patch.messagePreviews,
      filterNewAccounts: patch.filterNewAccounts,
      quiet:
        quietHours === undefined
          ? undefined
          : quietHours && {
              start: minutesOf(quietHours.start),
              end: minutesOf(quietHours.end),
              timeZone: quietHours.timeZone,
            },
    });
  });
  return notificationSettingsOf(deps, { viewerId });
}

/** Turns off the e-mails of `kinds` for the person (a one-click unsubscribe). */
export const turnOffEmails = (
  deps: SettingsDeps,
  userId: string,
  kinds: readonly NotificationKind[],
) => turnOffEmail(deps.db, userId, kinds);
